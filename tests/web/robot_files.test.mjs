// A robot's files in the page (web/src/open/robot_files.js): mesh filenames found in the
// dropped tree by the package:// rules of docs/urdf.md, and a .zip read with its caps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipSync } from 'fflate';
import { RobotFiles, normalisePath, robotFilesOf, zipEntries } from '../../web/src/open/robot_files.js';

const bytes = (text) => new TextEncoder().encode(text);
const files = (...paths) => new RobotFiles(paths.map((path) => [path, bytes(path)]));

test('paths are normalised: backslashes, doubled slashes, . and ..', () => {
  assert.equal(normalisePath('/a//b/./c/../d\\e.STL'), 'a/b/d/e.STL');
});

test('only URDF, mesh and OBJ material files are kept, in any case', () => {
  const held = files('r/robot.URDF', 'r/meshes/a.Stl', 'r/meshes/b.obj', 'r/meshes/b.MTL', 'r/meshes/c.DAE', 'r/meshes/c.png', 'r/CMakeLists.txt');
  assert.deepEqual(held.paths.sort(), ['r/meshes/a.Stl', 'r/meshes/b.MTL', 'r/meshes/b.obj', 'r/meshes/c.DAE', 'r/robot.URDF']);
  assert.deepEqual(held.urdfPaths(), ['r/robot.URDF']);
});

test('package://NAME/rest: under a folder named NAME anywhere, before one holding NAME', () => {
  const held = files('ws/src/hand_description/urdf/hand.urdf', 'ws/src/hand_description/meshes/hand.stl');
  assert.equal(held.locate('package://hand_description/meshes/hand.stl', 'ws/src/hand_description/urdf/hand.urdf'),
    'ws/src/hand_description/meshes/hand.stl');
  // The URDF beside its package folder (the shared validation layout).
  const beside = files('franka_hand/hand.urdf', 'franka_hand/franka_description/meshes/collision/hand.stl');
  assert.equal(beside.locate('package://franka_description/meshes/collision/hand.stl', 'franka_hand/hand.urdf'),
    'franka_hand/franka_description/meshes/collision/hand.stl');
});

test('a renamed package folder: the rest under the URDF\'s folder or one above it', () => {
  const held = files('gripper-main/urdf/g.urdf', 'gripper-main/meshes/base.stl');
  assert.equal(held.locate('package://robotiq_description/meshes/base.stl', 'gripper-main/urdf/g.urdf'),
    'gripper-main/meshes/base.stl');
});

test('messy package paths: doubled slashes, ./ and .., a case that differs', () => {
  const held = files('pkg/urdf/r.urdf', 'pkg/meshes/Link1.STL');
  assert.equal(held.locate('package://pkg//meshes/./x/../Link1.STL', 'pkg/urdf/r.urdf'), 'pkg/meshes/Link1.STL');
  assert.equal(held.locate('package://pkg/meshes/link1.stl', 'pkg/urdf/r.urdf'), 'pkg/meshes/Link1.STL');
});

test('relative filenames from the URDF\'s folder; absolute ones and file:// by their longest tail found', () => {
  const held = files('robot/urdf/r.urdf', 'robot/meshes/a.obj', 'other/meshes/a.obj', 'robot/meshes/b.obj');
  assert.equal(held.locate('../meshes/a.obj', 'robot/urdf/r.urdf'), 'robot/meshes/a.obj');
  assert.equal(held.locate('file:///home/me/robot/meshes/b.obj', 'robot/urdf/r.urdf'), 'robot/meshes/b.obj');
  assert.equal(held.locate('/opt/ros/share/robot/meshes/a.obj', 'robot/urdf/r.urdf'), 'robot/meshes/a.obj');
});

test('a mesh not there: the first place looked at, which exists() refuses', () => {
  const held = files('pkg/r.urdf');
  const place = held.locate('package://pkg/meshes/gone.stl', 'pkg/r.urdf');
  assert.equal(place, 'pkg/meshes/gone.stl');
  assert.equal(held.exists(place), false);
  assert.equal(held.read(place), null);
});

test('a .zip: its URDF and meshes under the zip\'s folder, their bytes as zipped', async () => {
  const zip = zipSync({
    'hand/hand.urdf': bytes('<robot name="h"/>'),
    'hand/meshes/finger.STL': new Uint8Array([1, 2, 3]),
    'hand/README.md': bytes('not kept'),
  });
  const held = await robotFilesOf([['dropped/hand.zip', new Blob([zip])]], 1 << 20);
  assert.deepEqual(held.paths.sort(), ['dropped/hand/hand.urdf', 'dropped/hand/meshes/finger.STL']);
  assert.deepEqual([...held.read('dropped/hand/meshes/finger.STL')], [1, 2, 3]);
  assert.equal(new TextDecoder().decode(held.read('dropped/hand/hand.urdf')), '<robot name="h"/>');
});

test('a .zip whose files unpack past the cap, or that is no zip, is refused with the reason', async () => {
  const zip = zipSync({ 'big.stl': new Uint8Array(5000) });
  assert.throws(() => zipEntries(zip, 4999), /^Error: its files unpack to more than 4999 bytes/);
  assert.equal(zipEntries(zip, 5000).length, 1);
  assert.throws(() => zipEntries(bytes('PK not really'), 1000), /not a readable \.zip/);
  await assert.rejects(robotFilesOf([['a.stl', new Blob([new Uint8Array(10)])]], 9), /pass 9 bytes in all/);
});
