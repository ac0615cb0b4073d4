// The link transport (web/src/link/link_codec.js): round trips, and every kind of
// damaged or hostile link ends in a LinkError that says what was wrong.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateSync } from 'fflate';
import {
  EXERCISE_LINK,
  LinkError,
  MAX_COMPRESSED_BYTES,
  MAX_INFLATED_BYTES,
  RUN_LINK,
  decodeLink,
  decodeLinkText,
  encodeLink,
  encodeLinkText,
  linkKind,
} from '../../web/src/link/link_codec.js';

// A small deterministic generator (xorshift32), so a failure can be replayed.
function generator(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

function randomValue(random, depth) {
  const kind = Math.floor(random() * (depth > 2 ? 4 : 6));
  if (kind === 0) return random() * 2e6 - 1e6;
  if (kind === 1) return String.fromCodePoint(...Array.from({ length: 1 + Math.floor(random() * 8) }, () => 32 + Math.floor(random() * 0x2fff)));
  if (kind === 2) return random() < 0.5;
  if (kind === 3) return null;
  if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  const object = {};
  for (let i = Math.floor(random() * 4); i > 0; i -= 1) object[`k${Math.floor(random() * 100)}`] = randomValue(random, depth + 1);
  return object;
}

function base64url(bytes) {
  return Buffer.from(bytes).toString('base64url');
}

test('a payload survives the round trip exactly, as a fragment or inside a whole URL', () => {
  const random = generator(12345);
  for (let i = 0; i < 300; i += 1) {
    const payload = { scene: { builtin: 'box_rest' }, value: randomValue(random, 0) };
    const link = encodeLink(payload);
    assert.match(link, /^#v1\.[A-Za-z0-9_-]+$/);
    assert.deepEqual(decodeLink(link), payload);
    assert.deepEqual(decodeLink(`https://lab.example/index.html?present${link}`), payload);
    assert.deepEqual(decodeLink(link.slice(1)), payload);
  }
});

test('numbers keep every bit through the link', () => {
  const values = [0.1, 1 / 3, 2.5e-3, Number.MIN_VALUE, Number.MAX_VALUE, -0.6, 9.80665];
  assert.deepEqual(decodeLink(encodeLink({ values })).values, values);
});

test('random bytes as data only ever give a LinkError', () => {
  const random = generator(777);
  for (let i = 0; i < 2000; i += 1) {
    const bytes = Uint8Array.from({ length: 1 + Math.floor(random() * 200) }, () => Math.floor(random() * 256));
    try {
      const payload = decodeLink(`#v1.${base64url(bytes)}`);
      assert.equal(typeof payload, 'object'); // a valid object by chance is fine
    } catch (error) {
      assert.ok(error instanceof LinkError, `${error}`);
      assert.match(error.message, /^link: /);
    }
  }
});

test('every truncation of a valid link gives a LinkError, never a wrong payload', () => {
  const link = encodeLink({ scene: { builtin: 'barrett_phone' }, options: { friction: 0.25, time_step: 0.001 } });
  for (let length = 0; length < link.length; length += 1) {
    assert.throws(() => decodeLink(link.slice(0, length)), LinkError, `length ${length}`);
  }
});

test('a bad prefix, an unknown version and characters outside base64url are named', () => {
  assert.throws(() => decodeLink('#scene=box_rest'), /must start with "v1\."/);
  assert.throws(() => decodeLink('#v2.q1YqTk7NS1Wy'), /version v2 is not known/);
  assert.throws(() => decodeLink('#v1.abc+def'), /only A-Z, a-z, 0-9, "-" and "_" \(found "\+"\)/);
  assert.throws(() => decodeLink('#v1.<script>'), /found "<"/);
  assert.throws(() => decodeLink(42), /expected text/);
});

test('data that is not UTF-8, not JSON or not an object is refused', () => {
  const wrap = (bytes) => `#v1.${base64url(deflateSync(bytes))}`;
  assert.throws(() => decodeLink(wrap(Uint8Array.of(0xff, 0xfe, 0x7b))), /not UTF-8/);
  assert.throws(() => decodeLink(wrap(new TextEncoder().encode('{"a":'))), /not JSON/);
  assert.throws(() => decodeLink(wrap(new TextEncoder().encode('[1,2]'))), /must be an object/);
  assert.throws(() => decodeLink(wrap(new TextEncoder().encode('"text"'))), /must be an object/);
});

test('a link longer than the compressed cap is refused before it is decoded', () => {
  const longest = Math.ceil((MAX_COMPRESSED_BYTES * 4) / 3);
  assert.throws(() => decodeLink(`#v1.${'A'.repeat(longest + 1)}`), /at most 87382 \(65536 bytes\)/);
});

test('a decompression bomb stops at the inflated cap', () => {
  const bomb = deflateSync(new Uint8Array(4 * MAX_INFLATED_BYTES), { level: 9 });
  assert.ok(bomb.length < MAX_COMPRESSED_BYTES, 'the bomb fits the compressed cap');
  assert.throws(() => decodeLink(`#v1.${base64url(bomb)}`), /inflates to more than 1048576 bytes/);
});

test('encoding refuses a state over either cap', () => {
  assert.throws(() => encodeLink({ text: 'x'.repeat(MAX_INFLATED_BYTES) }), /at most 1048576 are allowed/);
  const random = generator(99);
  const noise = Array.from({ length: 120000 }, () => Math.floor(random() * 1e9).toString(36)).join('');
  assert.throws(() => encodeLink({ noise }), /compresses to \d+ bytes; at most 65536/);
});

test('the kept v1 links (made natively with zlib) decode in the page', async () => {
  const { readFile } = await import('node:fs/promises');
  const kept = JSON.parse(await readFile(new URL('../data/links/v1_links.json', import.meta.url), 'utf8'));
  const names = Object.keys(kept.builtin);
  assert.ok(names.length >= 13);
  for (const name of names) assert.deepEqual(decodeLink(kept.builtin[name]), { scene: { builtin: name } });
  const withOptions = decodeLink(kept.with_options['brick_slide mu=0.25 convex t=1.5']);
  assert.deepEqual(withOptions, {
    scene: { builtin: 'brick_slide' },
    options: { formulation: 'convex', friction_coefficient: 0.25 },
    step: 600,
  });
});

test('an exercise link is the same transport under #x1., and neither kind reads as the other', () => {
  const text = '{"name": "bounce", "task": "Drop the *ball*: $e = 0.5$"}';
  const link = encodeLinkText(text, EXERCISE_LINK);
  assert.match(link, /^#x1\.[A-Za-z0-9_-]+$/);
  assert.equal(decodeLinkText(`https://lab.example.edu/index.html?embed${link}`, EXERCISE_LINK), text);
  assert.equal(linkKind(link), EXERCISE_LINK);
  assert.equal(linkKind(`https://x.example/${encodeLinkText(text)}`), RUN_LINK);
  assert.equal(linkKind('#scene=ball_drop'), null);
  assert.throws(() => decodeLinkText(link), { message: /^link: the fragment must start with "v1\." \(found "x1\./ });
  assert.throws(() => decodeLinkText(encodeLinkText(text), EXERCISE_LINK), /must start with "x1\."/);
  assert.throws(() => decodeLinkText('#x2.q1Yq', EXERCISE_LINK), /version x2 is not known; this lab reads x1\. links/);
  assert.throws(() => decodeLinkText('#x1.', EXERCISE_LINK), /no data after "x1\."/);
  assert.throws(() => encodeLinkText('x'.repeat(MAX_INFLATED_BYTES + 1), EXERCISE_LINK), { message: /^link: the exercise is 1048577 bytes/ });
});
