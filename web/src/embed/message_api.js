// The lab driven by the page that embeds it (docs/embedding.md): requests come by
// postMessage from the parent window, replies and events go back to it. Only the
// parent's messages are read, and only from an accepted origin (accepted_origins.js);
// all others are ignored without a reply. Replies and events are posted to the
// parent's origin by name, never to "*". Requests are checked first
// (embed_messages.js); a malformed one gets an error naming the field.
//
// Events: `ready` once the first scene is loaded, `loaded` after every scene load,
// `stepped` at most every STEPPED_INTERVAL_MS (with the latest step, and always after
// the last step), `error` for every refusal the page shows that a request did not cause,
// and in an exercise `graded` after every Check (announce()).
// They go to the parent once its origin is known: from the browser
// (location.ancestorOrigins, else the referrer) or from its first accepted request.
import { framed } from '../layout/page_modes.js';
import { readRequest } from './embed_messages.js';

const STEPPED_INTERVAL_MS = 100;

// The parent's origin as the browser tells it, or "" when it does not.
function announcedParentOrigin() {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : '';
  } catch {
    return '';
  }
}

export class MessageApi {
  #app;
  #origins;
  #parent = window.parent;
  #parentOrigin = '';
  #answering = false; // while a request is handled, refusals go in its reply
  #lastSteppedMs = -Infinity;
  #steppedTimer = null;

  // `app`: {session, loop, reader, openLink(link) => "" or the error, link() => the
  // page's link, exercise: the open exercise's name or "", grade() => the latest
  // `graded` message or null}; `origins`: the accepted origins.
  constructor(app, origins) {
    this.#app = app;
    this.#origins = origins;
  }

  // Listens, and says `ready` to the parent if the browser has named its origin.
  start() {
    if (!framed()) return;
    window.addEventListener('message', (event) => this.#receive(event));
    const { session } = this.#app;
    session.on('loaded', () => this.#post({ type: 'loaded', ...this.#progress() }));
    session.on('stepped', () => this.#stepped());
    session.on('error', ({ context, message }) => {
      if (!this.#answering) this.#post({ type: 'error', message: `${context}: ${message}` });
    });
    const announced = announcedParentOrigin();
    if (this.#origins.includes(announced)) this.#parentOrigin = announced;
    this.#post({ type: 'ready', ...this.#progress() });
  }

  #receive(event) {
    if (event.source !== this.#parent || !this.#origins.includes(event.origin)) return;
    this.#parentOrigin = event.origin;
    const read = readRequest(event.data);
    if (read.error) {
      this.#post({ type: 'error', id: read.id, message: read.error });
      return;
    }
    this.#answering = true;
    try {
      this.#post(this.#answer(read.request));
    } finally {
      this.#answering = false;
    }
  }

  // An event the page sends of its own accord (an exercise's `graded`).
  announce(message) {
    this.#post({ ...message });
  }

  // A request checked by readRequest => its reply.
  #answer({ type, id, link, count }) {
    const { session, loop, exercise } = this.#app;
    if (type === 'state') return { type: 'state', id, ...this.#state() };
    if (type === 'grade') {
      const grade = this.#app.grade?.() ?? null;
      if (grade) return { ...grade, id };
      const why = exercise ? 'no grade yet: Check has not been pressed' : 'no exercise is open (?exercise=NAME)';
      return { type: 'error', id, request: type, message: why };
    }
    if (type === 'load' && exercise) {
      return { type: 'error', id, request: type, message: `the lab is in the exercise ${exercise}: a link does not open` };
    }
    if (type === 'load') {
      const error = this.#app.openLink(link);
      if (error) return { type: 'error', id, request: type, message: error };
    } else if (type === 'play') {
      loop.play();
    } else if (type === 'pause') {
      loop.pause();
    } else if (type === 'restart') {
      session.reset();
    } else if (type === 'step') {
      loop.pause();
      session.step(count);
    }
    return { type: 'done', id, request: type, ...this.#progress() };
  }

  // Throttled: at most one `stepped` per interval, the last step always told.
  #stepped() {
    if (this.#steppedTimer !== null) return;
    const wait = this.#lastSteppedMs + STEPPED_INTERVAL_MS - performance.now();
    if (wait <= 0) {
      this.#postStepped();
      return;
    }
    this.#steppedTimer = setTimeout(() => {
      this.#steppedTimer = null;
      this.#postStepped();
    }, wait);
  }

  #postStepped() {
    this.#lastSteppedMs = performance.now();
    this.#post({ type: 'stepped', ...this.#progress() });
  }

  #progress() {
    const { session, loop } = this.#app;
    const simulation = session.simulation;
    return {
      scene: simulation.description?.name ?? '',
      time: simulation.time,
      step: simulation.stepCount,
      playing: loop.playing,
    };
  }

  #state() {
    const { session, reader } = this.#app;
    return {
      ...this.#progress(),
      bodies: reader.bodies(session.simulation),
      options: session.simulation.options(),
      link: this.#app.link(),
    };
  }

  #post(message) {
    if (!this.#parentOrigin) return;
    if (message.id === undefined) delete message.id;
    this.#parent.postMessage(message, this.#parentOrigin);
  }
}
