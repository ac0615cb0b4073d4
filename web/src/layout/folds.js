// Panels that fold, so that the scene keeps most of the window: the legend to its
// colours, the scene's description to its first lines, the compare table to its main
// rows, the wrench-space inset and the plots to their titles (style.css, `.folded`).
// Each panel has a button that folds and unfolds it; what a user chose is remembered
// (localStorage) and kept. The panels nobody chose for fold, in that order, while less
// than 60 % of the window is free of panels (70 % when presenting), and unfold again
// when the window grows or a panel goes away. Phones have their drawer instead.
import { coveredFraction, panelCandidates, panelElements } from './panels_on_screen.js';

const STORAGE_KEY = 'contactlab.folds';
const FREE_SHARE = 0.605; // 60 %, and a margin for rounding
const FREE_SHARE_PRESENTING = 0.705; // 70 %, likewise
const PHONE = '(max-width: 600px)';

// The share of the window that no panel covers now.
export function freeShare() {
  const rectangles = panelElements().map((element) => element.getBoundingClientRect());
  return 1 - coveredFraction(rectangles, window.innerWidth, window.innerHeight);
}

// The page's localStorage, or null where the browser refuses it (a page framed by
// another site, with third-party storage blocked, throws on reading it).
function pageStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// The choices stored, {name: folded}: only true and false are taken.
function readChoices(storage) {
  const choices = Object.create(null);
  try {
    const stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
    for (const [name, folded] of Object.entries(stored ?? {})) {
      if (typeof folded === 'boolean') choices[name] = folded;
    }
  } catch {
    // Unreadable: no choices.
  }
  return choices;
}

export class Folds {
  #panels = []; // {name, element, button, labels}, in the order they fold
  #choices; // name -> true (folded) or false (open), as a user chose
  #storage;
  #scheduled = false;

  // Made once every panel is on the page: it watches them all.
  constructor(storage = pageStorage()) {
    this.#storage = storage;
    this.#choices = readChoices(storage);
    const observer = new ResizeObserver(() => this.#schedule());
    for (const element of panelCandidates()) observer.observe(element);
    window.addEventListener('resize', () => this.#schedule());
  }

  // Makes `element` foldable under `name` (what the button says to a screen reader),
  // with its button placed at the end of `buttonParent`; `labels` are the button's text
  // when the panel is {open, folded}.
  add(name, element, buttonParent = element, labels = { open: '▾', folded: '▸' }) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fold-toggle';
    button.addEventListener('click', () => this.choose(name, !element.classList.contains('folded')));
    buttonParent.append(button);
    const panel = { name, element, button, labels };
    this.#panels.push(panel);
    this.#show(panel, this.#choices[name] ?? false);
    this.#schedule();
  }

  // Folds (true) or unfolds (false) the panel `name`, as a user's choice that is kept.
  choose(name, folded) {
    const panel = this.#panels.find((candidate) => candidate.name === name);
    if (!panel) throw new Error(`no foldable panel "${name}"`);
    this.#choices[name] = folded;
    try {
      this.#storage?.setItem(STORAGE_KEY, JSON.stringify(this.#choices));
    } catch {
      // Storage refused (private mode, quota): the choice holds until the page closes.
    }
    this.#show(panel, folded);
    this.fit();
  }

  folded(name) {
    return this.#panels.find((candidate) => candidate.name === name)?.element.classList.contains('folded') ?? null;
  }

  // Unfolds every panel nobody chose for, then folds them in order until the window's
  // free share is reached. Runs in one task: nothing is drawn in between.
  fit() {
    const undecided = this.#panels.filter(({ name }) => !(name in this.#choices));
    for (const panel of undecided) this.#show(panel, false);
    if (window.matchMedia(PHONE).matches) return;
    const wanted = document.body.classList.contains('present') ? FREE_SHARE_PRESENTING : FREE_SHARE;
    for (const panel of undecided) {
      if (freeShare() >= wanted) return;
      this.#show(panel, true);
    }
  }

  #show({ name, element, button, labels }, folded) {
    element.classList.toggle('folded', folded);
    button.textContent = folded ? labels.folded : labels.open;
    button.setAttribute('aria-expanded', String(!folded));
    button.setAttribute('aria-label', `${folded ? 'show all of' : 'fold'} the ${name}`);
  }

  // A panel changed size or the window did: fitted again before the next frame is drawn
  // (not inside the observer's callback, whose size changes it would have to report).
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    requestAnimationFrame(() => {
      this.#scheduled = false;
      this.fit();
    });
  }
}
