// Physics is z-up, three.js is y-up. Everything simulated is drawn inside one group
// whose rotation maps physics axes to three.js axes: (x, y, z) -> (x, z, -y), a
// rotation of -90 degrees about x. Positions and orientations from the simulation
// are then used as they are, with no per-value swizzle.
import { Group, Quaternion, Vector3 } from 'three';

const HALF_SQRT2 = Math.SQRT1_2;

// The rotation taking physics (z-up) coordinates to three.js (y-up) coordinates.
export const PHYSICS_TO_THREE = Object.freeze(new Quaternion(-HALF_SQRT2, 0, 0, HALF_SQRT2));

// A group in which children are placed in physics coordinates.
export function createPhysicsFrame() {
  const frame = new Group();
  frame.name = 'physics-frame';
  frame.quaternion.copy(PHYSICS_TO_THREE);
  return frame;
}

// A physics-frame point or direction in three.js coordinates, written into `out`.
export function physicsToThree(x, y, z, out = new Vector3()) {
  return out.set(x, z, -y);
}

// A three.js point or direction in physics coordinates, as [x, y, z].
export function threeToPhysics(point) {
  return [point.x, -point.z, point.y];
}

// Sets a three.js quaternion from the simulation's (w, x, y, z) order.
export function setQuaternionWxyz(target, w, x, y, z) {
  return target.set(x, y, z, w);
}
