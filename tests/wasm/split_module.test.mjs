// The main module's two parts (web/src/module/split_module.js,
// scripts/split_main_module.sh): the default scene's start runs in the primary part
// alone, and the first call of a function outside it loads the secondary part, once;
// the run then gives the bits the native CLI recorded (tests/data/trajectory_hashes.json).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { DEFAULT_SCENE } from '../../web/src/session/default_scene.js';
import { OptionSchema } from '../../web/src/session/option_schema.js';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { repositoryUrl, sceneText } from '../support/repository_files.mjs';
import { simulationStateHash } from '../support/trajectory_hash.mjs';

const table = JSON.parse(await readFile(repositoryUrl('tests/data/trajectory_hashes.json'), 'utf8'));
// No built-in scene starts in convex: its solver is in the secondary part.
const OUTSIDE_THE_PROFILE = 'convex';

test('the default scene runs in the primary part; another formulation loads the secondary once, bit for bit', async () => {
  const directory = repositoryUrl('web/src/wasm/');
  let loads = 0;
  const Module = await loadContactlab(directory, () => {
    ++loads;
    return new WebAssembly.Module(readFileSync(new URL('contactlab.deferred.wasm', directory)));
  });
  const schema = new OptionSchema(Module.optionSchema());
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText(DEFAULT_SCENE)), '');
    const inDefault = table.entries.find((entry) => entry.scene === DEFAULT_SCENE && entry.formulation === schema.namedValue('formulation', sim.getOption('formulation')).name);
    assert.equal(simulationStateHash(sim, inDefault.rows), inDefault.state);
    assert.equal(loads, 0, 'the default scene ran without the secondary part');

    const outside = table.entries.find((entry) => entry.scene === DEFAULT_SCENE && entry.formulation === OUTSIDE_THE_PROFILE);
    sim.reset();
    assert.equal(sim.setOption('formulation', schema.valueOf('formulation', OUTSIDE_THE_PROFILE)), '');
    assert.equal(simulationStateHash(sim, outside.rows), outside.state);
    assert.equal(loads, 1, 'the secondary part loaded on its first call, once');
  } finally {
    sim.delete();
  }
});
