// A mesh file made a body through the import module (web/src/open/mesh_body.js,
// wasm/import/, core/import/mesh_body.h), as the editor adds one: STL files written
// here (binary and ASCII) and an OBJ become convex hulls whose vertex counts, extents
// and volumes are the mesh's, in metres when the file is in millimetres, resting on the
// body's origin; the main module loads the body and it stays at rest on the ground; a
// flat mesh and a wrong unit are refused naming the field.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { meshBodyOf } from '../../web/src/open/mesh_body.js';
import { loadContactlab, loadContactlabImport } from '../support/contactlab_module.mjs';

let Import;
let Contactlab;

before(async () => {
  [Import, Contactlab] = await Promise.all([loadContactlabImport(), loadContactlab()]);
});

// A binary STL of `triangles` ([[x, y, z] x 3] each): 80-byte header, count, 50 bytes each.
function binaryStl(triangles) {
  const view = new DataView(new ArrayBuffer(84 + 50 * triangles.length));
  view.setUint32(80, triangles.length, true);
  triangles.forEach((triangle, t) => {
    triangle.flat().forEach((value, i) => view.setFloat32(84 + 50 * t + 12 + 4 * i, value, true));
  });
  return new Uint8Array(view.buffer);
}

function asciiStl(triangles) {
  const facets = triangles.map((triangle) =>
    `facet normal 0 0 0\nouter loop\n${triangle.map((v) => `vertex ${v.join(' ')}`).join('\n')}\nendloop\nendfacet`);
  return `solid test\n${facets.join('\n')}\nendsolid test\n`;
}

// The 12 triangles of the box [x0, x0 + a] x [y0, y0 + b] x [z0, z0 + c].
function boxTriangles([x0, y0, z0], [a, b, c]) {
  const corner = (i) => [x0 + (i & 1 ? a : 0), y0 + (i & 2 ? b : 0), z0 + (i & 4 ? c : 0)];
  const quads = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  return quads.flatMap(([p, q, r, s]) => [[corner(p), corner(q), corner(r)], [corner(p), corner(r), corner(s)]]);
}

const request = (file, units, field = 'bodies[1]') => ({ file, units, name: 'part', mass: 0.5, field });

function extents(vertices) {
  const lowest = [0, 1, 2].map((i) => Math.min(...vertices.map((v) => v[i])));
  const highest = [0, 1, 2].map((i) => Math.max(...vertices.map((v) => v[i])));
  return { lowest, highest };
}

