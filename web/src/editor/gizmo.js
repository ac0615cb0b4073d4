// The editor in the 3D view: a body is selected by clicking it, and moved or turned
// with three.js's TransformControls (w: move, e: turn; Shift held: steps of 1 cm and
// 15 degrees). When a move ends, the body snaps to the ground and to the faces of
// other bodies that are not turned (face_snap.js: a ramp's bounding box is not its
// slope), and the move becomes one edit of its `position` and
// `orientation` (scene_editor.js), which the core checks. A click on a robot's link
// selects the robot whole: the gizmo sits on its root joint's origin, and moves and
// turns all its links; its links' bounding box snaps as a body's does and is not let
// below the ground (nor lifted when it started below), and the drop is one edit of the
// root origin (setRobotPose). While dragging, the body or robot is drawn where the
// gizmo holds it; the simulation is not touched until the edit.
import { Object3D, Quaternion, Raycaster, Vector2, Vector3 } from 'three';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import { bodyBox, snapOffset } from './face_snap.js';

const CLICK_SLOP_PX = 5; // a press and release closer than this is a click
const SNAP_FRACTION = 0.25; // snap within this fraction of the body's smallest extent
const MIN_SNAP_M = 0.005;
const TRANSLATION_STEP_M = 0.01; // with Shift held
const ROTATION_STEP_RAD = Math.PI / 12;
const DIGITS = 1e9; // positions kept to the nanometre, quaternions to 1e-9
// Where on a translate arrow its handle is grabbed, in the gizmo's own units
// (TransformControls' pickers span 0 to 0.6 along each axis).
const ARROW_GRAB = 0.4;

const round = (value) => Math.round(value * DIGITS) / DIGITS;

function hasPlane(body) {
  return body.geoms.some((geom) => geom.type === 'plane');
}

export class Gizmo {
  #view;
  #editor;
  #session;
  #proxy = new Object3D(); // where the gizmo holds the selected body, physics frame
  #start = { position: new Vector3(), quaternion: new Quaternion() };
  #press = null; // {x, y} of a press that may be a click
  #draggedSincePress = false;

