// window.contactlab: a small API for tests, lecturers' scripts and graders
// (documented in docs/page.md). It reads the simulation and calls the same session
// actions as the control panel, through the modules' public methods only; errors come
// back as strings ("" = success).
import { builtinExerciseNames, builtinExercises } from '../exercise/exercises.js';
import { EXERCISE_LINK, LinkError, decodeLinkText, linkKind } from '../link/link_codec.js';
import { builtinScene, builtinSceneNames } from '../session/scenes.js';

const NOT_READY = 'contactlab is still loading (await window.contactlab.ready)';
// The session's events a script may subscribe to (session.js).
const EVENTS = Object.freeze([
  'loaded',
  'stepped',
  'optionsChanged',
  'reset',
  'commanded',
  'dragged',
  'compareChanged',
  'seeked',
  'error',
]);

// The articulation that has a link of this name (link names are unique in a scene).
function ownerOf(articulations, link) {
  return articulations.find((a) => a.links.some((l) => l.name === link)) ?? articulations[0];
}

// What gradeExercise was given => {text, answerKey} (exercise_source.js) or {error}.
function exerciseToGrade(exercise) {
  if (Object.hasOwn(builtinExercises, exercise)) return { text: builtinExercises[exercise], answerKey: 'required' };
  if (exercise.trimStart().startsWith('{')) return { text: exercise, answerKey: 'optional' };
  if (linkKind(exercise) === EXERCISE_LINK) {
    try {
      return { text: decodeLinkText(exercise, EXERCISE_LINK), answerKey: 'refused' };
    } catch (error) {
      if (error instanceof LinkError) return { error: error.message };
      throw error;
    }
  }
  return { error: `unknown exercise "${exercise}" (give a built-in's name, an exercise's JSON or an exercise link)` };
}

