// Large islands in the WebAssembly module (docs/robustness.md): the 10 x 10 grid of
// cubes is past the island size cap, so each step holds it still at once and says so;
// no WebAssembly exception reaches JavaScript, and the same simulation then loads and
// steps another scene.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { repositoryUrl, sceneText } from '../support/repository_files.mjs';

let Module;
before(async () => {
  Module = await loadContactlab();
});

test('an island past the size cap is held still with a clean error, and the simulation steps on', async () => {
  const sim = new Module.Simulation();
  try {
    const grid = await readFile(repositoryUrl('tests/data/box_grid_10x10.json'), 'utf8');
    assert.equal(sim.loadScene(grid), '');
    const started = performance.now();
    assert.equal(sim.step(4), 4);
    assert.ok(performance.now() - started < 5000, 'the fallback is taken within seconds');
    assert.equal(sim.stepError(), '');
    assert.equal(sim.solverStatus(), 'too large');
    assert.match(sim.solverMessage(), /the island's problem has 14260 unknowns, more than the cap of 10000/);
    assert.equal(sim.lcpSize(), 0);
    const velocities = Array.from(sim.bodyVelocities());
    assert.ok(velocities.every((v) => v === 0), 'every cube held still');
    assert.ok(Array.from(sim.bodyPoses()).every(Number.isFinite));

    const boxStack = await sceneText('box_stack');
    assert.equal(sim.loadScene(boxStack), '');
    assert.equal(sim.step(40), 40);
    assert.equal(sim.solverStatus(), 'solved');
    assert.ok(sim.time() > 0.09);
  } finally {
    sim.delete();
  }
});
