// When the page's simulations save their checkpoints (web/src/session/run_history.js):
// every 0.25 s of simulated time whatever h, the ring sized for at least 30 s; a
// restore starts the schedule from the checkpoint restored; going on from an earlier
// step ends the run there. The simulations are stand-ins that record what they are
// asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHECKPOINT_CAPACITY, CHECKPOINT_SECONDS, HISTORY_SECONDS, RunHistory } from '../../web/src/session/run_history.js';

class FakeSimulation {
  constructor(timeStep) {
    this.timeStep = timeStep;
    this.stepCount = 0;
    this.time = 0;
    this.times = [0]; // the time after each step
    this.saved = [];
    this.capacity = 0;
  }

  step() {
    this.stepCount += 1;
    this.time += this.timeStep;
    this.times[this.stepCount] = this.time;
  }

  setCheckpointCapacity(count) {
    this.capacity = count;
  }

  saveCheckpoint() {
    this.saved = this.saved.filter((step) => step < this.stepCount);
    this.saved.push(this.stepCount);
  }

  restoreCheckpoint(step) {
    const kept = this.saved.filter((saved) => saved <= step);
    if (kept.length === 0) return -1;
    this.stepCount = kept[kept.length - 1];
    this.time = this.times[this.stepCount];
    return this.stepCount;
  }

  discardCheckpointsAfter(step) {
    this.saved = this.saved.filter((saved) => saved <= step);
  }

  get oldestCheckpoint() {
    return this.saved.length ? this.saved[0] : -1;
  }
}

function stepOn(history, simulations, steps) {
  for (let i = 0; i < steps; i += 1) {
    for (const simulation of simulations) simulation.step();
    history.afterStep(simulations);
  }
}

test('the ring covers at least 30 s of simulated time', () => {
  assert.ok(HISTORY_SECONDS >= 30);
  assert.equal(HISTORY_SECONDS, (CHECKPOINT_CAPACITY - 1) * CHECKPOINT_SECONDS);
});

test('both simulations save every 0.25 s of simulated time, whatever h', () => {
  const page = new FakeSimulation(0.0025);
  const twin = new FakeSimulation(0.0025);
  const history = new RunHistory();
  history.start([page, twin]);
  assert.deepEqual([page.capacity, twin.capacity], [CHECKPOINT_CAPACITY, CHECKPOINT_CAPACITY]);
  stepOn(history, [page, twin], 250);
  assert.deepEqual(page.saved, [0, 100, 200]);
  assert.deepEqual(twin.saved, page.saved);
  page.timeStep = 0.001; // from t = 0.625 s; the last checkpoint was at 0.5 s
  twin.timeStep = 0.001;
  stepOn(history, [page, twin], 500);
  assert.deepEqual(page.saved, [0, 100, 200, 375, 625]);
  assert.equal(history.end, 750);
  assert.equal(history.first(page), 0);
});

test('a restore restarts the schedule there; going on from it ends the run there', () => {
  const page = new FakeSimulation(0.0025);
  const history = new RunHistory();
  history.start([page]);
  stepOn(history, [page], 450);
  assert.equal(history.restore([page], 260), 200);
  stepOn(history, [page], 60); // at 260 again
  assert.equal(history.end, 450, 'the later course is kept until the run goes on');
  history.truncate([page], 260);
  assert.equal(history.end, 260);
  assert.deepEqual(page.saved, [0, 100, 200]);
  stepOn(history, [page], 40);
  assert.deepEqual(page.saved, [0, 100, 200, 300]);
  assert.equal(history.restore([page], -5), -1);
});

test('a twin whose checkpoints are not at the same steps is refused', () => {
  const page = new FakeSimulation(0.0025);
  const twin = new FakeSimulation(0.0025);
  const history = new RunHistory();
  history.start([page, twin]);
  stepOn(history, [page, twin], 150);
  twin.saved = [0];
  assert.equal(history.restore([page, twin], 120), -1);
});
