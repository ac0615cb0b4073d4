// Every built-in scene in every formulation, stepped by the WebAssembly module for
// its entry's duration, hashes to the native CLI's recorded state hash
// (tests/data/trajectory_hashes.json): t, every dynamic body's pose and velocity and
// every joint's q and v, bit for bit at every step.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { simulationStateHash } from '../support/trajectory_hash.mjs';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { repositoryUrl, sceneText } from '../support/repository_files.mjs';

const FORMULATIONS = ['lcp', 'convex', 'soft', 'quasistatic', 'compliant'];
const table = JSON.parse(await readFile(repositoryUrl('tests/data/trajectory_hashes.json'), 'utf8'));

let Module;
before(async () => {
  Module = await loadContactlab();
});

for (const entry of table.entries) {
  test(`${entry.scene} in ${entry.formulation}: ${entry.rows - 1} steps hash to the native state hash`, async () => {
    const sim = new Module.Simulation();
    try {
      const json = await sceneText(entry.scene);
      assert.equal(sim.loadScene(json), '');
      assert.equal(sim.setOption('formulation', FORMULATIONS.indexOf(entry.formulation)), '');
      assert.equal(simulationStateHash(sim, entry.rows), entry.state);
    } finally {
      sim.delete();
    }
  });
}
