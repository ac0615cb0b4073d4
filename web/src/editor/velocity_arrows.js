// The edited scene's initial velocities, drawn while editing: an arrow from each
// dynamic body's centre of mass along its `linear_velocity` (orange, 0.25 m per m/s)
// and one along its `angular_velocity` (violet, the rotation axis by the right-hand
// rule, 0.05 m per rad/s).
import { ArrowHelper, Group, Vector3 } from 'three';

const KINDS = [
  { field: 'linear_velocity', color: 0xff8c1a, metresPer: 0.25 },
  { field: 'angular_velocity', color: 0x9b5de5, metresPer: 0.05 },
];

export class VelocityArrows {
  #view;
  #session;
  #group = new Group();

  constructor(view, session) {
    this.#view = view;
    this.#session = session;
    this.#group.name = 'initial-velocities';
    view.physicsFrame.add(this.#group);
  }

  followEditor(editor) {
    const redraw = () => this.show(editor.editing ? editor.scene : null);
    editor.on('changed', redraw);
    this.#session.on('reset', redraw);
  }

  // How many arrows are drawn.
  get count() {
    return this.#group.children.length;
  }

  // Draws the arrows of `scene` (a scene file's object) at the bodies' initial poses;
  // null draws none.
  show(scene) {
    for (const arrow of [...this.#group.children]) {
      this.#group.remove(arrow);
      arrow.dispose();
    }
    const description = this.#session.simulation.description;
    if (scene && description) {
      const poses = this.#session.simulation.poseView();
      const { pose, poseStride } = this.#view.bodies;
      for (const body of scene.bodies) {
        const index = description.bodies.findIndex((candidate) => candidate.name === body.name);
        if (body.static || index < 0) continue;
        const base = poseStride * index;
        const origin = new Vector3(poses[base + pose.x], poses[base + pose.y], poses[base + pose.z]);
        for (const { field, color, metresPer } of KINDS) {
          const vector = new Vector3(...(body[field] ?? [0, 0, 0]));
          const length = vector.length() * metresPer;
          if (length === 0) continue;
          this.#group.add(new ArrowHelper(vector.normalize(), origin, length, color, 0.2 * length, 0.1 * length));
        }
      }
    }
    this.#view.requestRedraw();
  }
}
