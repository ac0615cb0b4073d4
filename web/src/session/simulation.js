// A thin JS class over the WebAssembly Simulation: idiomatic names, errors as
// returned strings ("" = success), typed-array views for the hot arrays (laid out as
// the core's record layouts say, record_layouts.js), and ownership of the Embind
// handle (dispose() calls delete()).
import { OptionSchema } from './option_schema.js';
import { parseRecordLayouts } from './record_layouts.js';

// What the core says about itself, read once per module: the option table
// (option_schema.js) and the layouts of the flat views (record_layouts.js).
export function readCoreSchema(module) {
  return Object.freeze({
    options: new OptionSchema(module.optionSchema()),
    records: parseRecordLayouts(module.recordLayouts()),
  });
}

export class Simulation {
  // `schema`: readCoreSchema(module).
  constructor(module, schema) {
    this.handle = new module.Simulation();
    this.optionSchema = schema.options;
    this.graspStride = schema.records.grasp.stride;
    this.graspFields = schema.records.grasp.offsets([
      'object', 'contacts', 'force_closure', 'epsilon', 'volume', 'dimension',
    ]);
    this.description = null; // parsed sceneDescription() of the loaded scene
  }

  // Returns "" or the loader's one-line error; on error the previous scene stays.
  loadScene(jsonText) {
    const error = this.handle.loadScene(jsonText);
    if (error === '') this.description = JSON.parse(this.handle.sceneDescription());
    return error;
  }

  setOption(name, value) {
    return this.handle.setOption(String(name), Number(value));
  }

  getOption(name) {
    return this.handle.getOption(name);
  }

  options() {
    const values = {};
    for (const name of this.optionSchema.names) values[name] = this.handle.getOption(name);
    return values;
  }

  // Restart: the scene's initial state, the options kept. The checkpoints are dropped.
  reset() {
    this.handle.reset();
  }

  // The scene's initial state and its own options. The checkpoints are dropped.
  resetScene() {
    this.handle.resetScene();
  }

  // The checkpoints of the run since the last load or reset, kept in the handle (a ring
  // of at most `count`, addressed by step count; run_history.js decides when to save).
  setCheckpointCapacity(count) {
    this.handle.setCheckpointCapacity(count);
  }

  saveCheckpoint() {
    this.handle.saveCheckpoint();
  }

  // Back at the newest checkpoint at or before `step`: returns its step, or -1 (nothing
  // changed) when there is none.
  restoreCheckpoint(step) {
    return this.handle.restoreCheckpoint(step);
  }

  // The run goes on from `step`: the checkpoints and the state log's rows after it go.
  discardCheckpointsAfter(step) {
    this.handle.discardCheckpointsAfter(step);
  }

  // The oldest checkpoint's step, -1 when there is none.
  get oldestCheckpoint() {
    return this.handle.oldestCheckpoint();
  }

  // The loaded scene's file with the options in force (JSON text, "" without a scene):
  // loaded, it starts the run reset() starts.
  sceneFile() {
    return this.handle.sceneFile();
  }

  // From now on the core keeps the state CSV's rows of the run, within its budget
  // (core/session/state_log.h): the initial row, then one per step.
  keepStateLog() {
    this.handle.keepStateLog(true);
  }

  // The rows kept, and the run's rows dropped before them.
  get stateRows() {
    return this.handle.stateRows();
  }

  get stateRowsDropped() {
    return this.handle.stateRowsDropped();
  }

  // The state CSV's header line, and rows [first, first + count) of those kept as
  // lines, printed as `contactlab run --csv` prints them.
  stateCsvHeader() {
    return this.handle.stateCsvHeader();
  }

  stateCsvRows(first, count) {
    return this.handle.stateCsvRows(first, count);
  }

  // Returns the number of steps taken: all of them once a scene is loaded (a solver
  // failure is handled by a fallback and reported by solverReport(), never by stopping).
  step(count) {
    return this.handle.step(count);
  }

  get time() {
    return this.handle.time();
  }

  get stepCount() {
    return this.handle.stepCount();
  }

  // Views into wasm memory: valid until the next call into the module that may grow
  // memory. Take them again every frame.
  poseView() {
    return this.handle.bodyPoses();
  }

  // In maximal coordinates, each joint's two frames (the parent's joint frame, the
  // child's) as frame records, one after another; empty in reduced coordinates. A
  // view like poseView().
  jointFrameView() {
    return this.handle.jointFrames();
  }

  // A body_velocity record per body (linear velocity of the centre of mass, then
  // angular velocity, world frame); a view like poseView().
  velocityView() {
    return this.handle.bodyVelocities();
  }

  // The formulation in force, by name.
  get formulation() {
    return this.optionSchema.namedValue('formulation', this.handle.getOption('formulation')).name;
  }

  // The coordinates in force, by name.
  get coordinates() {
    return this.optionSchema.namedValue('coordinates', this.handle.getOption('coordinates')).name;
  }

  get contactCount() {
    return this.handle.contactCount();
  }

  contactView() {
    return this.handle.contacts();
  }

  solverReport() {
    return {
      status: this.handle.solverStatus(),
      message: this.handle.solverMessage(),
      // The contacts left out (no impulse can move them along the normal), in the
      // core's words; '' when none was.
      leftOut: this.handle.leftOutContacts(),
      lcpSize: this.handle.lcpSize(),
      pivots: this.handle.pivots(),
      iterations: this.handle.iterations(),
      islands: this.handle.islandCount(),
      events: this.handle.events(),
    };
  }

