// Snapping a moved body to the ground and to other bodies' faces, on the bodies'
// axis-aligned bounding boxes in the physics frame ({min: [x, y, z], max: [x, y, z]},
// metres). Along each axis the moved box's face nearest to a face it could rest
// against (the other box's opposite face, where the two overlap across that axis; the
// ground's height for its bottom) is brought onto it, when they are within
// `threshold`. A rotated body snaps by its bounding box, not its slanted faces.

// v turned by the unit quaternion [w, x, y, z].
export function rotate([w, x, y, z], [vx, vy, vz]) {
  // t = 2 q_vec x v; v' = v + w t + q_vec x t
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

// The product a * b of quaternions [w, x, y, z].
export function multiply([aw, ax, ay, az], [bw, bx, by, bz]) {
  return [
    aw * bw - ax * bx - ay * by - az * bz,
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
  ];
}

// A geom's half sizes along its own axes [m] (a convex hull: its vertices' bounds
// about the origin).
function halfSizes(geom) {
  if (geom.type === 'box') return { centre: [0, 0, 0], half: geom.half_extents };
  if (geom.type === 'sphere') return { centre: [0, 0, 0], half: [geom.radius, geom.radius, geom.radius] };
  if (geom.type === 'capsule') return { centre: [0, 0, 0], half: [geom.radius, geom.radius, geom.half_length + geom.radius] };
  if (geom.type === 'cylinder') return { centre: [0, 0, 0], half: [geom.radius, geom.radius, geom.half_length] };
  const min = [0, 1, 2].map((axis) => Math.min(...geom.vertices.map((vertex) => vertex[axis])));
  const max = [0, 1, 2].map((axis) => Math.max(...geom.vertices.map((vertex) => vertex[axis])));
  return { centre: min.map((low, axis) => (low + max[axis]) / 2), half: min.map((low, axis) => (max[axis] - low) / 2) };
}

// The bounding box {min, max} of a body's geoms (scene file geoms: type, sizes, position,
// orientation; planes left out) with the body frame at `position` turned by
// `orientation` [w, x, y, z]; null without a geom that has a size.
export function bodyBox(geoms, position, orientation) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const geom of geoms) {
    if (geom.type === 'plane') continue;
    const { centre, half } = halfSizes(geom);
    const own = geom.orientation ?? [1, 0, 0, 0];
    const turn = multiply(orientation, own);
    const shifted = rotate(own, centre);
    const offset = rotate(orientation, (geom.position ?? [0, 0, 0]).map((value, axis) => value + shifted[axis]));
    // the half widths of the turned box along each world axis: sum |R_ij| h_j
    const columns = [0, 1, 2].map((axis) => rotate(turn, [0, 1, 2].map((j) => (j === axis ? 1 : 0))));
    for (let i = 0; i < 3; i += 1) {
      const reach = columns.reduce((sum, column, j) => sum + Math.abs(column[i]) * half[j], 0);
      min[i] = Math.min(min[i], position[i] + offset[i] - reach);
      max[i] = Math.max(max[i], position[i] + offset[i] + reach);
    }
  }
  return Number.isFinite(min[0]) ? { min, max } : null;
}

function overlaps(a, b, axis) {
  return a.min[axis] < b.max[axis] && b.min[axis] < a.max[axis];
}

// The translation [dx, dy, dz] that snaps `moved`; `others`: the other bodies' boxes;
// `groundHeights`: the z of every ground plane.
export function snapOffset(moved, others, groundHeights, threshold) {
  const offset = [0, 0, 0];
  for (let axis = 0; axis < 3; axis += 1) {
    const across = [0, 1, 2].filter((other) => other !== axis);
    let best = threshold;
    let shift = 0;
    const consider = (gap) => {
      if (Math.abs(gap) <= best) {
        best = Math.abs(gap);
        shift = gap;
      }
    };
    if (axis === 2) for (const height of groundHeights) consider(height - moved.min[2]);
    for (const other of others) {
      if (!across.every((a) => overlaps(moved, other, a))) continue;
      consider(other.max[axis] - moved.min[axis]); // resting on its upper face
      consider(other.min[axis] - moved.max[axis]); // against its lower face
    }
    offset[axis] = shift;
  }
  return offset;
}
