// The view's body meshes: an imported robot's visual shapes drawn in place of the geoms
// of the bodies they name, posed in the body frame, coloured as the URDF says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Color, Group, SRGBColorSpace } from 'three';
import { BodyMeshes } from '../../web/src/view/body_meshes.js';

const poseLayout = { stride: 7, offsets: (names) => Object.fromEntries(names.map((name, i) => [name, i])) };
const box = { type: 'box', half_extents: [0.1, 0.1, 0.1], position: [0, 0, 0], orientation: [1, 0, 0, 0] };
const description = {
  bodies: [
    { name: 'ground', static: true, geoms: [{ type: 'plane', position: [0, 0, 0], orientation: [1, 0, 0, 0] }] },
    { name: 'palm', geoms: [box, box] },
    { name: 'cube', geoms: [box] },
  ],
};
const triangle = {
  body: 'palm',
  type: 'mesh',
  position: [0, 0, 0.2],
  orientation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2],
  positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]),
  indices: new Uint32Array([0, 1, 2]),
  color: [1, 0.5, 0, 0.5],
};

test('visual shapes replace the geoms of the bodies they name, posed and coloured as given', () => {
  const meshes = new BodyMeshes(new Group(), poseLayout);
  meshes.build(description, 1, 1, [triangle]);
  assert.equal(meshes.visualShapes, 1);
  const [, palm, cube] = meshes.bodies;
  assert.equal(palm.children.length, 1, 'the palm is drawn by its one visual shape, not its two boxes');
  assert.equal(cube.children.length, 1, 'a body without visual shapes keeps its geoms');
  const [drawn] = palm.children;
  assert.deepEqual(drawn.position.toArray(), [0, 0, 0.2]);
  assert.ok(Math.abs(drawn.quaternion.z - Math.SQRT1_2) < 1e-12);
  assert.equal(drawn.geometry.index.count, 3);
  assert.ok(drawn.material.color.equals(new Color().setRGB(1, 0.5, 0, SRGBColorSpace)));
  assert.equal(drawn.material.opacity, 0.5);
  assert.equal(drawn.material.transparent, true);
  // Collision again: the geoms.
  meshes.build(description, 1, 1, []);
  assert.equal(meshes.visualShapes, 0);
  assert.equal(meshes.bodies[1].children.length, 2);
});

test('a mesh whose file colours its triangles is drawn with a material per group, the URDF colour where the file gives none', () => {
  const square = {
    ...triangle,
    positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
    indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
    groups: [{ start: 0, count: 3, color: null }, { start: 3, count: 3, color: [0, 0, 1, 1] }],
  };
  const meshes = new BodyMeshes(new Group(), poseLayout);
  meshes.build(description, 1, 1, [square]);
  const [drawn] = meshes.bodies[1].children;
  assert.deepEqual(drawn.geometry.groups.map(({ start, count, materialIndex }) => [start, count, materialIndex]), [[0, 3, 0], [3, 3, 1]]);
  assert.equal(drawn.material.length, 2);
  assert.ok(drawn.material[0].color.equals(new Color().setRGB(1, 0.5, 0, SRGBColorSpace)), "the URDF's colour");
  assert.equal(drawn.material[0].opacity, 0.5);
  assert.ok(drawn.material[1].color.equals(new Color().setRGB(0, 0, 1, SRGBColorSpace)), "the file's colour");
  assert.equal(drawn.material[1].transparent, false);
  // A ghost (compare mode's twin) draws the same visual shapes, translucent.
  const ghost = new BodyMeshes(new Group(), poseLayout, { ghost: true });
  ghost.build(description, 1, 1, [square]);
  assert.equal(ghost.visualShapes, 1);
  const [ghostDrawn] = ghost.bodies[1].children;
  assert.equal(ghostDrawn.material.length, 2);
  assert.ok(ghostDrawn.material.every((material) => material.transparent && material.opacity < 0.5));
  meshes.clear();
  ghost.clear();
  assert.equal(meshes.bodies.length, 0);
});
