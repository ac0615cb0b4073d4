// Reading an opened scene file (web/src/open/scene_file.js): UTF-8 text up to 1 MiB;
// larger files are refused before they are read, other bytes than UTF-8 after.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SCENE_FILE_BYTES, readSceneFile } from '../../web/src/open/scene_file.js';

test('a scene file is read as UTF-8 text up to the limit', async () => {
  const text = '{"name": "café", "bodies": []}';
  assert.deepEqual(await readSceneFile(new File([text], 'scene.json')), { text });
  const largest = `"${'x'.repeat(MAX_SCENE_FILE_BYTES - 2)}"`;
  assert.equal((await readSceneFile(new File([largest], 'big.json'))).text.length, MAX_SCENE_FILE_BYTES);
});

test('a file over 1 MiB or not UTF-8 is refused, saying why', async () => {
  const tooLarge = new File([new Uint8Array(MAX_SCENE_FILE_BYTES + 1)], 'big.json');
  let read = false;
  tooLarge.arrayBuffer = () => {
    read = true;
    return Promise.resolve(new ArrayBuffer(0));
  };
  assert.deepEqual(await readSceneFile(tooLarge), {
    error: `the file is ${MAX_SCENE_FILE_BYTES + 1} bytes; at most ${MAX_SCENE_FILE_BYTES} are allowed`,
  });
  assert.equal(read, false, 'not read at all');
  const latin1 = new File([new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d])], 'latin1.json');
  assert.match((await readSceneFile(latin1)).error, /^the file is not UTF-8 text/);
});
