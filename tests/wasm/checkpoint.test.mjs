// Checkpoints through the module (wasm/simulation_handle.h: a ring kept in the handle,
// addressed by step count): a restored simulation steps on bit for bit as it did after
// the checkpoint was saved, and the ring's memory stays bounded once it is full.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { sceneText } from '../support/repository_files.mjs';

let Module;
before(async () => {
  Module = await loadContactlab();
});

// Every body's pose and every joint's record after each of `steps` steps, copied.
function record(sim, steps) {
  const rows = [];
  for (let s = 0; s < steps; s += 1) {
    assert.equal(sim.step(1), 1);
    rows.push([...sim.bodyPoses(), ...sim.jointState(0), sim.time(), sim.contactCount()]);
  }
  return rows;
}

// The first row (step) where `a` and `b` differ in any bit, or -1.
function firstDifference(a, b) {
  if (a.length !== b.length) return 0;
  return a.findIndex((row, i) => row.length !== b[i].length || row.some((value, k) => !Object.is(value, b[i][k])));
}

// sphere_modes under soft: the pusher's timeline move starts at step 40 and the
// bricks' contacts come and go from step 56.
test('sphere_modes: restored before its timeline move, it steps on bit for bit', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('sphere_modes')), '');
    assert.equal(sim.setOption('formulation', 2), '');
    sim.setCheckpointCapacity(4);
    assert.equal(sim.oldestCheckpoint(), -1);
    assert.equal(sim.step(30), 30);
    sim.saveCheckpoint();
    const first = record(sim, 80);
    const contacts = new Set(first.map((row) => row[row.length - 1]));
    assert.ok(contacts.size > 1, 'contacts come and go during the steps compared');

    assert.equal(sim.setOption('friction_coefficient', 0.05), '');
    assert.equal(sim.setOption('formulation', 0), '');
    assert.equal(sim.setJointTarget('pusher', 'plate', 0.05), '');
    sim.step(40);
    assert.equal(sim.restoreCheckpoint(10000), 30); // the newest at or before
    assert.equal(sim.stepCount(), 30);
    assert.deepEqual([sim.getOption('friction_coefficient'), sim.getOption('formulation')], [-1, 2]);
    assert.equal(firstDifference(record(sim, 80), first), -1);
    assert.equal(sim.restoreCheckpoint(29), -1, 'none before the first');
    assert.equal(sim.stepCount(), 110, 'a failed restore changes nothing');
    sim.reset();
    assert.equal(sim.oldestCheckpoint(), -1, 'a restart drops the checkpoints');
  } finally {
    sim.delete();
  }
});

test('the ring keeps the newest checkpoints, drops the later course, and its memory stays bounded', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('box_stack')), '');
    sim.setCheckpointCapacity(4);
    for (let i = 0; i < 6; i += 1) {
      sim.saveCheckpoint();
      sim.step(10);
    }
    assert.equal(sim.oldestCheckpoint(), 20); // 0 and 10 dropped
    assert.equal(sim.restoreCheckpoint(45), 40);
    sim.discardCheckpointsAfter(25);
    assert.equal(sim.restoreCheckpoint(1000), 20);

    // Full, the ring overwrites its slots in place: hundreds more checkpoints take no
    // more memory (without the bound they would take megabytes).
    sim.saveCheckpoint();
    for (let i = 0; i < 8; i += 1) {
      sim.step(1);
      sim.saveCheckpoint();
    }
    const heap = Module.HEAP8.buffer.byteLength;
    for (let i = 0; i < 400; i += 1) {
      sim.step(1);
      sim.saveCheckpoint();
    }
    assert.equal(Module.HEAP8.buffer.byteLength, heap);
    assert.equal(sim.oldestCheckpoint(), sim.stepCount() - 3);

    sim.setCheckpointCapacity(-1);
    assert.equal(sim.oldestCheckpoint(), -1, 'a negative capacity keeps none');
    sim.saveCheckpoint();
    assert.equal(sim.restoreCheckpoint(Number.NaN), -1);
  } finally {
    sim.delete();
  }
});

test('resetScene brings back the scene\'s own options; reset keeps those set', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('incline')), '');
    const own = sim.getOption('friction_coefficient');
    assert.equal(sim.setOption('friction_coefficient', 0.25), '');
    sim.step(20);
    sim.reset();
    assert.equal(sim.stepCount(), 0);
    assert.equal(sim.getOption('friction_coefficient'), 0.25);
    sim.step(20);
    sim.resetScene();
    assert.equal(sim.stepCount(), 0);
    assert.equal(sim.getOption('friction_coefficient'), own);
    assert.notEqual(own, 0.25);
  } finally {
    sim.delete();
  }
});
