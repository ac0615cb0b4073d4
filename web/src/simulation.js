// A thin JS class over the WebAssembly Simulation: idiomatic names, errors as
// returned strings ("" = success), typed-array views for the hot arrays, and
// ownership of the Embind handle (dispose() calls delete()).

export const POSE_STRIDE = 7; // x, y, z, qw, qx, qy, qz
export const CONTACT_STRIDE = 15;

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
});

export const CONTACT_MODES = Object.freeze(['sticking', 'sliding', 'separating']);

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
]);

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
    return this.handle.setOption(name, value);
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
      islands: this.handle.islandCount(),
    };
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
