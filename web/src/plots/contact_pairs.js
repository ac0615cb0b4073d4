// The body pairs that have been in contact since the scene was loaded, as the plots'
// choices. A choice is a pair of bodies, or a group: one free body and every other
// non-static body touching it (e.g. both fingers on a grasped cube, whose friction
// forces seed 003 adds up). Forces are those on the choice's subject: for a pair the
// free body (not static, not a robot link) when there is one, else the second body;
// for a group its free body.
const KEY_BASE = 1 << 16; // body indices are far below this

function pairKey(a, b) {
  return Math.min(a, b) * KEY_BASE + Math.max(a, b);
}

// Whether a contact between bodyA and bodyB belongs to `choice`, and the sign that
// turns the record's force on bodyB into the force on the choice's subject: 1, -1,
// or 0 when it does not belong.
export function contactSign(choice, bodyA, bodyB) {
  if (choice.kind === 'pair') {
    if (bodyA === choice.other && bodyB === choice.subject) return 1;
    if (bodyA === choice.subject && bodyB === choice.other) return -1;
    return 0;
  }
  if (bodyB === choice.subject && choice.partners.has(bodyA)) return 1;
  if (bodyA === choice.subject && choice.partners.has(bodyB)) return -1;
  return 0;
}

export class ContactPairs {
  // `contactLayout`: the contact record's layout (record_layouts.js).
  constructor(contactLayout) {
    this.stride = contactLayout.stride;
    this.field = contactLayout.offsets(['body_a', 'body_b']);
    this.names = [];
    this.staticBody = [];
    this.linkBody = [];
    this.seen = new Map(); // pairKey -> true
    this.choices = []; // {key, label, kind, subject, other | partners}
    this.version = 0; // changes whenever `choices` does
  }

  // Forgets every pair and learns the bodies of a newly loaded scene.
  setScene(description) {
    this.names = description.bodies.map((body) => body.name);
    this.staticBody = description.bodies.map((body) => body.static);
    this.linkBody = description.bodies.map(() => false);
    for (const articulation of description.articulations ?? []) {
      for (const link of articulation.links) this.linkBody[link.body] = true;
    }
    this.seen.clear();
    this.choices = [];
    this.version += 1;
  }

  isFree(body) {
    return !this.staticBody[body] && !this.linkBody[body];
  }

  // The body whose forces a pair's plots show: the free one, else the non-static one,
  // else b.
  subjectOf(a, b) {
    if (this.isFree(a) !== this.isFree(b)) return this.isFree(a) ? a : b;
    if (this.staticBody[a] !== this.staticBody[b]) return this.staticBody[a] ? b : a;
    return b;
  }

  // Notes the pairs of one step's contacts (a contact view and its count).
  discover(view, count) {
    let added = false;
    for (let i = 0; i < count; i += 1) {
      const base = i * this.stride;
      const a = view[base + this.field.body_a];
      const b = view[base + this.field.body_b];
      const key = pairKey(a, b);
      if (this.seen.has(key)) continue;
      this.seen.set(key, true);
      added = true;
    }
    if (added) this.rebuildChoices();
  }

  rebuildChoices() {
    const pairs = [...this.seen.keys()].sort((x, y) => x - y).map((key) => [Math.floor(key / KEY_BASE), key % KEY_BASE]);
    const choices = [];
    const partners = new Map(); // free body -> its non-static partners
    for (const [a, b] of pairs) {
      const subject = this.subjectOf(a, b);
      const other = subject === a ? b : a;
      choices.push({
        key: `${a}-${b}`,
        label: `${this.names[other]} → ${this.names[subject]}`,
        kind: 'pair',
        subject,
        other,
      });
      for (const [body, partner] of [[a, b], [b, a]]) {
        if (!this.isFree(body) || this.staticBody[partner]) continue;
        if (!partners.has(body)) partners.set(body, new Set());
        partners.get(body).add(partner);
      }
    }
    for (const [body, set] of [...partners.entries()].sort(([x], [y]) => x - y)) {
      if (set.size < 2) continue;
      choices.push({
        key: `all-${body}`,
        label: `all moving bodies → ${this.names[body]}`,
        kind: 'group',
        subject: body,
        partners: set,
      });
    }
    this.choices = choices;
    this.version += 1;
  }

  // The choice with this key or label, or undefined.
  find(keyOrLabel) {
    return this.choices.find((choice) => choice.key === keyOrLabel || choice.label === keyOrLabel);
  }
}
