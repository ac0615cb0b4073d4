// The main module's two parts (web/src/module/split_module.js,
// scripts/split_main_module.sh): the default scene's run, with the sliders the profile
// moves, needs the primary part alone; another scene runs once the secondary part is
// instantiated asynchronously, as the page does, with no synchronous load; and either
// run gives the bits the native CLI recorded (tests/data/trajectory_hashes.json).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { DEFAULT_SCENE } from '../../web/src/session/default_scene.js';
import { OptionSchema } from '../../web/src/session/option_schema.js';
import { loadContactlab, loadSecondary } from '../support/contactlab_module.mjs';
import { repositoryUrl, sceneText } from '../support/repository_files.mjs';
import { simulationStateHash } from '../support/trajectory_hash.mjs';

const table = JSON.parse(await readFile(repositoryUrl('tests/data/trajectory_hashes.json'), 'utf8'));
// A scene other than the default, in the formulation it starts in, and a formulation
// the default scene does not start in.
const OTHER_SCENE = 'box_stack';
const OTHER_FORMULATION = 'convex';

function recorded(scene, formulation) {
  const entry = table.entries.find((candidate) => candidate.scene === scene && candidate.formulation === formulation);
  assert.ok(entry, `a recorded hash of ${scene} in ${formulation}`);
  return entry;
}

// Runs `body(sim, schema, synchronousLoads)` on a simulation of a fresh module (its
// secondary part put in first, asynchronously, when `withSecondary`), synchronousLoads()
// counting the secondary part's synchronous loads so far; the simulation is deleted after.
async function onFreshModule(withSecondary, body) {
  let synchronousLoads = 0;
  const Module = await loadContactlab(undefined, () => ++synchronousLoads);
  if (withSecondary) await loadSecondary(Module);
  const schema = new OptionSchema(Module.optionSchema());
  const sim = new Module.Simulation();
  try {
    await body(sim, schema, () => synchronousLoads);
  } finally {
    sim.delete();
  }
}

// The default scene in OTHER_FORMULATION, which the primary part alone does not run,
// hashes as recorded.
async function expectDefaultSceneInOtherFormulationAsRecorded(sim, schema) {
  const outside = recorded(DEFAULT_SCENE, OTHER_FORMULATION);
  assert.equal(sim.loadScene(await sceneText(DEFAULT_SCENE)), '');
  assert.equal(sim.setOption('formulation', schema.valueOf('formulation', OTHER_FORMULATION)), '');
  assert.equal(simulationStateHash(sim, outside.rows), outside.state);
}

test('the default scene runs, its sliders moved, in the primary part alone, bit for bit', () =>
  onFreshModule(false, async (sim, schema, synchronousLoads) => {
    assert.equal(sim.loadScene(await sceneText(DEFAULT_SCENE)), '');
    const formulation = schema.namedValue('formulation', sim.getOption('formulation')).name;
    const entry = recorded(DEFAULT_SCENE, formulation);
    assert.equal(simulationStateHash(sim, entry.rows), entry.state);
    sim.reset();
    for (const [name, value] of [['time_step', 0.005], ['friction_coefficient', 0.3], ['error_reduction', 0.5]]) {
      assert.equal(sim.setOption(name, value), '');
    }
    assert.equal(sim.step(100), 100);
    assert.equal(synchronousLoads(), 0, 'no call reached the secondary part');
  }));

test('with the secondary part put in asynchronously, another scene and formulation hash as recorded, with no synchronous load', () =>
  onFreshModule(true, async (sim, schema, synchronousLoads) => {
    assert.equal(sim.loadScene(await sceneText(OTHER_SCENE)), '');
    const entry = recorded(OTHER_SCENE, schema.namedValue('formulation', sim.getOption('formulation')).name);
    assert.equal(simulationStateHash(sim, entry.rows), entry.state);
    await expectDefaultSceneInOtherFormulationAsRecorded(sim, schema);
    assert.equal(synchronousLoads(), 0, 'every call into the secondary part found it in');
  }));

test('a call into the secondary part before it is in loads it synchronously, once, bit for bit', () =>
  onFreshModule(false, async (sim, schema, synchronousLoads) => {
    await expectDefaultSceneInOtherFormulationAsRecorded(sim, schema);
    assert.equal(synchronousLoads(), 1, 'the secondary part loaded on its first call, once');
  }));