// The volume of the tetrahedron (a, b, c, d): |det(b - a, c - a, d - a)| / 6.
function tetrahedronVolume([a, b, c, d]) {
  const [u, v, w] = [b, c, d].map((p) => p.map((x, i) => x - a[i]));
  return Math.abs(u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
}

test('a binary STL box in millimetres: 8 hull vertices, its extents in metres, centred and resting on its origin', () => {
  // 40 x 60 x 20 mm at (500, -300, 1000) mm.
  const result = meshBodyOf(Import, binaryStl(boxTriangles([500, -300, 1000], [40, 60, 20])), request('block.stl', 'mm'));
  assert.equal(result.error, '');
  assert.equal(result.body.name, 'part');
  assert.equal(result.body.mass, 0.5);
  assert.equal(result.body.geoms.length, 1);
  const { vertices } = result.body.geoms[0];
  assert.equal(vertices.length, 8);
  const { lowest, highest } = extents(vertices);
  [[-0.02, 0.02], [-0.03, 0.03], [0, 0.02]].forEach(([low, high], i) => {
    assert.ok(Math.abs(lowest[i] - low) < 1e-9 && Math.abs(highest[i] - high) < 1e-9, `axis ${i}: ${lowest[i]}..${highest[i]}`);
  });

  // The main module loads it as a body; on the ground it stays where it was put.
  const scene = {
    name: 'block',
    bodies: [{ name: 'ground', static: true, geoms: [{ type: 'plane' }] }, { ...result.body, position: [0, 0, 0] }],
  };
  const sim = new Contactlab.Simulation();
  try {
    assert.equal(sim.loadScene(JSON.stringify(scene)), '');
    const z0 = sim.bodyPoses()[7 + 2];
    assert.ok(Math.abs(z0 - 0.01) < 1e-9, `the centre of mass starts 10 mm up, got ${z0}`);
    assert.equal(sim.step(200), 200);
    assert.ok(Math.abs(sim.bodyPoses()[7 + 2] - z0) < 1e-3, `at rest: ${sim.bodyPoses()[7 + 2]}`);
  } finally {
    sim.delete();
  }
});

test("an ASCII STL tetrahedron in metres: 4 vertices and the tetrahedron's volume", () => {
  const a = [0.1, 0.2, 0.3];
  const corners = [a, [0.4, 0.2, 0.3], [0.1, 0.5, 0.3], [0.1, 0.2, 0.7]];
  const text = asciiStl([[corners[0], corners[2], corners[1]], [corners[0], corners[1], corners[3]], [corners[0], corners[3], corners[2]], [corners[1], corners[2], corners[3]]]);
  const result = meshBodyOf(Import, text, request('tetra.STL', 'm'));
  assert.equal(result.error, '');
  const { vertices } = result.body.geoms[0];
  assert.equal(vertices.length, 4);
  assert.ok(Math.abs(tetrahedronVolume(vertices) - (0.3 * 0.3 * 0.4) / 6) < 1e-12);
  assert.ok(Math.abs(extents(vertices).lowest[2]) < 1e-12);
});

test('an OBJ: each object a hull (inner points dropped), all moved by one offset', () => {
  // A unit cube with a vertex at its centre, and a tetrahedron 2 m above it.
  const cube = boxTriangles([0, 0, 0], [1, 1, 1]);
  const corners = [...new Set(cube.flat().map((v) => v.join(' ')))];
  const faces = cube.map((triangle) => `f ${triangle.map((v) => corners.indexOf(v.join(' ')) + 1).join(' ')}`);
  const centre = corners.length + 1;
  const obj = [
    'o cube', ...corners.map((v) => `v ${v}`), 'v 0.5 0.5 0.5', ...faces, `f 1 2 ${centre}`,
    'o tip', 'v 0 0 3', 'v 1 0 3', 'v 0 1 3', 'v 0 0 4', 'f 10 12 11', 'f 10 11 13', 'f 10 13 12', 'f 11 12 13',
  ].join('\n');
  const result = meshBodyOf(Import, obj, request('two.obj', 'm'));
  assert.equal(result.error, '');
  assert.deepEqual(result.body.geoms.map((geom) => geom.vertices.length), [8, 4]);
  assert.equal(extents(result.body.geoms[0].vertices).lowest[2], 0);
  assert.equal(extents(result.body.geoms[1].vertices).lowest[2], 3);
});

test('a flat mesh is refused naming the geom and the file; so is a unit other than m or mm', () => {
  const flat = asciiStl([[[0, 0, 0], [1, 0, 0], [0, 1, 0]], [[1, 0, 0], [1, 1, 0], [0, 1, 0]]]);
  const result = meshBodyOf(Import, flat, request('flat.stl', 'm', 'bodies[4]'));
  assert.match(result.error, /^bodies\[4\]\.geoms\[0\]\.vertices: flat\.stl: its convex hull cannot be built \(all points are coplanar/);
  assert.equal(result.body, null);
  assert.equal(meshBodyOf(Import, flat, request('flat.stl', 'cm')).error, 'bodies[1]: flat.stl: units must be m or mm, got "cm"');
  assert.match(meshBodyOf(Import, flat, request('cup.dae', 'm')).error, /^bodies\[1\]: cup\.dae: a body's hull is read from an \.stl or \.obj file/);
});
