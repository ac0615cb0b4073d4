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
import { nativeCli, repositoryUrl } from '../support/repository_files.mjs';

const validation = repositoryUrl('../shared/validation/urdf/').pathname;
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
  execFileSync(nativeCli, ['import', urdf, ...args, '-o', out], { stdio: ['ignore', 'ignore', 'pipe'] });
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

// The rest of the shared set, each with the command line's defaults: among them
// cube_small.urdf, whose XML declaration (version="0.0") DOMParser refuses as written.
for (const urdf of ['barrett_hand/bhand_model.urdf', 'cube_small/cube_small.urdf', 'franka_panda/panda.urdf', 'mug/mug.urdf', 'torus/torus.urdf']) {
  test(`${urdf} imports as the command line imports it`, robots, async () => {
    const files = new RobotFiles(await folderEntries(path.join(validation, path.dirname(urdf))));
    const imported = importRobot(Module, files, urdf, {}, DOMParser);
    assert.equal(imported.error, '');
    assert.equal(`${imported.scene}\n`, await nativeScene(path.join(validation, urdf), path.basename(urdf, '.urdf')));
  });
}

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

// Quaternion (w, x, y, z) applied to v.
function rotate([w, x, y, z], [vx, vy, vz]) {
  const tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

// Bounding box [[min], [max]] of points posed by (position, orientation) and moved by -shift.
function posedBox(points, position, orientation, shift = [0, 0, 0]) {
  const box = [[Infinity, Infinity, Infinity], [-Infinity, -Infinity, -Infinity]];
  for (const point of points) {
    const p = rotate(orientation, point).map((c, k) => c + position[k] - shift[k]);
    for (let k = 0; k < 3; k += 1) {
      box[0][k] = Math.min(box[0][k], p[k]);
      box[1][k] = Math.max(box[1][k], p[k]);
    }
  }
  return box;
}

function vertexList(positions) {
  return Array.from({ length: positions.length / 3 }, (_, i) => [positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]]);
}

test('the Franka hand\'s visual meshes come back per body with their triangles, in the body frame the scene uses', robots, async () => {
  const expected = JSON.parse(await readFile(path.join(validation, 'expected.json'), 'utf8')).robots.franka_hand;
  const entries = await folderEntries(path.join(validation, 'franka_hand'));
  // A variant: the hand's centre of mass moved off its link frame (the body frame moves
  // with it), and a frame-only link fixed to the hand carrying a box whose colour is a
  // material named at the robot level.
  const urdf = new TextDecoder().decode(entries.find(([file]) => file === 'franka_hand/hand.urdf')[1]);
  const variant = urdf
    .replace('<origin xyz="0 0 0" rpy="0 0 0"/>', '<origin xyz="0.01 0.02 0.03" rpy="0 0 0"/>')
    .replace(
      '</robot>',
      '<material name="tagged"><color rgba="0 0.5 1 1"/></material>' +
        '<link name="tag"><visual><origin xyz="0 0 0.01"/><geometry><box size="0.01 0.02 0.03"/></geometry>' +
        '<material name="tagged"/></visual></link>' +
        '<joint name="tag_joint" type="fixed"><parent link="panda_hand"/><child link="tag"/>' +
        '<origin xyz="0.1 0 0" rpy="0 0 1.5707963267948966"/></joint></robot>',
    );
  assert.notEqual(variant, urdf);
  const files = new RobotFiles([...entries.filter(([file]) => file !== 'franka_hand/hand.urdf'), ['franka_hand/hand.urdf', new TextEncoder().encode(variant)]]);
  const imported = importRobot(Module, files, 'franka_hand/hand.urdf', {}, DOMParser);
  assert.equal(imported.error, '');
  const { shapes, capped } = imported.visuals;
  assert.equal(capped, false);
  // Per body: its visual elements, each mesh with as many triangles as its file holds
  // (expected.json counts them from the files), uncoloured (the hand gives no rgba).
  const triangles = (file) => expected.files[`franka_hand/franka_description/meshes/visual/${file}`].triangles;
  const meshes = shapes.filter((shape) => shape.type === 'mesh');
  assert.deepEqual(
    meshes.map((shape) => [shape.body, shape.indices.length / 3, shape.color]),
    [['panda_hand', triangles('hand.dae'), null], ['panda_leftfinger', triangles('finger.dae'), null], ['panda_rightfinger', triangles('finger.dae'), null]],
  );
  for (const shape of meshes) assert.ok(Math.max(...shape.indices) < shape.positions.length / 3);
  // The frame: each visual mesh posed in its body covers the box its collision hull
  // covers there (the same part, modelled twice: within 1 mm).
  const links = JSON.parse(imported.scene).articulations[0].links;
  for (const shape of meshes) {
    const link = links.find((candidate) => candidate.name === shape.body);
    const [hull] = link.geoms;
    const visualBox = posedBox(vertexList(shape.positions), shape.position, shape.orientation);
    const hullBox = posedBox(hull.vertices, hull.position, hull.orientation, link.center_of_mass);
    for (let side = 0; side < 2; side += 1) {
      for (let k = 0; k < 3; k += 1) {
        assert.ok(Math.abs(visualBox[side][k] - hullBox[side][k]) < 1e-3, `${shape.body} box ${side} axis ${k}: ${visualBox[side][k]} vs ${hullBox[side][k]}`);
      }
    }
  }
  assert.deepEqual(links[0].center_of_mass.map((c) => Number(c.toFixed(9))), [0.01, 0.02, 0.03]);
  // The tag's box, merged into the hand over its fixed joint: at the joint's origin
  // composed with the visual's, less the hand's centre of mass, in the named colour.
  const [box] = shapes.filter((shape) => shape.type === 'box');
  assert.equal(box.body, 'panda_hand');
  assert.deepEqual(box.half_extents.map((c) => Number(c.toFixed(9))), [0.005, 0.01, 0.015]);
  assert.deepEqual(box.position.map((c) => Number(c.toFixed(9))), [0.09, -0.02, -0.02]);
  assert.deepEqual(box.orientation.map((c) => Number(c.toFixed(9))), [Number(Math.SQRT1_2.toFixed(9)), 0, 0, Number(Math.SQRT1_2.toFixed(9))]);
  assert.deepEqual(box.color, [0, 0.5, 1, 1]);
});

