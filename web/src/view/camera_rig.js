// The camera and its orbit controls: framing the scene's action in the part of the
// view no panel covers, keeping it framed as it moves, following a body, and the
// camera as a link keeps it.
//
// The orbit target is drawn at the centre of the free area (free_area.js), not of the
// canvas: the camera renders an off-centre window of a larger view
// (PerspectiveCamera.setViewOffset) at the canvas's own pixel scale, so orbiting turns
// the scene about a point that stays clear of the panels. The free area is measured
// again whenever a panel or the window changes size; until the user moves the camera,
// the framing then follows too.
//
// Keeping the action in view: the camera moves with the kept bodies' centroid (from
// where it was when the scene was framed) and backs away when they spread past the
// framed ball, both smoothly (a first-order lag of KEEP_LAG seconds). It never comes
// closer than the framing. The user's orbit, zoom or pan ends it until the view is
// reset.
import { PerspectiveCamera, Spherical, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { panelCandidates } from '../layout/panels_on_screen.js';
import { physicsToThree, threeToPhysics } from './axes.js';
import { freeArea } from './free_area.js';

const FIELD_OF_VIEW = 40; // degrees, vertical, over the whole canvas
const VIEW_DIRECTION = [0.55, -1.0, 0.45]; // from the action's centre to the camera, physics frame
const FILL = 0.9; // the framed ball's diameter over the free area's smaller side
const CAMERA_DIGITS = 4; // significant digits of the camera in a link
const DEGREES = Math.PI / 180;
const KEY_ORBIT = 5 * (Math.PI / 180); // [rad] one press of an arrow key
const KEY_PAN = 0.05; // of the camera's distance from its target, one press
const KEY_ZOOM = 0.85; // the distance's factor, one press of +
const POLAR_MARGIN = 0.01; // [rad] the camera stays this far from straight above or below
const ACTION_FILL = 0.2; // a close-up frames a ball at least this part of the first framing's
const KEEP_LAG = 0.25; // [s] the time constant with which the camera catches up
const KEEP_SETTLED = 1e-5; // of the framed radius: closer than this, the camera is put there

export class CameraRig {
  #free = null; // {left, top, right, bottom} in canvas pixels
  #framed = null; // {centre, radius} of the last framing
  #followed = -1; // body index, -1 when not following
  #followPoint = new Vector3(); // where the followed body was last frame (three.js frame)
  #point = new Vector3();
  #kept = []; // [{index, reach}] of the bodies kept in view; empty: not keeping
  #keepStart = null; // {offset, framedRadius}: the target less the kept centroid when framed
  #framedDistance = 1; // the camera's distance from its target in the framing
  #lastUpdateMs = null;
  #closeUp = false;

  constructor(canvas) {
    this.canvas = canvas;
    this.width = 1;
    this.height = 1;
    this.camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.001, 1000);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.moved = false; // by the user since the scene was framed
    this.onKeepingEnded = () => {}; // told when the user's camera move ends keeping
    this.controls.addEventListener('start', () => this.userMoved());
  }

  // The user orbited, zoomed or panned: the camera stays where they put it.
  userMoved() {
    this.moved = true;
    if (!this.keeping) return;
    this.#kept = [];
    this.onKeepingEnded();
  }

  // Measures the free area again whenever a panel changes size (shown, hidden, a
  // folder opened). Call once the panels exist.
  watchPanels() {
    const observer = new ResizeObserver(() => this.refit());
    for (const element of panelCandidates()) observer.observe(element);
  }

  resize(width, height) {
    this.width = width;
    this.height = height;
    this.refit();
  }

  // The free area measured again; the framing redone unless the user moved the camera.
  refit() {
    this.#free = freeArea(this.canvas);
    this.#applyViewOffset();
    if (this.#framed && !this.moved) this.#place(this.#framed.centre, this.#framed.radius);
  }

  // Frames the ball (three.js frame) from the usual direction: it fills the free area.
  frame(centre, radius) {
    this.#framed = { centre: centre.clone(), radius };
    this.#keepStart = null; // measured again from the next frame's poses
    this.moved = false;
    this.refit();
  }

  #applyViewOffset() {
    const { width, height } = this;
    const free = this.#free ?? { left: 0, top: 0, right: width, bottom: height };
    const cx = (free.left + free.right) / 2;
    const cy = (free.top + free.bottom) / 2;
    const fullWidth = 2 * Math.max(cx, width - cx);
    const fullHeight = 2 * Math.max(cy, height - cy);
    const halfTangent = (Math.tan((FIELD_OF_VIEW / 2) * DEGREES) * fullHeight) / height;
    this.camera.fov = (2 * Math.atan(halfTangent)) / DEGREES;
    this.camera.setViewOffset(fullWidth, fullHeight, fullWidth / 2 - cx, fullHeight / 2 - cy, width, height);
  }

  // How far from a ball of this radius the camera stands for it to fill the free area.
  #distanceFor(radius) {
    const free = this.#free ?? { left: 0, top: 0, right: this.width, bottom: this.height };
    const focalPx = this.height / 2 / Math.tan((FIELD_OF_VIEW / 2) * DEGREES);
    const halfSidePx = (FILL / 2) * Math.min(free.right - free.left, free.bottom - free.top);
    return radius / Math.sin(Math.atan(halfSidePx / focalPx));
  }

  #place(centre, radius) {
    const distance = this.#distanceFor(radius);
    const direction = physicsToThree(...VIEW_DIRECTION).normalize();
    this.#stop();
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.controls.target.copy(centre);
    this.#clip(distance);
    this.#followPoint.copy(centre); // a followed body is centred again at the next frame
    this.#framedDistance = distance;
  }

  // Ends what is left of a drag's damped motion, so that it does not carry on from
  // where the camera is put.
  #stop() {
    this.controls.enableDamping = false;
    this.controls.update();
    this.controls.enableDamping = true;
  }

  #clip(distance) {
    this.camera.near = distance / 200;
    this.camera.far = distance * 200;
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  // Follows body `index` of the pose view (-1: none): the camera moves with it,
  // keeping the direction and distance the user chose.
  follow(index) {
    this.#followed = index;
    this.#followPoint.copy(this.controls.target);
  }

  get followed() {
    return this.#followed;
  }

  // Keeps these bodies in view as they move: `bodies` [{index, reach}] (reach: metres
  // from the body's origin to the farthest point of its geoms); [] stops. The camera
  // does not move at once: the next frame measures where they are. With `closeUp`
  // (a scene that names its action), once the run has left its initial state the
  // camera glides in to frame those bodies alone, as close as ACTION_FILL of the
  // first framing allows.
  keepInView(bodies, { closeUp = false } = {}) {
    this.#kept = bodies;
    this.#closeUp = closeUp;
    this.#keepStart = null;
  }

  get keeping() {
    return this.#kept.length > 0;
  }

  // Per frame, with the simulation's pose view, its layout's position offsets and
  // whether the run has left its initial state.
  update(poses, stride, position, running) {
    const nowMs = performance.now();
    const elapsed = this.#lastUpdateMs === null ? 0 : (nowMs - this.#lastUpdateMs) / 1000;
    this.#lastUpdateMs = nowMs;
    if (this.#followed >= 0) this.#followBody(poses, stride, position);
    else if (this.keeping) this.#keepKept(poses, stride, position, elapsed, running && this.#closeUp);
  }

  #bodyPoint(poses, stride, position, index, out) {
    const base = stride * index;
    return physicsToThree(poses[base + position.x], poses[base + position.y], poses[base + position.z], out);
  }

  #followBody(poses, stride, position) {
    const delta = this.#bodyPoint(poses, stride, position, this.#followed, this.#point).sub(this.#followPoint);
    this.#shift(delta);
  }

  #shift(delta) {
    this.camera.position.add(delta);
    this.controls.target.add(delta);
    this.#followPoint.add(delta);
  }

  // Where the kept bodies are: their origins (three.js frame) and centroid.
  #keptPoints(poses, stride, position) {
    const points = this.#kept.map(({ index }) => this.#bodyPoint(poses, stride, position, index, new Vector3()));
    const centroid = new Vector3();
    for (const point of points) centroid.add(point);
    return { points, centroid: centroid.divideScalar(points.length) };
  }

  #keepKept(poses, stride, position, elapsed, closeUp) {
    const { points, centroid } = this.#keptPoints(poses, stride, position);
    const distance = this.camera.position.distanceTo(this.controls.target);
    if (!this.#keepStart) {
      const framedRadius = this.#framed?.radius ?? 1;
      this.#keepStart = { offset: this.controls.target.clone().sub(centroid), framedRadius };
      return;
    }
    const { offset, framedRadius } = this.#keepStart;
    // Where the target and the distance would be with the action held still in view
    // (or, close up, with the action alone filling the view).
    const wantedTarget = closeUp ? centroid : centroid.add(offset);
    const needed = Math.max(...points.map((point, i) => point.distanceTo(wantedTarget) + this.#kept[i].reach));
    const wantedDistance = closeUp
      ? this.#distanceFor(Math.max(needed, ACTION_FILL * framedRadius))
      : this.#framedDistance * Math.max(1, needed / framedRadius);
    const catchUp = 1 - Math.exp(-elapsed / KEEP_LAG);
    const settled = KEEP_SETTLED * framedRadius;
    const delta = wantedTarget.sub(this.controls.target);
    if (delta.length() > settled) delta.multiplyScalar(catchUp);
    this.#shift(delta);
    const change = wantedDistance - distance;
    if (Math.abs(change) > settled) {
      const next = Math.abs(change) * catchUp > settled ? distance + change * catchUp : wantedDistance;
      const direction = this.camera.position.clone().sub(this.controls.target).normalize();
      this.camera.position.copy(this.controls.target).addScaledVector(direction, next);
      this.#clip(next);
    }
  }

  // The keyboard's camera (layout/keyboard.js): {orbit: [right, up]} turns the camera
  // about its target by KEY_ORBIT a step; {pan: [right, up]} moves camera and target
  // across the view by KEY_PAN of the distance. A move of the user's.
  nudge({ orbit, pan }) {
    this.userMoved();
    this.#stop();
    const offset = this.camera.position.clone().sub(this.controls.target);
    if (orbit) {
      const spherical = new Spherical().setFromVector3(offset);
      spherical.theta -= orbit[0] * KEY_ORBIT;
      const polar = spherical.phi - orbit[1] * KEY_ORBIT;
      spherical.phi = Math.min(Math.PI - POLAR_MARGIN, Math.max(POLAR_MARGIN, polar));
      offset.setFromSpherical(spherical);
      this.camera.position.copy(this.controls.target).add(offset);
    }
    if (pan) {
      this.camera.updateMatrix();
      const right = new Vector3().setFromMatrixColumn(this.camera.matrix, 0);
      const up = new Vector3().setFromMatrixColumn(this.camera.matrix, 1);
      const step = KEY_PAN * offset.length();
      const shift = right.multiplyScalar(pan[0] * step).addScaledVector(up, pan[1] * step);
      this.camera.position.add(shift);
      this.controls.target.add(shift);
      this.#followPoint.add(shift);
    }
    this.controls.update();
  }

  // The keyboard's zoom: `steps` > 0 comes closer by KEY_ZOOM a step, < 0 backs away.
  zoom(steps) {
    this.userMoved();
    this.#stop();
    const distance = this.camera.position.distanceTo(this.controls.target) * KEY_ZOOM ** steps;
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    this.camera.position.copy(this.controls.target).addScaledVector(direction, distance);
    this.#clip(distance);
  }

  // A point of the physics frame in canvas pixels: [x, y] (from the top left).
  toCanvas(x, y, z) {
    const point = physicsToThree(x, y, z, this.#point).project(this.camera);
    return [((point.x + 1) / 2) * this.width, ((1 - point.y) / 2) * this.height];
  }

  // The camera as a link keeps it (docs/links.md): [position, target] in the physics
  // frame, to CAMERA_DIGITS significant digits; null while the framing holds and
  // keeps the action in view (the page that opens the link does the same).
  placement() {
    if (!this.moved && (this.keeping || this.#followed >= 0)) return null;
    const round = (value) => Number(value.toPrecision(CAMERA_DIGITS));
    return [...threeToPhysics(this.camera.position), ...threeToPhysics(this.controls.target)].map(round);
  }

  // The camera now: [position, target] in the physics frame, unrounded.
  pose() {
    return [...threeToPhysics(this.camera.position), ...threeToPhysics(this.controls.target)];
  }

  // Puts the camera where a link's `view.camera` says.
  place([px, py, pz, tx, ty, tz]) {
    this.#stop();
    physicsToThree(px, py, pz, this.camera.position);
    physicsToThree(tx, ty, tz, this.controls.target);
    this.#clip(Math.max(1e-3, this.camera.position.distanceTo(this.controls.target)));
    this.userMoved();
    this.#followPoint.copy(this.controls.target);
  }
}