  // The largest gap of any loop closure after the last step [m]; 0 without loops.
  get loopError() {
    return this.handle.loopError();
  }

  // In maximal coordinates the largest joint violation [m and rad as they are]; 0 in
  // reduced coordinates.
  get jointError() {
    return this.handle.jointError();
  }

  // The scene description's articulations: [{name, links: [{name, body, joint_index,
  // joint: {type, lower, upper, actuated, close_direction, max_effort}}], couplings,
  // loops: [{type, link_a, link_b}]}].
  get articulations() {
    return this.description?.articulations ?? [];
  }

  // A joint record per joint of articulation `index`; a view into wasm memory like
  // poseView().
  jointView(index) {
    return this.handle.jointState(index);
  }

  // The grasp of the moment: {object (body name or null), objectBody (its index, -1), contacts, forceClosure,
  // epsilon, volume, dimension}. It builds a 6-D convex hull (milliseconds): call it
  // a few times a second at most.
  graspReport() {
    const values = this.handle.grasp();
    if (values.length < this.graspStride) return null;
    const field = this.graspFields;
    const objectBody = values[field.object];
    return {
      object: objectBody >= 0 ? this.description.bodies[objectBody]?.name ?? null : null,
      objectBody,
      contacts: values[field.contacts],
      forceClosure: values[field.force_closure] === 1,
      epsilon: values[field.epsilon],
      volume: values[field.volume],
      dimension: values[field.dimension],
    };
  }

  // Starts a smooth move of one actuated joint's set point to `position` [rad or m].
  setJointTarget(articulation, link, position) {
    return this.handle.setJointTarget(String(articulation), String(link), Number(position));
  }

  // kind: 'autograsp' (dynamic or static as the option autograsp says) or 'open'.
  command(articulation, kind) {
    return this.handle.command(String(articulation), String(kind));
  }

  // Moves a joggable link's frame by (dx, dy, dz) [m, world axes], orientation kept.
  jog(articulation, link, dx, dy, dz) {
    return this.handle.jog(String(articulation), String(link), Number(dx), Number(dy), Number(dz));
  }

  // Drag to perturb (docs/page.md, "Drag to perturb"): grabs `body` (by name) at the
  // world point `point` ([x, y, z] m) and pulls it toward `target` in every step until
  // release(); "" or the refusal.
  drag(body, point, target) {
    return this.handle.drag(String(body), ...point.map(Number), ...target.map(Number));
  }

  // The same with the point in the body's frame, from its centre of mass.
  dragBodyPoint(body, point, target) {
    return this.handle.dragBodyPoint(String(body), ...point.map(Number), ...target.map(Number));
  }

  // Moves the target of the drag under way; "" or the refusal.
  moveDragTarget(target) {
    return this.handle.moveDragTarget(...target.map(Number));
  }

  release() {
    this.handle.release();
  }

  // The drag under way, {body (index), point (body frame), target, grabbed (the point
  // in the world now)}, or null.
  dragState() {
    const state = this.handle.dragState();
    if (!state.length) return null;
    return {
      body: state[0],
      point: [state[1], state[2], state[3]],
      target: [state[4], state[5], state[6]],
      grabbed: [state[7], state[8], state[9]],
    };
  }

  // A wrench record per primitive wrench of the grasp now (empty when nothing
  // is held); a view into wasm memory like poseView().
  graspWrenches() {
    return this.handle.graspWrenches();
  }

  // The link_pose record of a link's frame now (empty for unknown names); a view.
  linkPose(articulation, link) {
    return this.handle.linkPose(String(articulation), String(link));
  }

  // hybrid: the last step's event times [s], a view like poseView(); empty otherwise.
  eventTimes() {
    return this.handle.eventTimes();
  }

  // The step's problems per island (an LCP, a QP over the cone's rays or a cone
  // program; plots/lcp_view.js): kept from the next step on while `keep` is true.
  // Keeping copies each island's matrix every step.
  keepLcpProblems(keep) {
    this.handle.keepLcpProblems(Boolean(keep));
  }

  // The last step's kept problems: [{island, kind ('lcp', 'qp', 'cone'), formulation,
  // variant, size, contactCount, frictionEdges, iterations, method, regularised, cones:
  // [{first, size, mu}], boxes: [{unknown, bound}], certificate: {primal, dual, complementarity, equation, scale,
  // tolerance, holds}, labels: [name per unknown], contacts: [[body a, body b] per
  // contact]}] (wasm/simulation_handle.h); empty when none was kept.
  lcpProblems() {
    return JSON.parse(this.handle.lcpProblems());
  }

  // Problem `index`'s numbers, copied out of wasm memory: {matrix (M, W + R or P,
  // row-major n x n), q, z, w} (a cone program's c, x and g = P x + c as q, z, w).
  lcpValues(index) {
    const all = this.handle.lcpValues(index).slice();
    const n = Math.round((-3 + Math.sqrt(9 + 4 * all.length)) / 2); // n^2 + 3 n values
    return {
      matrix: all.subarray(0, n * n),
      q: all.subarray(n * n, n * n + n),
      z: all.subarray(n * n + n, n * n + 2 * n),
      w: all.subarray(n * n + 2 * n, n * n + 3 * n),
    };
  }

  // Problem `index` as the text `contactlab run --lcp-dump` writes ("" when none).
  lcpText(index) {
    return this.handle.lcpText(index);
  }

  get lcpSize() {
    return this.handle.lcpSize();
  }

  get pivots() {
    return this.handle.pivots();
  }

  dispose() {
    if (this.handle) this.handle.delete();
    this.handle = null;
  }
}