test('the Robotiq 2F-85\'s visuals each carry the rgba its URDF gives it', robots, async () => {
  const urdfPath = 'robotiq_2f85/robotiq_arg2f_85_model.urdf';
  const files = new RobotFiles(await folderEntries(path.join(validation, 'robotiq_2f85')));
  const imported = importRobot(Module, files, urdfPath, {}, DOMParser);
  assert.equal(imported.error, '');
  const document = new DOMParser().parseFromString(await readFile(path.join(validation, urdfPath), 'utf8'), 'text/xml');
  const written = Array.from(document.getElementsByTagName('visual'), (visual) => {
    const color = visual.getElementsByTagName('color')[0];
    return color ? color.getAttribute('rgba').trim().split(/\s+/).map(Number) : null;
  });
  assert.equal(written.filter(Boolean).length, 11);
  // The scene orders links parent before child, not as the file does: compared as
  // sorted lists, every colour as often as written.
  const key = (color) => JSON.stringify(color);
  assert.deepEqual(imported.visuals.shapes.map((shape) => key(shape.color)).sort(), written.map(key).sort());
  assert.equal(imported.visuals.triangles, imported.visuals.shapes.reduce((sum, shape) => sum + shape.indices.length / 3, 0));
});

// Colours are compared rounded to 1e-6.
const colorKey = (rgba) => (rgba ? rgba.map((c) => c.toFixed(6)).join(' ') : 'none');

