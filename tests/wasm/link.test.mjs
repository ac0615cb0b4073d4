// The module's link readers (wasm/link_bindings.cpp): the page reads a link's payload
// by the core's rules, as `contactlab run --link` does, and a run the module dragged
// replays natively from its link.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { decodeLinkText, encodeLinkText } from '../../web/src/link/link_codec.js';
import { payloadText } from '../../web/src/link/payload_text.js';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { nativeCli, repositoryUrl, scenePath, sceneText } from '../support/repository_files.mjs';
import { fnv1a64 } from '../support/trajectory_hash.mjs';

let Module;

before(async () => {
  Module = await loadContactlab();
});

test('the kept v1 links read, normalised as the core writes them', async () => {
  const kept = JSON.parse(await readFile(repositoryUrl('tests/data/links/v1_links.json'), 'utf8'));
  for (const [name, link] of Object.entries(kept.builtin)) {
    const read = Module.readLink(decodeLinkText(link));
    assert.equal(read.error, '');
    assert.equal(read.payload, `{"scene":{"builtin":"${name}"}}`);
  }
  const read = Module.readLink(decodeLinkText(kept.with_options['brick_slide mu=0.25 convex t=1.5']));
  assert.equal(read.payload, '{"options":{"formulation":"convex","friction_coefficient":0.25},"scene":{"builtin":"brick_slide"},"step":600}');
});

test('a bad payload gets the core message naming the field', () => {
  const read = Module.readLink('{"scene":{"builtin":"box_rest"},"options":{"friction_coefficient":7}}');
  assert.match(read.error, /^link: options\.friction_coefficient: must be /);
  assert.equal(read.payload, '');
  assert.match(Module.readLink('{"scene":').error, /^link: /);
  assert.match(Module.readLink('{"scene":{"builtin":"box_rest"},"step":3,"journal":[[4,"ghost","soft"]]}').error,
    /journal\[0\]\[0\]: the action's step 4 is after the link's step 3/);
});

test("a built-in's changes merge into its scene as RFC 7386 says", async () => {
  const builtin = await sceneText('box_rest');
  const payload = '{"scene":{"builtin":"box_rest","changes":{"duration":2.5,"description":null}}}';
  const scene = Module.linkScene(payload, builtin);
  assert.equal(scene.error, '');
  const merged = JSON.parse(scene.text);
  const original = JSON.parse(builtin);
  assert.equal(merged.duration, 2.5);
  assert.equal('description' in merged, false);
  assert.deepEqual(merged.bodies, original.bodies);
  const simulation = new Module.Simulation();
  assert.equal(simulation.loadScene(scene.text), '');
  simulation.delete();
});

test("a run dragged in the module replays by its link in the native CLI bit for bit", async () => {
  const boxRest = await sceneText('box_rest');
  const sim = new Module.Simulation();
  const journal = [];
  try {
    assert.equal(sim.loadScene(boxRest), '');
    assert.equal(sim.setOption('formulation', 2), ''); // soft
    sim.step(20);
    const grab = [0.05, 0.1 / 3, 0.2];
    const target = [0.15, -0.02, 0.21];
    assert.equal(sim.drag('box', ...grab, ...target), '');
    journal.push([20, 'drag', 'box', ...grab, ...target]);
    sim.step(30);
    const moved = [0.2, 0.05, 0.2];
    assert.equal(sim.moveDragTarget(...moved), '');
    journal.push([50, 'drag_target', ...moved]);
    sim.step(30);
    sim.release();
    journal.push([80, 'release']);
    sim.step(20);
    assert.equal(sim.drag('ground', 0, 0, 0, 0, 0, 0), 'body "ground": a static body cannot be dragged; a dynamic body or a robot link can');
    const payload = JSON.stringify({ scene: { builtin: 'box_rest' }, options: { formulation: 'soft' }, journal, step: 100 });
    assert.equal(Module.readLink(payload).error, '');
    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-drag-'));
    const csvPath = path.join(dir, 'state.csv');
    execFileSync(nativeCli, ['run', '--link', encodeLinkText(payload), '--steps', '100', '--csv', csvPath]);
    const lines = (await readFile(csvPath, 'utf8')).trim().split('\n');
    const header = lines[0].split(',');
    const last = lines.at(-1).split(',');
    const native = Object.fromEntries(header.map((name, i) => [name, Number(last[i])]));
    const poses = Array.from(sim.bodyPoses());
    ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz'].forEach((field, i) => assert.equal(poses[7 + i], native[`box.${field}`], `box.${field}`));
    assert.ok(native['box.x'] > 0.05, `the drag moved the box to x = ${native['box.x']}`);
  } finally {
    sim.delete();
  }
});

// `contactlab run ARGS --csv` => the FNV-1a 64 hash of its CSV (the CLI's trajectory).
async function cliTrajectoryHash(args) {
  const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-link-'));
  const csvPath = path.join(dir, 'state.csv');
  execFileSync(nativeCli, ['run', ...args, '--csv', csvPath]);
  return fnv1a64(await readFile(csvPath));
}

test('a scene carried whole keeps its -0 through the page\'s link, and the link runs as the file does', async () => {
  // panda_pick as written by `contactlab import`: a hull vertex and an orientation hold -0.0.
  const pandaText = await sceneText('panda_pick');
  assert.match(pandaText, /[[,]-0\.0[,\]]/);
  const payload = { scene: { json: JSON.parse(pandaText) }, options: { formulation: 'convex' }, step: 60 };
  const read = Module.readLink(payloadText(payload, pandaText));
  assert.equal(read.error, '');
  assert.match(Module.linkScene(read.payload, '').text, /[[,]-0\.0[,\]]/, 'the scene the link opens keeps -0');
  // JSON.stringify of the parsed scene writes 0 for each -0.
  assert.doesNotMatch(JSON.stringify(payload), /[[,:]-0[,\]]/);
  const steps = ['--steps', '60', '--set', 'formulation=convex'];
  const fromFile = await cliTrajectoryHash([scenePath('panda_pick'), ...steps]);
  const fromLink = await cliTrajectoryHash(['--link', encodeLinkText(read.payload), '--steps', '60']);
  assert.equal(fromLink, fromFile);
});
