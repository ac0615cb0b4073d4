// A link payload's text: a scene carried whole is written from the text loaded, so its
// -0 stays -0 (JSON.stringify writes 0), and the rest as JSON.stringify writes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { payloadText } from '../../web/src/link/payload_text.js';

const sceneText = '{"name": "tilted", "bodies": [{"orientation": [1, -0.0, -0.0, 0]}]}';

test('a whole scene is written from its text, with the other fields after it', () => {
  const payload = { scene: { json: JSON.parse(sceneText) }, options: { formulation: 'convex' }, step: 12 };
  const text = payloadText(payload, sceneText);
  assert.equal(text, `{"scene":{"json":${sceneText}},"options":{"formulation":"convex"},"step":12}`);
  const read = JSON.parse(text);
  assert.ok(Object.is(read.scene.json.bodies[0].orientation[1], -0), '-0 read back as -0');
  assert.ok(Object.is(JSON.parse(JSON.stringify(payload)).scene.json.bodies[0].orientation[1], 0), 'JSON.stringify loses it');
  assert.deepEqual(read.options, payload.options);
  assert.equal(payloadText({ scene: payload.scene }, sceneText), `{"scene":{"json":${sceneText}}}`);
});

test('a built-in scene, with or without changes, is written as JSON.stringify writes it', () => {
  const payload = { scene: { builtin: 'box_rest', changes: { duration: 2 } }, step: 3 };
  assert.equal(payloadText(payload, '{"ignored": true}'), JSON.stringify(payload));
});
