// The module's link readers (wasm/link_bindings.cpp): the page reads a link's payload
// by the core's rules, as `contactlab run --link` does.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import { decodeLinkText } from '../../web/src/link/link_codec.js';
import { loadContactlab } from '../support/contactlab_module.mjs';

const root = new URL('../../', import.meta.url);
let Module;

before(async () => {
  Module = await loadContactlab();
});

test('the kept v1 links read, normalised as the core writes them', async () => {
  const kept = JSON.parse(await readFile(new URL('tests/data/links/v1_links.json', root), 'utf8'));
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
  const builtin = await readFile(new URL('assets/scenes/box_rest.json', root), 'utf8');
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
