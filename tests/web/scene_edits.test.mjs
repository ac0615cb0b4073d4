// The editor's edits (web/src/editor/scene_edits.js): new bodies rest on the ground
// under free names, edits merge into the body's entry and leave the scene given
// untouched, an unknown body is refused by name, and the volumes the density field
// uses are the shapes' exact ones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addBody, bodyVolume, duplicateBody, freeName, geomVolume, newBody, removeBody, robotPose, setBody, setRobotPose } from '../../web/src/editor/scene_edits.js';

const scene = () => ({
  name: 'edits',
  bodies: [
    { name: 'ground', static: true, geoms: [{ type: 'plane' }] },
    { name: 'box1', mass: 2, position: [0, 0, 0.1], linear_velocity: [1, 0, 0], geoms: [{ type: 'box', half_extents: [0.1, 0.2, 0.1] }] },
  ],
  articulations: [{ name: 'arm', links: [{ name: 'box2' }] }],
});

test('a new body rests on the ground (its lowest point at z = 0) under a free name', () => {
  const given = scene();
  assert.equal(freeName(given, 'box'), 'box3', 'box1 is a body, box2 a link');
  const reaches = { box: 0.1, sphere: 0.1, capsule: 0.05 + 0.1, cylinder: 0.1 };
  for (const [shape, reach] of Object.entries(reaches)) {
    const body = newBody(given, shape, 0.5, -0.25);
    assert.deepEqual(body.position, [0.5, -0.25, reach], shape);
    assert.equal(body.geoms[0].type, shape);
    assert.ok(body.mass > 0);
  }
  const { scene: added } = addBody(given, newBody(given, 'sphere'));
  assert.deepEqual(added.bodies.map((body) => body.name), ['ground', 'box1', 'sphere1']);
  assert.equal(given.bodies.length, 2, 'the scene given is not changed');
});

test('setBody merges fields into the entry; null removes one', () => {
  const given = scene();
  const { scene: edited } = setBody(given, 'box1', { static: true, mass: null, linear_velocity: null, position: [1, 2, 3] });
  assert.deepEqual(edited.bodies[1], { name: 'box1', static: true, position: [1, 2, 3], geoms: given.bodies[1].geoms });
  assert.equal(given.bodies[1].mass, 2, 'the scene given is not changed');
  assert.deepEqual(setBody(given, 'crate', { mass: 1 }), {
    error: 'bodies: no body named "crate" (bodies: ground, box1)',
    field: 'bodies',
  });
  assert.deepEqual(removeBody(given, 'ground').scene.bodies.map((body) => body.name), ['box1']);
  assert.equal(removeBody(given, 'crate').field, 'bodies');
});

test('a duplicate goes beside the original under a free name', () => {
  const { scene: edited, name } = duplicateBody(scene(), 'box1', 0.5);
  assert.equal(name, 'box_copy1');
  assert.deepEqual(edited.bodies.map((body) => body.name), ['ground', 'box1', 'box_copy1']);
  assert.deepEqual(edited.bodies[2].position, [0.5, 0, 0.1]);
  assert.deepEqual(edited.bodies[2].linear_velocity, [1, 0, 0]);
});

test("the shapes' volumes are exact", () => {
  const { PI } = Math;
  assert.equal(geomVolume({ type: 'box', half_extents: [0.1, 0.2, 0.5] }), 8 * 0.1 * 0.2 * 0.5);
  assert.equal(geomVolume({ type: 'sphere', radius: 0.3 }), (4 / 3) * PI * 0.3 ** 3);
  assert.equal(geomVolume({ type: 'cylinder', radius: 0.1, half_length: 0.2 }), PI * 0.01 * 0.4);
  // a capsule is a cylinder of length 2h and a sphere of its radius
  const capsule = geomVolume({ type: 'capsule', radius: 0.1, half_length: 0.2 });
  assert.ok(Math.abs(capsule - (PI * 0.01 * 0.4 + (4 / 3) * PI * 0.001)) < 1e-15);
  assert.ok(Number.isNaN(geomVolume({ type: 'convex_hull', vertices: [] })));
  assert.equal(bodyVolume(scene().bodies[1]), 8 * 0.1 * 0.2 * 0.1);
});

test("a robot's pose sets its first root origin and carries its other roots rigidly with it", () => {
  const link = (name, parent, origin) => ({ name, parent, joint: { type: 'revolute', origin }, geoms: [] });
  const scene = {
    bodies: [],
    articulations: [
      {
        name: 'twin',
        links: [
          link('a', 'world', { position: [1, 0, 0] }),
          link('a1', 'a', { position: [0, 0, 0.5] }),
          link('b', undefined, { position: [1, 2, 0], orientation: [1, 0, 0, 0] }),
        ],
      },
    ],
  };
  const quarter = [Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // a quarter turn about z
  const { scene: moved } = setRobotPose(scene, 'twin', { position: [0, 0, 1], orientation: quarter });
  assert.deepEqual(robotPose(moved, 'twin'), { position: [0, 0, 1], orientation: quarter });
  const [, child, other] = moved.articulations[0].links;
  assert.deepEqual(child.joint.origin, { position: [0, 0, 0.5] });
  // b was 2 m along y from a; turned a quarter about z it is 2 m along -x from a's new place
  other.joint.origin.position.forEach((value, i) => assert.ok(Math.abs(value - [-2, 0, 1][i]) < 1e-12, `${value}`));
  other.joint.origin.orientation.forEach((value, i) => assert.ok(Math.abs(value - quarter[i]) < 1e-12, `${value}`));
  assert.deepEqual(scene.articulations[0].links[0].joint.origin, { position: [1, 0, 0] }, 'the argument is not changed');
  const { scene: shifted } = setRobotPose(scene, 'twin', { position: [1, 0, 3] });
  assert.deepEqual(robotPose(shifted, 'twin').orientation, [1, 0, 0, 0], 'an orientation left out stays');
  assert.deepEqual(shifted.articulations[0].links[2].joint.origin.position, [1, 2, 3]);
});
