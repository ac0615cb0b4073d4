// The control panel's view folder: "reset view" frames the scene's action again, and
// "follow" keeps it in view as it moves: by default the action (the bodies the scene
// names in its `view.keep`, else its moving bodies that are not part of a robot, else
// all its moving bodies), or one chosen body. Following is on when a scene loads; the
// user's orbit, zoom or pan ends following the action until "reset view" (a chosen
// body is followed on). The body followed is part of the page's link (`view.follow`,
// docs/links.md).

// What "follow body" offers first: the scene's action (not an identifier, so never a
// body's name).
export const THE_ACTION = 'the action';

// The bodies worth following: every non-static body, those of no robot first.
function followableBodies(description) {
  const articulations = description.articulations ?? [];
  const linkBodies = new Set(articulations.flatMap((a) => a.links.map((link) => link.body)));
  const moving = description.bodies
    .map((body, index) => ({ name: body.name, index }))
    .filter(({ index }) => !description.bodies[index].static);
  return [...moving.filter(({ index }) => !linkBodies.has(index)), ...moving.filter(({ index }) => linkBodies.has(index))];
}

// The indices of the bodies the action is: the scene's own choice, else the moving
// bodies of no robot, else every moving body.
export function actionBodies(description) {
  const byName = new Map(description.bodies.map((body, index) => [body.name, index]));
  const named = (description.keep_in_view ?? []).map((name) => byName.get(name)).filter((i) => i !== undefined);
  if (named.length > 0) return named;
  const articulations = description.articulations ?? [];
  const linkBodies = new Set(articulations.flatMap((a) => a.links.map((link) => link.body)));
  const moving = description.bodies.map((body, index) => (body.static ? -1 : index)).filter((i) => i >= 0);
  const free = moving.filter((index) => !linkBodies.has(index));
  return free.length > 0 ? free : moving;
}

export class ViewFolder {
  #view;
  #session;
  #onChange;
  #bodies = []; // [{name, index}] of followableBodies
  #action = []; // body indices of actionBodies
  #namedAction = false; // whether the scene names its action (view.keep)

  // `folder`: the lil-gui folder to fill; `onChange()` is told when follow changes.
  constructor(folder, view, session, onChange) {
    this.#view = view;
    this.#session = session;
    this.#onChange = onChange;
    this.state = { follow: false, body: THE_ACTION, resetView: () => this.resetView() };
    folder.add(this.state, 'resetView').name('reset view (v)');
    this.followController = folder
      .add(this.state, 'follow')
      .name('follow (f)')
      .onChange(() => this.#apply());
    this.folder = folder;
    this.bodyController = null;
    view.onKeepingEnded(() => {
      this.state.follow = false;
      this.followController.updateDisplay();
      this.#onChange();
    });
  }

  // Set again for every scene the session loads; a restart frames the scene again
  // while the camera follows the action (it is back where the scene starts).
  followSession(session) {
    session.on('loaded', ({ description }) => this.setScene(description));
    session.on('reset', () => {
      if (this.keepingAction) this.#view.frame(session.simulation.description, session.simulation.poseView());
    });
  }

  // A newly loaded scene: following its action.
  setScene(description) {
    this.#bodies = followableBodies(description);
    this.#action = actionBodies(description);
    this.#namedAction = (description.keep_in_view ?? []).length > 0;
    this.bodyController?.destroy();
    this.state.body = THE_ACTION;
    const choices = this.#action.length > 0 ? [THE_ACTION] : [];
    this.bodyController = this.folder
      .add(this.state, 'body', [...choices, ...this.#bodies.map(({ name }) => name)])
      .name('follow body')
      .onChange(() => this.#apply());
    this.bodyController.show(this.#bodies.length > 0);
    this.followController.enable(this.#bodies.length > 0);
    this.state.follow = this.#action.length > 0;
    this.followController.updateDisplay();
    this.#apply();
  }

  // Frames the scene's action as it is now and follows the action again (or goes on
  // following the chosen body).
  resetView() {
    const simulation = this.#session.simulation;
    this.#view.frame(simulation.description, simulation.poseView());
    if (this.state.follow && this.state.body !== THE_ACTION) return;
    this.state.body = THE_ACTION;
    this.bodyController?.updateDisplay();
    this.setFollow(true);
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

  // The name of the one body followed, or null (also while following the action).
  get followed() {
    return this.state.follow && this.state.body !== THE_ACTION ? this.state.body : null;
  }

  // Whether the camera keeps the scene's action in view.
  get keepingAction() {
    return this.state.follow && this.state.body === THE_ACTION;
  }

  #apply() {
    const body = this.#bodies.find(({ name }) => name === this.state.body);
    this.#view.follow(this.state.follow && body ? body.index : -1);
    this.#view.keepInView(this.keepingAction ? this.#action : [], this.#namedAction);
    this.#onChange();
  }
}
