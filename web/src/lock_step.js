// Steps the page's simulation and, in compare mode, its twin (the same scene under
// another formulation) one step at a time, in lock-step, and calls `afterStep` after
// each step so the plots can sample every step. The loop, the single-step button and
// the automation API all step through it; it has what the loop reads of a simulation
// (step, time, getOption).
export class LockStep {
  constructor(simulation) {
    this.simulation = simulation;
    this.twin = null; // a Simulation, or null outside compare mode
    this.afterStep = () => {};
  }

  // Takes `count` steps of both; returns the steps the page's simulation took.
  step(count) {
    let taken = 0;
    for (let i = 0; i < count; i += 1) {
      if (this.simulation.step(1) !== 1) break;
      taken += 1;
      if (this.twin) this.twin.step(1);
      this.afterStep();
    }
    return taken;
  }

  get time() {
    return this.simulation.time;
  }

  getOption(name) {
    return this.simulation.getOption(name);
  }
}
