// The camera and its orbit controls: framing the scene's action in the part of the
// view no panel covers, following a body, and the camera as a link keeps it.
//
// The orbit target is drawn at the centre of the free area (free_area.js), not of the
// canvas: the camera renders an off-centre window of a larger view
// (PerspectiveCamera.setViewOffset) at the canvas's own pixel scale, so orbiting turns
// the scene about a point that stays clear of the panels. The free area is measured
// again whenever a panel or the window changes size; until the user moves the camera,
// the framing then follows too.
import { PerspectiveCamera, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { physicsToThree, threeToPhysics } from './axes.js';
import { freeArea, panelCandidates } from './free_area.js';

const FIELD_OF_VIEW = 40; // degrees, vertical, over the whole canvas
const VIEW_DIRECTION = [0.55, -1.0, 0.45]; // from the action's centre to the camera, physics frame
const FILL = 0.9; // the framed ball's diameter over the free area's smaller side
const CAMERA_DIGITS = 4; // significant digits of the camera in a link
const DEGREES = Math.PI / 180;

export class CameraRig {
  #free = null; // {left, top, right, bottom} in canvas pixels
  #framed = null; // {centre, radius} of the last framing
  #followed = -1; // body index, -1 when not following
  #followPoint = new Vector3(); // where the followed body was last frame (three.js frame)
  #point = new Vector3();

  constructor(canvas) {
    this.canvas = canvas;
    this.width = 1;
    this.height = 1;
    this.camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.001, 1000);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.moved = false; // by the user since the scene was framed
    this.controls.addEventListener('start', () => {
      this.moved = true;
    });
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

  #place(centre, radius) {
    const free = this.#free ?? { left: 0, top: 0, right: this.width, bottom: this.height };
    const focalPx = this.height / 2 / Math.tan((FIELD_OF_VIEW / 2) * DEGREES);
    const halfSidePx = (FILL / 2) * Math.min(free.right - free.left, free.bottom - free.top);
    const distance = radius / Math.sin(Math.atan(halfSidePx / focalPx));
    const direction = physicsToThree(...VIEW_DIRECTION).normalize();
    this.#stop();
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.controls.target.copy(centre);
    this.#clip(distance);
    this.#followPoint.copy(centre); // a followed body is centred again at the next frame
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

  // Per frame, with the simulation's pose view and its layout's position offsets.
  update(poses, stride, position) {
    if (this.#followed < 0) return;
    const base = stride * this.#followed;
    const [x, y, z] = [poses[base + position.x], poses[base + position.y], poses[base + position.z]];
    const point = physicsToThree(x, y, z, this.#point);
    const delta = point.sub(this.#followPoint);
    this.camera.position.add(delta);
    this.controls.target.add(delta);
    this.#followPoint.add(delta);
  }

  // A point of the physics frame in canvas pixels: [x, y] (from the top left).
  toCanvas(x, y, z) {
    const point = physicsToThree(x, y, z, this.#point).project(this.camera);
    return [((point.x + 1) / 2) * this.width, ((1 - point.y) / 2) * this.height];
  }

  // The camera as a link keeps it (docs/links.md): [position, target] in the physics
  // frame, to CAMERA_DIGITS significant digits; null while the framing holds.
  placement() {
    if (!this.moved) return null;
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
    this.moved = true;
    this.#followPoint.copy(this.controls.target);
  }
}
