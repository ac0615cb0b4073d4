// Presentation mode, for a projector (1280 x 720): larger text (style.css, body.present)
// and only the controls that matter for the scene: scene, playback, the view (folded:
// v and f do it), the solver's main options (folded when a robot panel needs the
// room), the formulation (folded) and the robot panel. The legend keeps its colours,
// the status line its main fields; the plots, the compare table and the export folder
// are hidden. The panel folds to one button ("controls") while presenting, and a button
// in it turns the mode on and off as `p` does.
const HIDDEN_FOLDERS = Object.freeze(['more', 'show', 'plots', 'compare', 'export']);

export class Presentation {
  #gui;
  #on = false;
  #title;
  #button;

  constructor(gui) {
    this.#gui = gui;
    this.#title = gui._title;
    this.#button = gui.add({ toggle: () => this.toggle() }, 'toggle').name('presentation mode (p)');
  }

  get on() {
    return this.#on;
  }

  // Turns the mode on or off, and the address's ?present with it, so that a link
  // copied now opens the way the page looks.
  set(on) {
    this.#on = on;
    document.body.classList.toggle('present', on);
    this.#button.name(on ? 'leave presentation mode (p)' : 'presentation mode (p)');
    this.#gui.title(on ? 'controls' : this.#title);
    if (on) this.#gui.close();
    else this.#gui.open();
    const url = new URL(window.location.href);
    if (on !== url.searchParams.has('present')) {
      if (on) url.searchParams.set('present', '');
      else url.searchParams.delete('present');
      window.history.replaceState(window.history.state, '', url);
    }
    this.refresh();
  }

  toggle() {
    this.set(!this.#on);
  }

  // Applied again to the panel of every scene the session loads.
  followSession(session) {
    session.on('loaded', () => this.refresh());
  }

  // Applies the mode to the panel as it is now (after a scene's robot panel is built).
  refresh() {
    const folders = this.#gui.foldersRecursive();
    const folder = (title) => folders.find((candidate) => candidate._title === title);
    for (const title of HIDDEN_FOLDERS) folder(title)?.show(!this.#on);
    if (!this.#on) return;
    folder('view')?.close();
    folder('formulation')?.close();
    if (folder('robot')) folder('solver')?.close();
  }
}
