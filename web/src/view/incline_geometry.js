// How a supporting plane leans against gravity: its angle from level and the
// directions that show it (docs/page.md, "Inclines"). Plain arrays, physics frame.

const MIN_DEGREES = 0.5; // flatter than this is level ground
const MAX_DEGREES = 89.5; // steeper than this is a wall

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scaled = (a, s) => a.map((v) => v * s);
const minus = (a, b) => a.map((v, i) => v - b[i]);
const unit = (a) => scaled(a, 1 / Math.hypot(...a));

// The z axis of the rotation of quaternion [w, x, y, z]: a plane geom's normal.
export function normalOf([w, x, y, z]) {
  return [2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)];
}

// The product a * b of quaternions [w, x, y, z].
export function multiplyQuaternions([aw, ax, ay, az], [bw, bx, by, bz]) {
  return [
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ];
}

// A plane of unit normal `normal` under `gravity`: {degrees, downhill, level} with
// downhill the unit direction of steepest descent in the plane and level the unit
// horizontal direction beneath it, or null for level ground, a wall, no gravity or
// a plane facing down.
export function inclineOf(normal, gravity) {
  const g = Math.hypot(...gravity);
  if (g === 0) return null;
  const down = scaled(gravity, 1 / g);
  const cosine = -dot(unit(normal), down);
  if (cosine <= 0) return null;
  const degrees = (Math.acos(Math.min(1, cosine)) * 180) / Math.PI;
  if (degrees < MIN_DEGREES || degrees > MAX_DEGREES) return null;
  const n = unit(normal);
  const downhill = unit(minus(down, scaled(n, dot(down, n))));
  const level = unit(minus(downhill, scaled(down, dot(downhill, down))));
  return { degrees, downhill, level };
}
