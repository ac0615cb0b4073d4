// Keeps the address bar's fragment on the page's state (docs/links.md), so the address
// is always a link to what is on screen. It rewrites the current history entry
// (replaceState) instead of adding entries, at most once per interval, and drops the
// old ?scene= (the fragment says which scene); other query parameters (the page's
// modes) stay. Emits `written` with the new address.
import { Emitter } from '../session/emitter.js';

export class AddressBar extends Emitter {
  #makeLink;
  #onError;
  #intervalMs;
  #timer = null;
  #last = '';

  // `makeLink()` returns the link ("#v1.…") or throws; `onError(message)` hears why.
  constructor(makeLink, onError, intervalMs = 500) {
    super();
    this.#makeLink = makeLink;
    this.#onError = onError;
    this.#intervalMs = intervalMs;
  }

  // Follows every change of what is on screen, once a link playing back is done: the
  // session's events, play and pause, the camera's moves and the plotted pair.
  followPage(session, { loop, view, plots }) {
    const request = () => {
      if (session.replayRemaining === 0) this.request();
    };
    for (const name of ['loaded', 'optionsChanged', 'reset', 'commanded', 'compareChanged', 'stepped', 'seeked']) {
      session.on(name, request);
    }
    loop.on('playing', request);
    loop.on('replayed', request);
    view.controls.addEventListener('end', request);
    plots.onChosen = request;
  }

  // Asks for an update within the interval.
  request() {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.update();
    }, this.#intervalMs);
  }

  // Writes the link now and returns it ("" when the state made none).
  update() {
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
