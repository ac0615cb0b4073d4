// Where a scene's action is: a ball, in three.js coordinates, around the bodies other
// than planes and around the points below each moving body on every plane under it
// (where falling bodies will land), and the size of the moving bodies.
import { Box3, Vector3 } from 'three';
import { physicsToThree } from './axes.js';
import { bodyReaches } from './body_meshes.js';

// `poses`: the simulation's pose view; `poseLayout`: its record layout.
// => {centre: Vector3, radius, lengthScale} (metres).
export function sceneBounds(description, poses, poseLayout) {
  const stride = poseLayout.stride;
  const { x: ox, y: oy, z: oz } = poseLayout.offsets(['x', 'y', 'z']);
  const reaches = bodyReaches(description);
  const dynamicReaches = reaches.filter((_, i) => !description.bodies[i].static);
  const lengthScale = Math.max(0.01, ...(dynamicReaches.length ? dynamicReaches : reaches));

  const planeHeights = [];
  description.bodies.forEach((body, i) => {
    for (const geom of body.geoms) {
      if (geom.type === 'plane') planeHeights.push(poses[stride * i + oz] + geom.position[2]);
    }
  });
  const bounds = new Box3();
  const point = new Vector3();
  const include = (x, y, z, reach) => {
    physicsToThree(x, y, z, point);
    bounds.expandByPoint(point.clone().addScalar(reach));
    bounds.expandByPoint(point.clone().addScalar(-reach));
  };
  description.bodies.forEach((body, i) => {
    if (reaches[i] === 0) return;
    const [x, y, z] = [poses[stride * i + ox], poses[stride * i + oy], poses[stride * i + oz]];
    include(x, y, z, reaches[i]);
    if (body.static) return;
    for (const height of planeHeights) if (height < z) include(x, y, height + reaches[i], reaches[i]);
  });
  if (bounds.isEmpty()) bounds.setFromCenterAndSize(new Vector3(), new Vector3(1, 1, 1));
  const centre = bounds.getCenter(new Vector3());
  const radius = Math.max(0.5 * bounds.getSize(new Vector3()).length(), 2 * lengthScale);
  return { centre, radius, lengthScale };
}
