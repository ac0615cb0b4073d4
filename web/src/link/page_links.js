// The page's links as the user meets them (docs/links.md): the link to what is on
// screen (the session's run, whether it plays, the camera, the body it follows and the
// plotted pair), opening one (the address bar's, another page's, or the page's own
// again for a video) and copying it. `parts`: the page's view, view folder, plots and
// loop, and (once they exist) its address bar and exercise; `status` shows what went
// wrong.
import { readPageLink, writePageLink } from './page_link.js';

export class PageLinks {
  #module;
  #session;
  #parts;
  #status;

  constructor(module, session, parts, status) {
    this.#module = module;
    this.#session = session;
    this.#parts = parts;
    this.#status = status;
  }

  // The link's payload for what is on screen.
  payload() {
    const { loop, view, viewFolder, plots } = this.#parts;
    const payload = this.#session.linkPayload();
    if (loop.playing) payload.playing = true;
    const camera = view.cameraPlacement();
    const follow = viewFolder.followed;
    const plot = plots.chosenNames();
    if (camera || follow || plot) payload.view = {};
    if (camera) payload.view.camera = camera;
    if (follow) payload.view.follow = follow;
    if (plot) payload.view.plot = plot;
    return payload;
  }

  // The link to what is on screen ("#v1.…"); throws when the state makes none.
  write() {
    return writePageLink(this.#module, this.payload(), this.#session.sceneText);
  }

  // In an exercise the address stays the exercise's (?exercise=NAME), which is copied.
  async copy() {
    const { addressBar, exercise } = this.#parts;
    if (!exercise && !addressBar.update()) return;
    try {
      await navigator.clipboard.writeText(window.location.href);
      this.#status.showNotice('link copied');
    } catch {
      this.#status.showError('link not copied', 'the browser did not allow the clipboard; the address bar holds the link');
    }
  }

  // Opens a link as the address bar's is opened: the run plays back in the loop
  // (paused meanwhile, then playing if the link was), the camera goes where it says
  // and follows the body it names. Returns "" or the error.
  open(link, { resume = true } = {}) {
    const { view, viewFolder, loop, plots } = this.#parts;
    const read = readPageLink(this.#module, link);
    const error = read.error || this.#session.openLink(read);
    if (error) return error;
    if (read.payload.view?.camera) view.placeCamera(read.payload.view.camera);
    const follow = read.payload.view?.follow;
    const followError = follow === undefined ? '' : viewFolder.followBody(follow);
    if (followError) this.#status.showError('link: view not followed', followError);
    const plot = read.payload.view?.plot;
    const plotError = plot === undefined ? '' : plots.choose(plot);
    if (plotError) this.#status.showError('link: pair not plotted', plotError);
    const playing = resume && Boolean(read.payload.playing);
    loop.pause();
    const stop = loop.on('replayed', () => {
      stop();
      if (playing) loop.play();
    });
    return '';
  }

  // Opens the link in the address bar: "" when one opened, null when there is none, else
  // why not (the caller loads a scene instead).
  openAddress() {
    if (window.location.hash.length <= 1) return null;
    return this.open(window.location.hash);
  }

  // The page's own link opened again, paused at its end (a video of the last seconds
  // plays it back); "" or the error.
  reopenOwn() {
    let link;
    try {
      link = this.write();
    } catch (error) {
      return error.message ?? String(error);
    }
    return this.open(link, { resume: false });
  }
}
