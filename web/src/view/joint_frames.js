// Maximal coordinates (docs/maximal_coordinates.md): each joint's two frames, the
// parent's joint frame and the child's, as small axes triads (x red, y green, z blue).
// They coincide while the joint holds and come apart as it drifts (seed 002 eq. 16's
// error, corrected by gamma). Nothing is drawn in reduced coordinates, where the
// simulation gives no frames. Triads are made once per count needed and reused.
import { AxesHelper } from 'three';
import { setQuaternionWxyz } from './axes.js';

export class JointFrames {
  // `parent`: the physics frame's group; `poseLayout`: the frame record's layout
  // (record_layouts.js), the same as a body pose's.
  constructor(parent, poseLayout) {
    this.parent = parent;
    this.stride = poseLayout.stride;
    this.field = poseLayout.offsets(['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz']);
    this.triads = [];
    this.size = 0.05; // [m], set per scene
    this.shown = 0;
  }

  // The triads' length for a scene of this length scale [m].
  setScene(lengthScale) {
    this.size = 0.15 * lengthScale;
    for (const triad of this.triads) triad.scale.setScalar(this.size);
  }

  // Per frame: `view` holds the frame records (two per joint), empty in reduced
  // coordinates.
  update(view) {
    const count = Math.floor(view.length / this.stride);
    while (this.triads.length < count) {
      const triad = new AxesHelper(1);
      triad.scale.setScalar(this.size);
      triad.renderOrder = 1;
      triad.material.depthTest = false; // seen through the link it sits in
      this.parent.add(triad);
      this.triads.push(triad);
    }
    const f = this.field;
    for (let i = 0; i < this.triads.length; i += 1) {
      const triad = this.triads[i];
      triad.visible = i < count;
      if (!triad.visible) continue;
      const base = i * this.stride;
      triad.position.set(view[base + f.x], view[base + f.y], view[base + f.z]);
      setQuaternionWxyz(triad.quaternion, view[base + f.qw], view[base + f.qx], view[base + f.qy], view[base + f.qz]);
    }
    this.shown = count;
  }

  // How many triads the last frame drew (two per joint).
  drawnCount() {
    return this.shown;
  }
}
