// ?embed: the page in an iframe of a course page shows only the scene, with play /
// pause, restart and "open in the lab" (the same link in the full page, in a new tab).
import { labAddress } from '../layout/page_modes.js';

export class EmbedBar {
  // actions: {playPause(), restart()}.
  constructor(actions) {
    this.element = document.createElement('nav');
    this.element.id = 'embed-bar';
    this.element.setAttribute('aria-label', 'playback');
    this.playButton = this.#button('pause', actions.playPause);
    const restart = this.#button('restart', actions.restart);
    this.labLink = document.createElement('a');
    this.labLink.textContent = 'open in the lab';
    this.labLink.target = '_blank';
    this.labLink.rel = 'noopener';
    this.labLink.href = labAddress();
    this.element.append(this.playButton, restart, this.labLink);
    document.body.append(this.element);
  }

  #button(text, onClick) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.addEventListener('click', onClick);
    return button;
  }

  // Shows play or pause as the loop goes.
  followLoop(loop) {
    loop.on('playing', (playing) => this.setPlaying(playing));
  }

  setPlaying(playing) {
    this.playButton.textContent = playing ? 'pause' : 'play';
  }

  // The address bar now holds `href`.
  setAddress(href) {
    this.labLink.href = labAddress(href);
  }
}