  // `view`: the View (its camera, canvas, physics frame and body meshes).
  constructor(view, editor, session) {
    this.#view = view;
    this.#editor = editor;
    this.#session = session;
    view.physicsFrame.add(this.#proxy);
    this.transform = new TransformControls(view.camera, view.renderer.domElement);
    this.transform.setSpace('world');
    this.helper = this.transform.getHelper();
    view.scene.add(this.helper);
    this.transform.addEventListener('dragging-changed', ({ value }) => {
      view.controls.enabled = !value;
      if (value) {
        this.#draggedSincePress = true;
        this.#start.position.copy(this.#proxy.position);
        this.#start.quaternion.copy(this.#proxy.quaternion);
      } else {
        this.#commit();
      }
    });
    this.transform.addEventListener('change', () => view.requestRedraw());
    const canvas = view.renderer.domElement;
    canvas.addEventListener('pointerdown', (event) => {
      this.#press = { x: event.clientX, y: event.clientY };
      this.#draggedSincePress = false;
    });
    canvas.addEventListener('pointerup', (event) => this.#click(event));
  }

  // Follows the editor (selection, edits, editing on or off) and the session's restarts.
  followEditor() {
    this.#editor.on('changed', () => this.place());
    this.#editor.on('selected', () => this.place());
    this.#session.on('reset', () => this.place());
  }

  // 'translate' or 'rotate'.
  setMode(mode) {
    this.transform.setMode(mode);
    this.#view.requestRedraw();
  }

  // Steps of 1 cm and 15 degrees while on.
  setStepping(on) {
    this.transform.setTranslationSnap(on ? TRANSLATION_STEP_M : null);
    this.transform.setRotationSnap(on ? ROTATION_STEP_RAD : null);
  }

  // The gizmo on the selected body at its initial pose (a robot: its root joint's
  // origin), while editing; else hidden.
  place() {
    const index = this.#selectedIndex();
    const robot = this.#editor.selectedRobot;
    const pose = robot === null ? null : this.#editor.robotPose(robot);
    if (!this.#editor.editing || (index < 0 && !pose)) {
      this.transform.detach();
    } else if (pose) {
      const [qw, qx, qy, qz] = pose.orientation;
      this.#proxy.position.fromArray(pose.position);
      this.#proxy.quaternion.set(qx, qy, qz, qw);
      this.transform.attach(this.#proxy);
    } else {
      const layout = this.#view.bodies.pose;
      const stride = this.#view.bodies.poseStride;
      const poses = this.#session.simulation.poseView();
      const base = stride * index;
      this.#proxy.position.set(poses[base + layout.x], poses[base + layout.y], poses[base + layout.z]);
      this.#proxy.quaternion.set(poses[base + layout.qx], poses[base + layout.qy], poses[base + layout.qz], poses[base + layout.qw]);
      this.transform.attach(this.#proxy);
    }
    this.#view.requestRedraw();
  }

  // Per frame, after the view posed the bodies: the dragged body (or robot's links)
  // where the gizmo is.
  update() {
    if (!this.transform.dragging) return;
    if (this.#editor.selectedRobot !== null) {
      this.#poseRobotLinks();
      return;
    }
    const group = this.#view.bodies.bodies[this.#selectedIndex()];
    if (!group) return;
    group.position.copy(this.#proxy.position);
    group.quaternion.copy(this.#proxy.quaternion);
  }

  // Where a point of the translate arrow along `axis` ('X', 'Y' or 'Z': three.js's
  // world axes, physics x, z and -y) is drawn, on its positive (`side` 1) or negative
  // (-1) half, canvas pixels; null without a gizmo.
  arrowPoint(axis, side = 1) {
    if (!this.transform.object) return null;
    const camera = this.#view.camera;
    const centre = this.#proxy.getWorldPosition(new Vector3());
    const factor = centre.distanceTo(camera.position) * Math.min((1.9 * Math.tan((Math.PI * camera.fov) / 360)) / camera.zoom, 7);
    const along = { X: new Vector3(1, 0, 0), Y: new Vector3(0, 1, 0), Z: new Vector3(0, 0, 1) }[axis];
    const point = centre.addScaledVector(along, (side * ARROW_GRAB * factor * this.transform.size) / 4);
    const physics = this.#view.physicsFrame.worldToLocal(point);
    return this.#view.rig.toCanvas(physics.x, physics.y, physics.z);
  }

  // The description's body indices of robot `name`'s links.
  #linkIndices(name) {
    const articulation = this.#session.simulation.articulations.find((entry) => entry.name === name);
    return articulation ? articulation.links.map((link) => link.body) : [];
  }

  // The initial pose of description body `index`: {position, quaternion} (physics frame).
  #initialPose(index) {
    const layout = this.#view.bodies.pose;
    const poses = this.#session.simulation.poseView();
    const base = this.#view.bodies.poseStride * index;
    return {
      position: new Vector3(poses[base + layout.x], poses[base + layout.y], poses[base + layout.z]),
      quaternion: new Quaternion(poses[base + layout.qx], poses[base + layout.qy], poses[base + layout.qz], poses[base + layout.qw]),
    };
  }

  // The selected robot's links drawn moved as the gizmo moved its root origin since the
  // drag began: p -> turn (p - start) + proxy.
  #poseRobotLinks() {
    const turn = this.#proxy.quaternion.clone().multiply(this.#start.quaternion.clone().invert());
    const groups = this.#view.bodies.bodies;
    for (const index of this.#linkIndices(this.#editor.selectedRobot)) {
      const group = groups[index];
      if (!group) continue;
      const { position, quaternion } = this.#initialPose(index);
      group.position.copy(position.sub(this.#start.position).applyQuaternion(turn).add(this.#proxy.position));
      group.quaternion.copy(turn.clone().multiply(quaternion));
    }
  }

  #selectedIndex() {
    const name = this.#editor.selected;
    const bodies = this.#session.simulation.description?.bodies ?? [];
    return name === null ? -1 : bodies.findIndex((body) => body.name === name);
  }

  // A click (not a drag, not on the gizmo) selects the scene body under it, or none.
  #click(event) {
    const press = this.#press;
    this.#press = null;
    if (!press || !this.#editor.editing || this.#draggedSincePress) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > CLICK_SLOP_PX) return;
    const canvas = this.#view.renderer.domElement;
    const rect = canvas.getBoundingClientRect();
    const pointer = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, 1 - ((event.clientY - rect.top) / rect.height) * 2);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(pointer, this.#view.camera);
    const groups = this.#view.bodies.bodies;
    const owner = new Map(); // a robot link's group => its robot's name
    for (const articulation of this.#session.simulation.articulations) {
      for (const link of articulation.links) if (groups[link.body]) owner.set(groups[link.body], articulation.name);
    }
    const described = this.#session.simulation.description?.bodies ?? [];
    const candidates = described.map((body, i) => (hasPlane(body) ? null : groups[i])).filter(Boolean);
    const [hit] = raycaster.intersectObjects(candidates, true);
    let group = hit?.object ?? null;
    while (group && !candidates.includes(group)) group = group.parent;
    this.#editor.select(group ? owner.get(group) ?? group.name : null);
  }

  // The physics-frame bounding box of body `index` as drawn now: {min, max}, or null.
  #physicsBox(index) {
    const group = this.#view.bodies.bodies[index];
    const { x, y, z, w } = group.quaternion;
    return bodyBox(this.#session.simulation.description.bodies[index].geoms, group.position.toArray(), [w, x, y, z]);
  }

  // The bounding box of the description bodies `indices` as drawn now, or null.
  #unionBox(indices) {
    const boxes = indices.map((index) => this.#physicsBox(index)).filter(Boolean);
    if (boxes.length === 0) return null;
    return {
      min: [0, 1, 2].map((axis) => Math.min(...boxes.map((box) => box.min[axis]))),
      max: [0, 1, 2].map((axis) => Math.max(...boxes.map((box) => box.max[axis]))),
    };
  }

  // The proxy moved so that the bodies `indices` (one body, or a robot's links) snap;
  // `floor` (a robot): the lowest their box's bottom may end at.
  #snap(indices, floor = -Infinity) {
    const groups = this.#view.bodies.bodies;
    const sceneBodies = this.#editor.scene.bodies; // the scene file's, first in the model's order
    const moved = this.#unionBox(indices);
    if (!moved) return;
    const others = [];
    const groundHeights = [];
    groups.forEach((group, i) => {
      const body = sceneBodies[i];
      if (indices.includes(i)) return;
      if (body && hasPlane(body)) {
        for (const geom of body.geoms) {
          if (geom.type === 'plane') groundHeights.push((body.position ?? [0, 0, 0])[2] + (geom.position ?? [0, 0, 0])[2]);
        }
      } else if (Math.abs(group.quaternion.w) === 1) {
        const box = this.#physicsBox(i);
        if (box) others.push(box); // a body not turned: its box's faces are its faces
      }
    });
    const smallest = Math.min(...[0, 1, 2].map((axis) => moved.max[axis] - moved.min[axis]));
    const threshold = Math.max(MIN_SNAP_M, SNAP_FRACTION * smallest);
    const [dx, dy, dz] = snapOffset(moved, others, groundHeights, threshold);
    this.#proxy.position.add(new Vector3(dx, dy, Math.max(dz, floor - moved.min[2])));
  }

  // The highest ground plane's z, or -Infinity without one.
  #groundHeight() {
    let height = -Infinity;
    for (const body of this.#editor.scene.bodies) {
      if (!hasPlane(body)) continue;
      for (const geom of body.geoms) if (geom.type === 'plane') height = Math.max(height, (body.position ?? [0, 0, 0])[2] + (geom.position ?? [0, 0, 0])[2]);
    }
    return height;
  }

  // The drag of a robot ended: its root origin where the gizmo holds it (its links'
  // box snapped, not below the ground unless it started there), as one edit.
  #commitRobot(name) {
    const links = this.#linkIndices(name);
    const groups = this.#view.bodies.bodies;
    for (const index of links) {
      const { position, quaternion } = this.#initialPose(index);
      groups[index]?.position.copy(position);
      groups[index]?.quaternion.copy(quaternion);
    }
    const start = this.#unionBox(links); // the links' box before the drag
    this.#poseRobotLinks();
    if (this.transform.mode === 'translate') {
      const startBottom = start ? start.min[2] : -Infinity;
      this.#snap(links, Math.min(this.#groundHeight(), startBottom));
    } else {
      const turned = this.#unionBox(links);
      const floor = Math.min(this.#groundHeight(), start ? start.min[2] : -Infinity);
      if (turned && turned.min[2] < floor) this.#proxy.position.z += floor - turned.min[2];
    }
    const { x, y, z, w } = this.#proxy.quaternion;
    const pose = { position: this.#proxy.position.toArray().map(round), orientation: [w, x, y, z].map(round) };
    const old = this.#editor.robotPose(name);
    if (JSON.stringify(pose) === JSON.stringify(old)) {
      this.place();
      return;
    }
    const error = this.#editor.setRobotPose(name, pose);
    if (error) this.place(); // refused: the gizmo goes back to the robot
  }

  // The drag ended: the body's file pose moved as the gizmo moved it (about its centre
  // of mass, where the gizmo sits), snapped, as one edit.
  #commit() {
    const index = this.#selectedIndex();
    const name = this.#editor.selected;
    if (this.#editor.selectedRobot !== null) {
      this.#commitRobot(this.#editor.selectedRobot);
      return;
    }
    if (index < 0) return;
    this.update();
    if (this.transform.mode === 'translate') this.#snap([index]);
    const turn = this.#proxy.quaternion.clone().multiply(this.#start.quaternion.clone().invert());
    if (this.transform.mode === 'translate') turn.identity();
    const body = this.#editor.scene.bodies.find((candidate) => candidate.name === name);
    const [px, py, pz] = body.position ?? [0, 0, 0];
    const [qw, qx, qy, qz] = body.orientation ?? [1, 0, 0, 0];
    const position = new Vector3(px, py, pz).sub(this.#start.position).applyQuaternion(turn).add(this.#proxy.position);
    const orientation = turn.clone().multiply(new Quaternion(qx, qy, qz, qw)).normalize();
    const changes = { position: position.toArray().map(round) };
    if (this.transform.mode !== 'translate') changes.orientation = [orientation.w, orientation.x, orientation.y, orientation.z].map(round);
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    if (same(changes.position, body.position) && (!changes.orientation || same(changes.orientation, body.orientation))) {
      this.place();
      return;
    }
    const error = this.#editor.setBody(name, changes);
    if (error) this.place(); // refused: the gizmo goes back to the body
  }
}