function addCount(counts, key, count) {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

// An OBJ file with its material library, read here line by line => Map(colour key =>
// triangle indices under it): each face's material's Kd (alpha d, else 1), fanned.
function objColorIndices(objText, mtlText) {
  const colors = new Map();
  let current = null;
  for (const line of mtlText.split('\n')) {
    const [word, ...values] = line.trim().split(/\s+/);
    if (word === 'newmtl') current = values[0];
    else if (word === 'Kd') colors.set(current, [...values.map(Number), colors.get(current)?.[3] ?? 1]);
    else if (word === 'd' && colors.has(current)) colors.get(current)[3] = Number(values[0]);
  }
  const counts = new Map();
  let material = null;
  for (const line of objText.split('\n')) {
    const [word, ...values] = line.trim().split(/\s+/);
    if (word === 'usemtl') material = values[0];
    else if (word === 'f') addCount(counts, colorKey(colors.get(material)), 3 * (values.length - 2));
  }
  return counts;
}

// A COLLADA file read with the DOM => Map(colour key => triangle indices): each
// <triangles>'s symbol, bound to a material, its effect's diffuse colour.
function daeColorIndices(text) {
  const document = new DOMParser().parseFromString(text, 'text/xml');
  const all = (name, within = document) => Array.from(within.getElementsByTagName(name));
  const effects = new Map(all('effect').map((effect) => {
    const diffuse = all('diffuse', effect)[0];
    const color = diffuse ? all('color', diffuse)[0] : undefined;
    return [effect.getAttribute('id'), color ? color.textContent.trim().split(/\s+/).map(Number) : null];
  }));
  const materials = new Map(all('material').filter((m) => m.getAttribute('id')).map((material) =>
    [material.getAttribute('id'), effects.get(all('instance_effect', material)[0].getAttribute('url').slice(1))]));
  const bound = new Map(all('instance_material').map((m) => [m.getAttribute('symbol'), m.getAttribute('target').slice(1)]));
  const counts = new Map();
  for (const triangles of all('triangles')) {
    const symbol = triangles.getAttribute('material');
    addCount(counts, colorKey(materials.get(bound.get(symbol) ?? symbol)), 3 * Number(triangles.getAttribute('count')));
  }
  return counts;
}

// The import's visual meshes => Map(colour key => indices): each group in its file's
// colour, or 'none' (drawn in the URDF's colour or the default).
function drawnColorIndices(shapes) {
  const counts = new Map();
  for (const shape of shapes.filter((s) => s.type === 'mesh')) {
    if (shape.groups.length === 0) addCount(counts, 'none', shape.indices.length);
    for (const group of shape.groups) addCount(counts, colorKey(group.color), group.count);
    assert.equal(shape.groups.reduce((sum, group) => sum + group.count, 0), shape.groups.length ? shape.indices.length : 0);
  }
  return counts;
}

const sorted = (counts) => [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));

for (const [folder, urdf] of [['franka_hand', 'franka_hand/hand.urdf'], ['barrett_hand', 'barrett_hand/bhand_model.urdf']]) {
  test(`${urdf}'s visual meshes carry the colours their files give (COLLADA effects, OBJ .mtl Kd)`, robots, async () => {
    const files = new RobotFiles(await folderEntries(path.join(validation, folder)));
    const imported = importRobot(Module, files, urdf, {}, DOMParser);
    assert.equal(imported.error, '');
    // Expected: every visual mesh of the URDF, its file read here.
    const document = new DOMParser().parseFromString(new TextDecoder().decode(files.read(urdf)), 'text/xml');
    const expected = new Map();
    for (const visual of Array.from(document.getElementsByTagName('visual'))) {
      const mesh = visual.getElementsByTagName('mesh')[0];
      const file = files.locate(mesh.getAttribute('filename'), urdf);
      const text = new TextDecoder().decode(files.read(file));
      const counts = /\.dae$/i.test(file)
        ? daeColorIndices(text)
        : objColorIndices(text, new TextDecoder().decode(files.read(file.replace(/\.obj$/i, '.mtl'))));
      for (const [key, count] of counts) addCount(expected, key, count);
    }
    assert.ok(expected.size >= 2, `at least two colours: ${[...expected.keys()]}`);
    assert.equal(expected.has('none'), false);
    assert.deepEqual(sorted(drawnColorIndices(imported.visuals.shapes)), sorted(expected));
  });
}

test('without its .mtl files the Barrett hand\'s OBJ visuals have no file colours, silently', robots, async () => {
  const entries = await folderEntries(path.join(validation, 'barrett_hand'));
  const files = new RobotFiles(entries.filter(([file]) => !file.endsWith('.mtl')));
  const imported = importRobot(Module, files, 'barrett_hand/bhand_model.urdf', {}, DOMParser);
  assert.equal(imported.error, '');
  assert.doesNotMatch(imported.report, /mtl/);
  assert.ok(imported.visuals.shapes.length > 0);
  for (const shape of imported.visuals.shapes) assert.deepEqual(shape.groups, []);
});
