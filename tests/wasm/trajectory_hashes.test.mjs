// Every built-in scene in every formulation, stepped by the WebAssembly module for
// its entry's duration, hashes to the native CLI's recorded state hash
// (tests/data/trajectory_hashes.json): t, every dynamic body's pose and velocity and
// every joint's q and v, bit for bit at every step.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Fnv1a64 } from '../support/trajectory_hash.mjs';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { repositoryUrl, sceneText } from '../support/repository_files.mjs';

const FORMULATIONS = ['lcp', 'convex', 'soft', 'quasistatic', 'compliant'];
const JOINT_STRIDE = 6; // q, v, q_ref, effort, limit, goal
const table = JSON.parse(await readFile(repositoryUrl('tests/data/trajectory_hashes.json'), 'utf8'));

let Module;
before(async () => {
  Module = await loadContactlab();
});

function addState(hash, sim, description) {
  hash.addDouble(sim.time());
  const poses = sim.bodyPoses();
  const velocities = sim.bodyVelocities();
  description.bodies.forEach((body, b) => {
    if (body.static) return;
    for (let i = 0; i < 7; ++i) hash.addDouble(poses[7 * b + i]);
    for (let i = 0; i < 6; ++i) hash.addDouble(velocities[6 * b + i]);
  });
  description.articulations.forEach((articulation, a) => {
    const joints = sim.jointState(a);
    for (let j = 0; j < joints.length; j += JOINT_STRIDE) {
      hash.addDouble(joints[j]);
      hash.addDouble(joints[j + 1]);
    }
  });
}

for (const entry of table.entries) {
  test(`${entry.scene} in ${entry.formulation}: ${entry.rows - 1} steps hash to the native state hash`, async () => {
    const sim = new Module.Simulation();
    try {
      const json = await sceneText(entry.scene);
      assert.equal(sim.loadScene(json), '');
      assert.equal(sim.setOption('formulation', FORMULATIONS.indexOf(entry.formulation)), '');
      const description = JSON.parse(sim.sceneDescription());
      const hash = new Fnv1a64();
      addState(hash, sim, description);
      for (let row = 1; row < entry.rows; ++row) {
        assert.equal(sim.step(1), 1);
        addState(hash, sim, description);
      }
      assert.equal(hash.hex(), entry.state);
    } finally {
      sim.delete();
    }
  });
}
