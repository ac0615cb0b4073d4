// A thin JS class over the WebAssembly Simulation: idiomatic names, errors as
// returned strings ("" = success), typed-array views for the hot arrays, and
// ownership of the Embind handle (dispose() calls delete()).

export const POSE_STRIDE = 7; // x, y, z, qw, qx, qy, qz
export const VELOCITY_STRIDE = 6; // vx, vy, vz [m/s], wx, wy, wz [rad/s]
export const CONTACT_STRIDE = 19;

// Offsets inside one contact record of Simulation.contactView().
export const CONTACT_FIELD = Object.freeze({
  position: 0, // px, py, pz [m]
  normal: 3, // nx, ny, nz, unit, from body_a to body_b
  phi: 6, // signed gap [m]
  normalForce: 7, // fn [N]
  frictionForce: 8, // ftx, fty, ftz on body_b [N]
  mode: 11, // 0 sticking, 1 sliding, 2 separating
  mu: 12,
  bodyA: 13,
  bodyB: 14,
  normalVelocity: 15, // relative velocity along the normal after the step [m/s]
  tangentialVelocity: 16, // vtx, vty, vtz: relative tangential velocity after the step [m/s]
});

export const CONTACT_MODES = Object.freeze(['sticking', 'sliding', 'separating']);

// Per revolute or prismatic joint of an articulation in Simulation.jointView(), in
// link order (a link's joint_index in the scene description).
export const JOINT_STRIDE = 6;
export const JOINT_FIELD = Object.freeze({
  position: 0, // q [rad or m]
  velocity: 1, // v [rad/s or m/s]
  target: 2, // q_ref, the PD set point
  effort: 3, // what the motor applied in the last step [N m or N]
  limit: 4, // -1 at the lower limit, 1 at the upper (within 1e-3), 0 between
  goal: 5, // where the running command takes q_ref
});

// Per primitive wrench of the grasp in Simulation.graspWrenches(): the force of a
// friction cone edge at unit normal force, then its torque over the object's radius.
export const WRENCH_STRIDE = 6; // fx, fy, fz, tx, ty, tz

export const OPTION_NAMES = Object.freeze([
  'time_step',
  'friction_coefficient',
  'error_reduction',
  'friction_edges',
  'contact_margin',
  'contact_threshold',
  'kinetic_threshold_speed',
  'gravity_x',
  'gravity_y',
  'gravity_z',
  'autograsp',
  'contact_search',
  'formulation',
  'soft_regularisation',
  'soft_time_constant',
  'soft_damping',
  'soft_cone',
  'quasistatic_mass_scale',
  'quasistatic_problem',
  'compliant_stiffness',
  'compliant_damping_ratio',
  'compliant_stiction_speed',
  'compliant_substeps',
]);

// The values of the option `formulation`, in order (core/options.h Formulation).
export const FORMULATIONS = Object.freeze(['lcp', 'convex', 'soft', 'quasistatic', 'compliant']);

export class Simulation {
  constructor(module) {
    this.handle = new module.Simulation();
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
    for (const name of OPTION_NAMES) values[name] = this.handle.getOption(name);
    return values;
  }

  reset() {
    this.handle.reset();
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

  get bodyCount() {
    return this.description ? this.description.bodies.length : 0;
  }

  // Views into wasm memory: valid until the next call into the module that may grow
  // memory. Take them again every frame.
  poseView() {
    return this.handle.bodyPoses();
  }

  // VELOCITY_STRIDE numbers per body (linear velocity of the centre of mass, then
  // angular velocity, world frame); a view like poseView().
  velocityView() {
    return this.handle.bodyVelocities();
  }

  // The formulation in force, by name (FORMULATIONS).
  get formulation() {
    return FORMULATIONS[this.handle.getOption('formulation')];
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
      lcpSize: this.handle.lcpSize(),
      pivots: this.handle.pivots(),
      iterations: this.handle.iterations(),
      islands: this.handle.islandCount(),
    };
  }

  // The scene description's articulations: [{name, links: [{name, body, joint_index,
  // joint: {type, lower, upper, actuated, close_direction, max_effort}}], couplings}].
  get articulations() {
    return this.description?.articulations ?? [];
  }

  // JOINT_STRIDE numbers per joint of articulation `index` (see JOINT_FIELD); a view
  // into wasm memory like poseView().
  jointView(index) {
    return this.handle.jointState(index);
  }

  // The grasp of the moment: {object (body name or null), objectBody (its index, -1), contacts, forceClosure,
  // epsilon, volume, dimension}. It builds a 6-D convex hull (milliseconds): call it
  // a few times a second at most.
  graspReport() {
    const values = this.handle.grasp();
    if (values.length < 6) return null;
    const object = values[0] >= 0 ? this.description.bodies[values[0]]?.name ?? null : null;
    return {
      object,
      objectBody: values[0],
      contacts: values[1],
      forceClosure: values[2] === 1,
      epsilon: values[3],
      volume: values[4],
      dimension: values[5],
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

  // WRENCH_STRIDE numbers per primitive wrench of the grasp now (empty when nothing
  // is held); a view into wasm memory like poseView().
  graspWrenches() {
    return this.handle.graspWrenches();
  }

  // x, y, z, qw, qx, qy, qz of a link's frame now (empty for unknown names); a view.
  linkPose(articulation, link) {
    return this.handle.linkPose(String(articulation), String(link));
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
