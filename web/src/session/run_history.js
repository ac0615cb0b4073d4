// The run's history, which the timeline scrubs through (docs/page.md, "The timeline"):
// the page's simulation and compare mode's twin each keep checkpoints in their module
// handle (a ring addressed by step count, core/session/checkpoint_ring.h); this module
// decides when they save one (every CHECKPOINT_SECONDS of simulated time, the last
// CHECKPOINT_CAPACITY of them, so at least HISTORY_SECONDS are kept), and remembers how
// far the run went. Memory is bounded by the capacity: CHECKPOINT_CAPACITY checkpoints per
// simulation, each a copy of its state (docs/page.md gives the bytes).
export const CHECKPOINT_SECONDS = 0.25;
export const CHECKPOINT_CAPACITY = 128;
export const HISTORY_SECONDS = (CHECKPOINT_CAPACITY - 1) * CHECKPOINT_SECONDS; // 31.75 s

export class RunHistory {
  #lastSaved = 0; // the simulated time of the newest checkpoint of the course shown [s]
  #end = 0; // how far the run went: the last step of its course

  // A new run (a scene loaded, a restart): the checkpoints start again with the
  // initial state, and end there. Before any action of step 0 is applied.
  start(simulations) {
    for (const simulation of simulations) {
      simulation.setCheckpointCapacity(CHECKPOINT_CAPACITY);
      simulation.saveCheckpoint();
    }
    this.#lastSaved = simulations[0].time;
    this.#end = 0;
  }

  // After a step of the run: a checkpoint of every simulation when CHECKPOINT_SECONDS
  // of simulated time have passed since the last (the tolerance keeps a sum of 100
  // steps of 2.5 ms at 0.25 s, whichever way it rounds).
  afterStep(simulations) {
    const [simulation] = simulations;
    if (simulation.time - this.#lastSaved >= CHECKPOINT_SECONDS - 1e-9) {
      for (const each of simulations) each.saveCheckpoint();
      this.#lastSaved = simulation.time;
    }
    this.#end = Math.max(this.#end, simulation.stepCount);
  }

  // The oldest step the run can be taken back to.
  first(simulation) {
    return Math.max(0, simulation.oldestCheckpoint);
  }

  get end() {
    return this.#end;
  }

  // Every simulation back at the newest checkpoint at or before `step`; returns its
  // step, or -1 when the first has none (nothing changed) or another's is not at the
  // same step (they save together, so that is a broken history the caller reports).
  restore(simulations, step) {
    const [simulation, ...others] = simulations;
    const restored = simulation.restoreCheckpoint(step);
    if (restored < 0) return -1;
    for (const other of others) {
      if (other.restoreCheckpoint(step) !== restored) return -1;
    }
    this.#lastSaved = simulation.time;
    return restored;
  }

  // The run goes on from `step`: what came after it is dropped.
  truncate(simulations, step) {
    for (const simulation of simulations) simulation.discardCheckpointsAfter(step);
    this.#end = step;
  }
}
