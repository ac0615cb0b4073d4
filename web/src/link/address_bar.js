// Keeps the address bar's fragment on the page's state (docs/links.md), so the address
// is always a link to what is on screen. It rewrites the current history entry
// (replaceState) instead of adding entries, at most once per interval, and drops the
// old ?scene= (the fragment says which scene); other query parameters (the page's
// modes) stay. Emits `written` with the new address. A link that did not open is held
// in the address bar, to be copied, until the user acts (hold).
import { Emitter } from '../session/emitter.js';

export class AddressBar extends Emitter {
  #makeLink;
  #onError;
  #intervalMs;
  #timer = null;
  #last = '';
  #held = false;
  #fixed = false;

  // `makeLink()` returns the link ("#v1.…") or throws; `onError(message)` hears why.
  constructor(makeLink, onError, intervalMs = 500) {
    super();
    this.#makeLink = makeLink;
    this.#onError = onError;
    this.#intervalMs = intervalMs;
  }

  // Follows every change of what is on screen, once a link playing back is done: the
  // session's events, play and pause, the camera's moves and the plotted pair.
  // The session's actions (a scene, an option, a command, a drag, compare mode, the timeline)
  // end a hold; the run stepping and playing, the camera and the plotted pair do not.
  followPage(session, { loop, view, plots }) {
    const request = () => {
      if (session.replayRemaining === 0) this.request();
    };
    const act = () => {
      this.#held = false;
      request();
    };
    for (const name of ['loaded', 'optionsChanged', 'reset', 'commanded', 'dragged', 'compareChanged', 'seeked']) {
      session.on(name, act);
    }
    session.on('stepped', request);
    loop.on('playing', request);
    loop.on('replayed', request);
    view.controls.addEventListener('end', request);
    plots.onChosen = request;
  }

  // Leaves the address as it is (a link that did not open) until release, update or a
  // user's action.
  hold() {
    this.#held = true;
  }

  release() {
    this.#held = false;
    this.request();
  }

  // The address stays as it is for good: an exercise's (its ?exercise= or its exercise
  // link), which a run's link must not replace.
  fix() {
    this.#fixed = true;
  }

  // Asks for an update within the interval (none while held or fixed).
  request() {
    if (this.#fixed || this.#held || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#held) this.update();
    }, this.#intervalMs);
  }

  // Writes the link now and returns it ("" when the state made none, or the address is
  // fixed).
  update() {
    if (this.#fixed) return '';
    this.#held = false;
    let link;
    try {
      link = this.#makeLink();
    } catch (error) {
      this.#onError(error.message ?? String(error));
      return '';
    }
    if (link !== this.#last) {
      const url = new URL(window.location.href);
      url.searchParams.delete('scene');
      url.hash = link;
      window.history.replaceState(window.history.state, '', url);
      this.#last = link;
      this.emit('written', url.href);
    }
    return link;
  }
}
