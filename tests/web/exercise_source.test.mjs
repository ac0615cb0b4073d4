// Where an exercise comes from (web/src/exercise/exercise_source.js): the address's
// built-in, file on the lab's origin or exercise link, each read with the answer key
// the core must find; a file elsewhere, a bad link or a bad file refused, saying why.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_EXERCISE_FILE_BYTES,
  exerciseLinkAddress,
  isExerciseText,
  loadPage,
  readExerciseSource,
  requestedExercise,
} from '../../web/src/exercise/exercise_source.js';
import { EXERCISE_LINK, encodeLinkText } from '../../web/src/link/link_codec.js';

const LAB = 'https://lab.example.edu/course/index.html';

test('the address asks for a built-in, a file on the lab\'s origin, an exercise link, the index or nothing', () => {
  assert.equal(requestedExercise(LAB), null);
  assert.deepEqual(requestedExercise(`${LAB}?exercise`), { index: true });
  assert.deepEqual(requestedExercise(`${LAB}?exercise=incline_friction_angle`), { builtin: 'incline_friction_angle' });
  assert.deepEqual(requestedExercise(`${LAB}?exercise=ex/bounce.json`), { url: 'https://lab.example.edu/course/ex/bounce.json' });
  assert.deepEqual(requestedExercise(`${LAB}?exercise=/files/bounce.json`), { url: 'https://lab.example.edu/files/bounce.json' });
  const link = encodeLinkText('{"name": "bounce"}', EXERCISE_LINK);
  assert.deepEqual(requestedExercise(`${LAB}?exercise=tip_or_slide${link}`), { link });
  assert.equal(requestedExercise(`${LAB}#v1.abc`), null, 'a run\'s link is no exercise');
  assert.equal(
    requestedExercise(`${LAB}?exercise=https://evil.example/x.json`).error,
    "?exercise=https://evil.example/x.json: an exercise file opens only from the lab's own origin (https://lab.example.edu), not from https://evil.example",
  );
  assert.match(requestedExercise(`${LAB}?exercise=//evil.example/x.json`).error, /not from https:\/\/evil\.example$/);
  assert.match(requestedExercise('file:///home/me/lab/index.html?exercise=x.json').error, /lab's own origin \(null\)/);
});

test('each source gives its text with the answer key the core must find', async () => {
  const builtins = { incline: '{"name": "incline"}' };
  assert.deepEqual(await readExerciseSource({ builtin: 'incline' }, { builtins }), { text: builtins.incline, answerKey: 'required' });
  assert.equal((await readExerciseSource({ builtin: 'nope' }, { builtins })).error, 'unknown exercise "nope"; built-in exercises: incline');
  const text = '{"name": "bounce", "task": "\\u00e9 $e$"}';
  const link = encodeLinkText(text, EXERCISE_LINK);
  assert.deepEqual(await readExerciseSource({ link }, { builtins }), { text, answerKey: 'refused' });
  assert.match((await readExerciseSource({ link: '#x1.@@' }, { builtins })).error, /^link: the data may hold only/);

  const served = (status, body) => async (url, init) => {
    assert.equal(init.credentials, 'same-origin');
    return { ok: status === 200, status, statusText: status === 200 ? 'OK' : 'Not Found', arrayBuffer: async () => body.buffer };
  };
  const url = 'https://lab.example.edu/ex/bounce.json';
  assert.deepEqual(await readExerciseSource({ url }, { builtins, fetch: served(200, new TextEncoder().encode(text)) }), { text, answerKey: 'optional' });
  assert.equal((await readExerciseSource({ url }, { builtins, fetch: served(404, new Uint8Array()) })).error, `${url}: the server answered 404 Not Found`);
  assert.equal(
    (await readExerciseSource({ url }, { builtins, fetch: served(200, new Uint8Array([0xff, 0xfe])) })).error,
    `${url}: the file is not UTF-8 text (an exercise is JSON, docs/exercises.md)`,
  );
  const large = new Uint8Array(MAX_EXERCISE_FILE_BYTES + 1);
  assert.match((await readExerciseSource({ url }, { builtins, fetch: served(200, large) })).error, /is 2097153 bytes; an exercise file is at most 2097152$/);
  const offline = async () => {
    throw new TypeError('Failed to fetch');
  };
  assert.equal((await readExerciseSource({ url }, { builtins, fetch: offline })).error, `${url}: the file could not be fetched (Failed to fetch)`);
});

test('a dropped file is an exercise when it has a task and checks; its link replaces ?exercise and ?scene', () => {
  assert.equal(isExerciseText('{"name": "x", "task": "t", "checks": []}'), true);
  assert.equal(isExerciseText('{"bodies": [], "name": "box"}'), false);
  assert.equal(isExerciseText('[1, 2]'), false);
  assert.equal(isExerciseText('{"task": '), false);
  assert.equal(
    exerciseLinkAddress('#x1.abc', `${LAB}?exercise=tip_or_slide&scene=box&origins=https://lms.example.edu#v1.zzz`),
    `${LAB}?origins=https%3A%2F%2Flms.example.edu#x1.abc`,
  );
});

test('a page at another fragment only is reloaded there; another address is loaded', () => {
  const calls = [];
  const location = {
    href: `${LAB}#v1.abc`,
    set hash(value) {
      calls.push(['hash', value]);
    },
    reload: () => calls.push(['reload']),
    assign: (href) => calls.push(['assign', href]),
  };
  loadPage(`${LAB}#x1.def`, location);
  assert.deepEqual(calls, [['hash', '#x1.def'], ['reload']]);
  calls.length = 0;
  loadPage(`${LAB}?embed#x1.def`, location);
  assert.deepEqual(calls, [['assign', `${LAB}?embed#x1.def`]]);
});
