// The import module (wasm/import/) as the page runs it: a robot of the shared
// validation set, read from there as the page holds dropped files (web/src/open/
// robot_files.js) and its XML read by a DOMParser (@xmldom/xmldom here, the browser's
// in the page), imports to the same scene, byte for byte, as `contactlab import` writes
// natively with tinyxml2; and a broken robot is refused naming the element.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, test } from 'node:test';
import { DOMParser as XmldomParser } from '@xmldom/xmldom';
import { RobotFiles } from '../../web/src/open/robot_files.js';
import { importRobot } from '../../web/src/open/robot_import.js';
import { loadContactlabImport } from '../support/contactlab_module.mjs';

const root = new URL('../../', import.meta.url);
const cli = process.env.CONTACTLAB_CLI ?? new URL('build/native/contactlab', root).pathname;
const validation = new URL('../shared/validation/urdf/', root).pathname;
// The validation robots are read in place; without them those tests skip, saying why.
const robots = { skip: existsSync(validation) ? false : `${validation} not found` };
let Module;

// The parser as the page constructs it (no arguments), its messages kept off the output.
class DOMParser extends XmldomParser {
  constructor() {
    super({ onError: () => {} });
  }
}

before(async () => {
  Module = await loadContactlabImport();
});

// A folder's files as [path, bytes] pairs under the folder's name, as a drop gives them.
async function folderEntries(folder) {
  const entries = [];
  const base = path.dirname(folder);
  for (const name of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!name.isFile()) continue;
    const full = path.join(name.parentPath ?? name.path, name.name);
    entries.push([path.relative(base, full), new Uint8Array(await readFile(full))]);
  }
  return entries;
}

// `contactlab import` of the same URDF => the scene file's text.
async function nativeScene(urdf, name, args = []) {
  const out = path.join(await mkdtemp(path.join(tmpdir(), 'contactlab-import-')), `${name}.json`);
  execFileSync(cli, ['import', urdf, ...args, '-o', out], { stdio: ['ignore', 'ignore', 'pipe'] });
  return readFile(out, 'utf8');
}

test('the Franka hand with its finger named imports as the command line imports it', robots, async () => {
  const files = new RobotFiles(await folderEntries(path.join(validation, 'franka_hand')));
  const request = { fingers: [{ joint: 'panda_finger_joint1', close: 'lower' }] };
  const imported = importRobot(Module, files, 'franka_hand/hand.urdf', request, DOMParser);
  assert.equal(imported.error, '');
  assert.deepEqual(imported.joints, ['panda_finger_joint1', 'panda_finger_joint2']);
  const native = await nativeScene(path.join(validation, 'franka_hand/hand.urdf'), 'hand', ['--fingers', 'panda_finger_joint1:lower']);
  assert.equal(`${imported.scene}\n`, native);
  const articulation = JSON.parse(imported.scene).articulations[0];
  const fingers = articulation.links.filter((link) => link.joint.actuator?.close_direction);
  assert.deepEqual(fingers.map((link) => [link.name, link.joint.actuator.close_direction]), [['panda_leftfinger', -1]]);
  // Its follower (the mimic joint) closes with it, so naming the follower is refused.
  const follower = importRobot(Module, files, 'franka_hand/hand.urdf', { fingers: [{ joint: 'panda_finger_joint2' }] }, DOMParser);
  assert.match(follower.error, /panda_finger_joint2/);
  assert.equal(follower.scene, '');
});

test('the Robotiq 2F-85, its collision meshes COLLADA read through the DOM, imports as the command line imports it', robots, async () => {
  const files = new RobotFiles(await folderEntries(path.join(validation, 'robotiq_2f85')));
  const imported = importRobot(Module, files, 'robotiq_2f85/robotiq_arg2f_85_model.urdf', {}, DOMParser);
  assert.equal(imported.error, '');
  const native = await nativeScene(path.join(validation, 'robotiq_2f85/robotiq_arg2f_85_model.urdf'), 'robotiq_arg2f_85_model');
  assert.equal(`${imported.scene}\n`, native);
  // Its report lists what it ignored, as text (the transmissions, for one).
  assert.match(imported.report, /^ignored: <transmission> \(first at line 323\)$/m);
});

test('a missing collision mesh is refused naming the link and the file; a missing visual mesh is a warning', robots, async () => {
  const entries = (await folderEntries(path.join(validation, 'franka_hand'))).filter(
    ([file]) => !file.endsWith('collision/finger.stl') && !file.endsWith('visual/hand.dae'),
  );
  const imported = importRobot(Module, new RobotFiles(entries), 'franka_hand/hand.urdf', {}, DOMParser);
  assert.match(imported.error, /^franka_hand\/hand\.urdf: link "panda_leftfinger" <collision> 0 \(line \d+\): collision mesh "package:\/\/franka_description\/meshes\/collision\/finger\.stl" not found/);
  assert.equal(imported.scene, '');
  const withoutVisual = (await folderEntries(path.join(validation, 'franka_hand'))).filter(([file]) => !file.endsWith('visual/hand.dae'));
  const warned = importRobot(Module, new RobotFiles(withoutVisual), 'franka_hand/hand.urdf', {}, DOMParser);
  assert.equal(warned.error, '');
  assert.match(warned.report, /warning: link "panda_hand" <visual> 0 \(line \d+\): visual mesh .*hand\.dae" not found/);
});

test('malformed XML and a bad request are refused with one line naming where', () => {
  const files = new RobotFiles([['r/r.urdf', new TextEncoder().encode('<robot name="r">\n<link name="a">\n</robot>')]]);
  const malformed = importRobot(Module, files, 'r/r.urdf', {}, DOMParser);
  assert.match(malformed.error, /^r\/r\.urdf: URDF line [23]: malformed XML \(Opening and ending tag mismatch/);
  const badRequest = importRobot(Module, files, 'r/r.urdf', { fingers: [{ joint: 'a', close: 'sideways' }] }, DOMParser);
  assert.equal(badRequest.error, 'fingers[0].close: "sideways" (allowed: auto, lower, upper)');
});
