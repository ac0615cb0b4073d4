// The control panel's view folder: "reset view" frames the scene's action again, and
// "follow" keeps a chosen body in view (at first the scene's first moving body that is
// not part of a robot: the brick, the incline's box, the object a hand grasps). The
// body followed is part of the page's link (`view.follow`, docs/links.md).

// The bodies worth following: every non-static body, those of no robot first.
function followableBodies(description) {
  const articulations = description.articulations ?? [];
  const linkBodies = new Set(articulations.flatMap((a) => a.links.map((link) => link.body)));
  const moving = description.bodies
    .map((body, index) => ({ name: body.name, index }))
    .filter(({ index }) => !description.bodies[index].static);
  return [...moving.filter(({ index }) => !linkBodies.has(index)), ...moving.filter(({ index }) => linkBodies.has(index))];
}

export class ViewFolder {
  #view;
  #session;
  #onChange;
  #bodies = []; // [{name, index}] of followableBodies

  // `folder`: the lil-gui folder to fill; `onChange()` is told when follow changes.
  constructor(folder, view, session, onChange) {
    this.#view = view;
    this.#session = session;
    this.#onChange = onChange;
    this.state = { follow: false, body: '', resetView: () => this.resetView() };
    folder.add(this.state, 'resetView').name('reset view (v)');
    this.followController = folder
      .add(this.state, 'follow')
      .name('follow (f)')
      .onChange(() => this.#apply());
    this.folder = folder;
    this.bodyController = null;
  }

  // Set again for every scene the session loads.
  followSession(session) {
    session.on('loaded', ({ description }) => this.setScene(description));
  }

  // A newly loaded scene: follow is off, the choice its first followable body.
  setScene(description) {
    this.#bodies = followableBodies(description);
    this.bodyController?.destroy();
    this.state.body = this.#bodies[0]?.name ?? '';
    this.bodyController = this.folder
      .add(this.state, 'body', this.#bodies.map(({ name }) => name))
      .name('follow body')
      .onChange(() => this.#apply());
    this.bodyController.show(this.#bodies.length > 0);
    this.followController.enable(this.#bodies.length > 0);
    this.state.follow = false;
    this.followController.updateDisplay();
    this.#apply();
  }

  // Frames the scene's action as it is now (following goes on).
  resetView() {
    const simulation = this.#session.simulation;
    this.#view.frame(simulation.description, simulation.poseView());
  }

  toggleFollow() {
    this.setFollow(!this.state.follow);
  }

  setFollow(on) {
    this.state.follow = on && this.#bodies.length > 0;
    this.followController.updateDisplay();
    this.#apply();
  }

  // Follows the body of this name (a link's `view.follow`); returns "" or why not.
  followBody(name) {
    if (!this.#bodies.some((body) => body.name === name)) {
      const names = this.#bodies.map((body) => body.name).join(', ') || 'none';
      return `view.follow: "${name}" is not a moving body of the scene (moving bodies: ${names})`;
    }
    this.state.body = name;
    this.bodyController.updateDisplay();
    this.setFollow(true);
    return '';
  }

  // The name of the body followed, or null.
  get followed() {
    return this.state.follow ? this.state.body : null;
  }

  #apply() {
    const body = this.#bodies.find(({ name }) => name === this.state.body);
    this.#view.follow(this.state.follow && body ? body.index : -1);
    this.#onChange();
  }
}