// `app` is filled in by main.js once the module and the first scene are loaded:
// { session, loop, view, reader, controls, formulationPanel, robotPanel, plots,
// compare, wrenchSpace, viewFolder, presentation, help, embedBar }.
// `ready` resolves then (or rejects with the load error, which the page also shows).
export function createAutomationApi(app, ready) {
  const simulation = () => app.session?.simulation ?? null;
  const articulationOf = (link) => ownerOf(app.session.simulation.articulations, link)?.name ?? '';
  const api = {
    ready,
    get loaded() {
      return app.session !== undefined;
    },
    get time() {
      return simulation()?.time ?? 0;
    },
    get stepCount() {
      return simulation()?.stepCount ?? 0;
    },
    get sceneName() {
      return simulation()?.description?.name ?? '';
    },
    get playing() {
      return app.loop ? app.loop.playing : false;
    },
    get solver() {
      return simulation()?.solverReport() ?? null;
    },
    sceneNames: builtinSceneNames,
    exerciseNames: builtinExerciseNames,
    // Exercise mode (?exercise=NAME): {name, answer (ANSWER.json's object as Check
    // would send it, or null), error (why there is no answer: a box that is not a
    // number), grade (the last one shown, or null), checking}, or null outside it.
    exercise() {
      const exercise = app.exercise;
      if (!exercise) return null;
      const { answer, error } = exercise.answer();
      return {
        name: exercise.name,
        answer: answer ?? null,
        error: error ?? '',
        grade: exercise.lastGrade,
        checking: exercise.checking,
      };
    },
    // Grades ANSWER.json's text with the page's grader (the worker Check uses) against
    // a built-in exercise (by name), an exercise's JSON text (a file, with or without
    // its answer key) or an exercise link ("#x1.…"): a promise of {grade, results
    // (PrairieLearn's results text, as `contactlab grade` writes them for the same
    // answer)}; rejects for an unknown name, a bad link or a broken exercise.
    gradeExercise(exercise, answerText) {
      if (!app.grader) return Promise.reject(new Error(NOT_READY));
      const read = exerciseToGrade(String(exercise));
      if (read.error) return Promise.reject(new Error(read.error));
      return app.grader.grade(read.text, read.answerKey, String(answerText));
    },
    // The JSON text of a built-in scene, or undefined (all of them are loaded before
    // `ready` resolves: main.js).
    builtinScene(name) {
      return builtinScene(name);
    },
    options() {
      return simulation()?.options() ?? {};
    },
    contacts() {
      return app.session ? app.reader.contacts(app.session.simulation) : [];
    },
    bodies() {
      return app.session ? app.reader.bodies(app.session.simulation) : [];
    },
    // The grasp analysis now: {object, contacts, forceClosure, epsilon, volume,
    // dimension} (what the force-closure badge shows), or null without a scene.
    grasp() {
      return simulation()?.graspReport() ?? null;
    },
    // Every revolute or prismatic joint of every articulation, in scene order.
    joints() {
      return app.session ? app.reader.joints(app.session.simulation) : [];
    },
    // Moves one actuated joint's set point smoothly to `position` [rad or m]; link
    // names are unique in a scene, so the link names its articulation.
    setJointTarget(link, position) {
      return app.session ? app.session.setJointTarget(articulationOf(link), link, position) : NOT_READY;
    },
    // Jogs a link's frame by (dx, dy, dz) [m, world axes] with its orientation kept,
    // as the Cartesian jog buttons do.
    jog(link, dx, dy, dz) {
      return app.session ? app.session.jog(articulationOf(link), link, dx, dy, dz) : NOT_READY;
    },
    // Drag to perturb (docs/page.md): grabs `body` (a dynamic body or a robot link, by
    // name) at the world point `point` on it and pulls it toward `target` ([x, y, z] m
    // each) with the drag's spring-damper in every step taken, by the loop or by
    // step(n), until release(). Goes into the link's journal as the mouse's drag does.
    drag(body, point, target) {
      return app.session ? app.session.drag(body, point, target) : NOT_READY;
    },
    // Moves the target of the drag under way.
    dragTarget(target) {
      return app.session ? app.session.moveDragTarget(target) : NOT_READY;
    },
    // Lets go of the body grabbed (nothing grabbed: nothing happens).
    release() {
      return app.session ? app.session.release() : NOT_READY;
    },
    // The drag under way: {body (name), point (the grabbed point in the world now),
    // target}, or null.
    dragState() {
      const state = simulation()?.dragState();
      if (!state) return null;
      return { body: simulation().description.bodies[state.body].name, point: state.grabbed, target: state.target };
    },
    // A link's frame now: {position: [x,y,z], orientation: [w,x,y,z]}, or null.
    linkPose(link) {
      return app.session ? app.reader.linkPose(app.session.simulation, articulationOf(link), link) : null;
    },
    // The grasp's primitive wrenches now: [{force: [fx,fy,fz], torque: [tx,ty,tz]}],
    // one per friction cone edge of each contact on the grasped object.
    graspWrenches() {
      return app.session ? app.reader.graspWrenches(app.session.simulation) : [];
    },
    // 'autograsp' or 'open' on the named articulation, by default the first one with
    // finger joints.
    command(kind, articulation = undefined) {
      if (!app.session) return NOT_READY;
      const articulations = app.session.simulation.articulations;
      const withFingers = articulations.find((a) => a.links.some((l) => l.joint.close_direction !== 0));
      const name = articulation ?? (withFingers ?? articulations[0])?.name ?? '';
      return app.session.command(name, kind);
    },
    // Sets an option by name: a number, or text as `--set` takes it (a named value's
    // word, e.g. setOption('soft_cone', 'elliptic'), or a number).
    setOption(name, value) {
      return app.session ? app.session.setOption(name, value) : NOT_READY;
    },
    loadScene(jsonOrObject) {
      if (!app.session) return NOT_READY;
      return app.session.loadScene(typeof jsonOrObject === 'string' ? jsonOrObject : JSON.stringify(jsonOrObject));
    },
    // Restart: the scene's initial state, the options kept (the restart button, r).
    restart() {
      if (app.session) app.session.reset();
    },
    // Reset scene: the scene's initial state and its own options (the reset scene button).
    resetScene() {
      if (app.session) app.session.resetScene();
    },
    // The same as restart().
    reset() {
      if (app.session) app.session.reset();
    },
    // The timeline: {first, last, step}, the steps the run can be taken back to and the
    // step shown.
    timeline() {
      return app.session ? app.session.timeline : null;
    },
    // Shows the run at `step` (within the timeline), as the scrubber does: pauses, and
    // returns "" or the error. Stepping or playing on from there drops the run after it.
    seek(step) {
      if (!app.session) return NOT_READY;
      app.loop.pause();
      return app.session.seek(Number(step));
    },
    // The link to what is on screen ("#v1.…", docs/links.md); the address bar holds it too.
    link() {
      return app.addressBar ? app.addressBar.update() : '';
    },
    // Opens a link (a fragment or a whole URL); returns "" or the error. The link's run
    // then plays back in the loop: await replayed().
    openLink(link) {
      return app.openLink ? app.openLink(link) : NOT_READY;
    },
    // Steps still to play back of the link last opened.
    get replayRemaining() {
      return app.session ? app.session.replayRemaining : 0;
    },
    pause() {
      if (app.loop) app.loop.pause();
    },
    play() {
      if (app.loop) app.loop.play();
    },
    // Steps n times at once (whether playing or paused; in compare mode the ghost
    // too, and the plots sample every step); returns the steps taken.
    step(n = 1) {
      return app.session ? app.session.step(n) : 0;
    },
    // The formulation names in order (the core's option schema).
    get formulations() {
      return app.session ? app.session.schema.options.formulations : [];
    },
    // The formulation in force, by name.
    get formulation() {
      return simulation()?.formulation ?? '';
    },
    // Switches the formulation live, as the panel's selector; returns "" or the error.
    setFormulation(name) {
      return app.session ? app.session.setFormulation(name) : NOT_READY;
    },
    // Compare mode on (the ghost under `formulation`, by default another one than the
    // page's, and `coordinates`, by default the page's) or off; returns "" or the
    // error. Turning it on restarts both.
    compare(on, formulation = undefined, coordinates = undefined) {
      return app.session ? app.session.setCompare(Boolean(on), formulation, coordinates) : NOT_READY;
    },
    // The compare table's numbers, {body, page: {...}, twin: {...}}, or null when off.
    comparison() {
      return app.compare ? app.compare.numbers() : null;
    },
    // The plots' contact choices so far: [{key, label}].
    plotPairs() {
      return app.plots ? app.plots.pairChoices() : [];
    },
    // Plots the contact choice with this key or label; returns "" or the error.
    selectPlotPair(keyOrLabel) {
      return app.plots ? app.plots.select(String(keyOrLabel)) : NOT_READY;
    },
    // The plotted arrays (copies): {choice, windowSeconds, time, primary: {normalForce,
    // frictionForce, normalVelocity, slipSpeed, gap, mode}, twin: {...}}.
    plotSeries() {
      return app.plots ? app.plots.plotted() : null;
    },
    // The core's option table as the page read it (Module.optionSchema()).
    optionSchema() {
      return app.session ? app.session.schema.options.entries : [];
    },
    // Calls `listener(detail)` on every session event `name` (EVENTS; `stepped` gets
    // {time, stepCount}); returns a function that stops it.
    on(name, listener) {
      if (!app.session) throw new Error(NOT_READY);
      if (!EVENTS.includes(name)) throw new Error(`unknown event "${name}" (events: ${EVENTS.join(', ')})`);
      if (name !== 'stepped') return app.session.on(name, listener);
      return app.session.on(name, (session) =>
        listener({ time: session.simulation.time, stepCount: session.simulation.stepCount }),
      );
    },
    // The scene editor (docs/page.md, "The scene editor"): each edit returns "" or the
    // core's refusal (the scene then stays as it was).
    editor: Object.freeze({
      // Adds a body: a scene file's `bodies` entry (an object or its JSON text).
      addBody: (description) => (app.editor ? app.editor.addBody(description) : NOT_READY),
      // Changes fields of a body's entry (a field set to null is removed).
      setBody: (name, changes) => (app.editor ? app.editor.setBody(String(name), changes) : NOT_READY),
      removeBody: (name) => (app.editor ? app.editor.removeBody(String(name)) : NOT_READY),
      // A promise of "" or the refusal: a body made of the convex hulls of an STL or OBJ
      // file's parts (the core reads the file and makes the hulls). `content`: the file's
      // bytes (Uint8Array, ArrayBuffer) or text; `options`: {file: its name, whose
      // extension picks the reader (default NAME.stl), units: 'm' | 'mm' (default 'm'),
      // mass [kg] (default 1), position [x, y, z] of the middle of its bottom}.
      addHull: async (name, content, options = {}) => (app.editor ? app.editor.addHull(name ? String(name) : '', content, options) : NOT_READY),
      // A robot of the built-in scenes (a key of robotModels()) moved from where its
      // scene has it by `pose` {position [m], orientation [w, x, y, z]}: one edit.
      addRobot: (model, pose) => (app.editor ? app.editor.addRobot(String(model), pose) : NOT_READY),
      // Moves a robot (an articulation) whole, as the gizmo does: its root joint's origin
      // set to `pose` {position [m], orientation [w, x, y, z] (left out: kept)}; one edit.
      setRobotPose: (name, pose) => (app.editor ? app.editor.setRobotPose(String(name), pose) : NOT_READY),
      // {position, orientation} of a robot's root joint origin, or null.
      robotPose: (name) => (app.editor ? app.editor.robotPose(String(name)) : null),
      // Removes an articulation whole, with the timeline's commands to it.
      removeRobot: (name) => (app.editor ? app.editor.removeRobot(String(name)) : NOT_READY),
      // {model: label} of the robots addRobot takes.
      robotModels: () => (app.editor ? app.editor.robotModels() : {}),
      // Changes top-level fields of the scene: {duration}, {options: {gravity}}, ...
      setScene: (changes) => (app.editor ? app.editor.setScene(changes) : NOT_READY),
      undo: () => (app.editor ? app.editor.undo() : NOT_READY),
      redo: () => (app.editor ? app.editor.redo() : NOT_READY),
      // Selects a body or a robot (articulation, whole) by name (null: none), as a click
      // in the view or the list does.
      select: (name) => app.editor?.select(name === null ? null : String(name)),
      get selected() {
        return app.editor ? app.editor.selected : null;
      },
      // Stops at the edited scene's initial state, to edit (the "edit" button).
      edit: () => app.editor?.edit(),
      // The edited scene's JSON text.
      scene: () => (app.editor ? app.editor.sceneText() : ''),
      // True while the run is held at the edited scene's initial state for editing.
      get editing() {
        return app.editor ? app.editor.editing : false;
      },
      // {undo, redo, characters}: the edits that can be undone and redone, and the
      // characters the undo history keeps.
      history: () => (app.editor ? app.editor.history : null),
      // Test hooks: where the gizmo's translate arrow along 'X', 'Y' or 'Z' (three.js
      // axes: physics x, z, -y) is grabbed on its positive (side 1) or negative (-1)
      // half ([x, y], canvas pixels, or null), the
      // refusal the panel shows ('' for none) and the velocity arrows drawn.
      gizmoArrow: (axis, side = 1) => (app.gizmo ? app.gizmo.arrowPoint(axis, side) : null),
      shownRefusal: () => (app.editorPanel ? app.editorPanel.shownRefusal : ''),
      velocityArrows: () => (app.velocityArrows ? app.velocityArrows.count : 0),
    }),
    // Test hooks: what the page draws and shows right now.
    view: Object.freeze({
      visibleCones: () => (app.view ? app.view.visibleCones() : 0),
      visibleArrows: () => (app.view ? app.view.visibleArrows() : 0),
      markedGraspContacts: () => (app.view ? app.view.markedGraspContacts() : 0),
      // Compare mode's ghost: how many bodies it draws.
      ghostBodies: () => (app.view ? app.view.ghostBodies() : 0),
      jointFrames: () => (app.view ? app.view.drawnJointFrames() : 0),
      // Visual shapes of an imported robot drawn in place of its collision geometry.
      visualShapes: () => (app.view ? app.view.drawnVisualShapes() : 0),
      // The plots: whether shown, how often they have been redrawn and the y ranges
      // drawn ([min, max] per plot: normal force, friction, velocity, gap; SI units).
      plots: () => (app.plots ? app.plots.summary() : null),
      // The formulation folder: the selector's value, the note and the parameters shown.
      formulationPanel: () => (app.formulationPanel ? app.formulationPanel.summary() : null),
      // The option controls built: [{option, label}] (the control panel's, the
      // formulation folder's for every formulation, the robot panel's).
      optionControls: () =>
        app.controls
          ? [
              ...app.controls.optionControls(),
              ...app.formulationPanel.optionControls(),
              ...app.robotPanel.optionControls(),
            ]
          : [],
      // Where each body's frame origin is drawn: [{name, static, x, y}], CSS pixels
      // from the canvas's top left, in scene order.
      bodiesOnCanvas: () =>
        app.session
          ? app.view.bodiesOnCanvas(app.session.simulation.poseView()).map((point, i) => ({
              name: app.session.simulation.description.bodies[i].name,
              static: Boolean(app.session.simulation.description.bodies[i].static),
              ...point,
            }))
          : [],
      // How many frames the 3D view has drawn since the page opened (it draws only
      // when the picture changed).
      framesDrawn: () => (app.view ? app.view.framesDrawn : 0),
      // The view's pixel ratio now and the device's (view/drawing_resolution.js: lower
      // while drawing is slow).
      resolution: () => (app.view ? { ratio: app.view.resolution.ratio, device: app.view.resolution.deviceRatio } : null),
      // The camera now: [x, y, z, target x, y, z] (physics frame, metres).
      camera: () => (app.view ? app.view.cameraPose() : null),
      // The body the camera follows, by name, or null.
      followed: () => (app.viewFolder ? app.viewFolder.followed : null),
      // Whether the camera keeps the scene's action in view (follow on, "the action").
      keepingAction: () => (app.viewFolder ? app.viewFolder.keepingAction : false),
      // The inclines drawn with their angle: [{body, degrees}].
      inclines: () => (app.view ? app.view.levelReference.shown() : []),
      // Whether presentation mode is on.
      presenting: () => (app.presentation ? app.presentation.on : false),
      // Whether a foldable panel (layout/folds.js: legend, scene's description, compare
      // table, wrench space, plots) is folded now, and folding or unfolding one as its
      // button does (a choice the page remembers).
      folded: (name) => (app.folds ? app.folds.folded(name) : null),
      fold: (name, folded) => app.folds?.choose(name, folded),
      // The wrench-space inset: {shown, projection, wrenches, dimension, hullVertices,
      // originInside} as last drawn.
      wrenchSpace: () => (app.wrenchSpace ? app.wrenchSpace.summary() : null),
    }),
  };
  return Object.freeze(api);
}
