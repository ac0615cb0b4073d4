// The smallest span each plot's y axis shows, from the scene's own scale, so that
// rounding noise (box_rest's friction: 5e-7 N on a resting box) draws as the zero it is
// instead of being blown up to fill the plot: a hundredth of the heaviest moving
// body's weight for forces, of the speed scale sqrt(g L) of the largest moving body
// (its size L) for speeds, and of L for the gap (the loop error keeps none: its drift
// is the signal). A scene without moving bodies or gravity keeps no minimum.
import { bodyReaches } from '../view/body_meshes.js';

const FRACTION = 0.01;

// {force [N], speed [m/s], length [m]}: the minimum spans of the scene's quantities.
export function minimumSpans(description) {
  const { gravity_x: gx, gravity_y: gy, gravity_z: gz } = description.options;
  const gravity = Math.hypot(gx, gy, gz);
  const moving = description.bodies.map((body) => !body.static);
  const heaviest = Math.max(0, ...description.bodies.map((body, i) => (moving[i] ? body.mass || 0 : 0)));
  const size = Math.max(0, ...bodyReaches(description).filter((_, i) => moving[i]));
  return {
    force: FRACTION * heaviest * gravity,
    speed: FRACTION * Math.sqrt(gravity * size),
    length: FRACTION * size,
  };
}
