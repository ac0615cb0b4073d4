// The postMessage protocol's checks (web/src/embed/): every request type read back,
// every malformed message refused with the field named, and the accepted origins.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptedOrigins, parseOrigins } from '../../web/src/embed/accepted_origins.js';
import { MAX_STEP_COUNT, REQUEST_TYPES, readRequest } from '../../web/src/embed/embed_messages.js';

test('every request type is read with its fields and id', () => {
  assert.deepEqual(REQUEST_TYPES, ['load', 'play', 'pause', 'step', 'state', 'restart', 'grade']);
  assert.deepEqual(readRequest({ type: 'load', link: '#v1.abc', id: 7 }), {
    request: { type: 'load', id: 7, link: '#v1.abc' },
  });
  assert.deepEqual(readRequest({ type: 'step', count: MAX_STEP_COUNT }), {
    request: { type: 'step', id: undefined, count: MAX_STEP_COUNT },
  });
  for (const type of ['play', 'pause', 'state', 'restart', 'grade']) {
    assert.deepEqual(readRequest({ type, id: 'a-1' }), { request: { type, id: 'a-1' } });
  }
  assert.deepEqual(readRequest(Object.assign(Object.create(null), { type: 'play' })), {
    request: { type: 'play', id: undefined },
  });
});

test('a malformed message is refused naming the field and what is allowed', () => {
  const cases = [
    ['text', /^message: must be an object \{type, \.\.\.\}, got "text"$/],
    [null, /^message: must be an object/],
    [[1, 2], /^message: must be an object/],
    [new Date(0), /^message: must be an object/],
    [{}, /^type: must be one of load, play, pause, step, state, restart, grade, got undefined$/],
    [{ type: 'eval' }, /^type: must be one of .*, got "eval"$/],
    [{ type: 'play', id: { nested: 1 } }, /^id: must be a finite number or a text of at most 64 characters/],
    [{ type: 'play', id: 'x'.repeat(65) }, /^id: /],
    [{ type: 'play', id: Number.NaN }, /^id: /],
    [{ type: 'play', speed: 2 }, /^speed: not a field of a "play" message \(allowed: type, id\)$/],
    [{ type: 'load' }, /^link: missing \(a "load" message needs it\)$/],
    [{ type: 'load', link: 42 }, /^link: must be a link \(text of 1 to 100000 characters.*got 42$/],
    [{ type: 'load', link: '' }, /^link: must be a link/],
    [{ type: 'step' }, /^count: missing/],
    [{ type: 'step', count: 2.5 }, /^count: must be a whole number from 1 to 10000, got 2\.5$/],
    [{ type: 'step', count: 0 }, /^count: must be a whole number from 1 to 10000, got 0$/],
    [{ type: 'step', count: 10001 }, /^count: /],
    [{ type: 'step', count: '5' }, /^count: .*got "5"$/],
  ];
  for (const [data, message] of cases) {
    const read = readRequest(data);
    assert.equal(read.request, undefined, JSON.stringify(data));
    assert.match(read.error, message);
  }
  // A valid id comes back with the refusal of the rest, so the reply can carry it.
  assert.equal(readRequest({ type: 'step', count: 0, id: 9 }).id, 9);
  // Values are described shortly, as text.
  assert.ok(readRequest({ type: `<img src=x onerror=alert(1)>${'y'.repeat(100)}` }).error.length < 130);
});

test('origins: the lab\'s own always, configured ones only when they are origins', () => {
  assert.deepEqual(parseOrigins('https://a.example, http://localhost:8080,https://a.example'), {
    origins: ['https://a.example', 'http://localhost:8080'],
    errors: [],
  });
  const { origins, errors } = parseOrigins('*,https://a.example/,ftp://b.example,not an origin,https://c.example/page,null');
  assert.deepEqual(origins, []);
  assert.equal(errors.length, 6);
  assert.match(errors[0], /^origins: "\*" is not allowed/);
  assert.match(errors[1], /^origins: "https:\/\/a\.example\/" is not an origin as browsers write it \(expected "https:\/\/a\.example"\)$/);
  assert.match(errors[2], /is not an http or https origin$/);
  assert.match(errors[3], /is not an origin \(expected e\.g\. https:\/\/course\.example\)$/);
  assert.match(errors[4], /expected "https:\/\/c\.example"/);
  assert.match(errors[5], /^origins: "null" is not an origin/);
  assert.deepEqual(parseOrigins(null), { origins: [], errors: [] });

  const accepted = acceptedOrigins('http://127.0.0.1:4173', '', 'https://course.example,http://127.0.0.1:4173', '*');
  assert.deepEqual(accepted.origins, ['http://127.0.0.1:4173', 'https://course.example']);
  assert.equal(accepted.errors.length, 1);
});
