// Drag to perturb (docs/page.md, "Drag to perturb"): outside the editor, a press on a
// dynamic body or a robot link grabs it at the point under the pointer; moving the
// pointer moves the pull's target over the plane through the grabbed point that faces
// the camera; letting go releases it. Mouse, pen and touch alike (pointer events).
// The pull is the core's spring-damper (session.drag, dynamics/drag_spring.h); this
// draws it as a line from the grabbed point, where the core moves it with the body, to
// the target, with a dot at each end.
import {
  BufferGeometry,
  Float32BufferAttribute,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  Plane,
  Raycaster,
  SphereGeometry,
  Vector2,
  Vector3,
} from 'three';

const SPRING_COLOUR = 0xff3b8d;
const END_RADIUS_M = 0.006;

export class BodyDrag {
  #view;
  #session;
  #canGrab;
  #pointerId = null;
  #plane = new Plane(); // three.js world frame
  #spring;
  #ends;

  // `view`: the View; `canGrab()`: false while something else owns the pointer (the
  // editor).
  constructor(view, session, canGrab) {
    this.#view = view;
    this.#session = session;
    this.#canGrab = canGrab;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(new Float32Array(6), 3));
    this.#spring = new Line(geometry, new LineBasicMaterial({ color: SPRING_COLOUR, depthTest: false }));
    this.#spring.renderOrder = 10;
    const dot = new SphereGeometry(END_RADIUS_M, 12, 8);
    const material = new MeshBasicMaterial({ color: SPRING_COLOUR, depthTest: false });
    this.#ends = [new Mesh(dot, material), new Mesh(dot, material)];
    for (const part of [this.#spring, ...this.#ends]) {
      part.visible = false;
      part.renderOrder = 10;
      view.physicsFrame.add(part);
    }
    const canvas = view.renderer.domElement;
    // In the capture phase, so that a press on a body reaches neither the camera's
    // controls nor the editor's gizmo.
    canvas.addEventListener('pointerdown', (event) => this.#grab(event), { capture: true });
    canvas.addEventListener('pointermove', (event) => this.#move(event));
    for (const name of ['pointerup', 'pointercancel', 'lostpointercapture']) {
      canvas.addEventListener(name, (event) => this.#letGo(event));
    }
  }

  // True while the pointer holds a body.
  get dragging() {
    return this.#pointerId !== null;
  }

  // Per frame: the spring from the grabbed point now to the target, or nothing.
  update(simulation) {
    const state = simulation.dragState();
    const shown = state !== null;
    if (shown) {
      const positions = this.#spring.geometry.attributes.position;
      positions.setXYZ(0, ...state.grabbed);
      positions.setXYZ(1, ...state.target);
      positions.needsUpdate = true;
      this.#ends[0].position.set(...state.grabbed);
      this.#ends[1].position.set(...state.target);
    }
    for (const part of [this.#spring, ...this.#ends]) part.visible = shown;
    if (!shown && this.#pointerId !== null) this.#finish(); // a restart or a scene let go
  }

  #raycaster(event) {
    const rect = this.#view.renderer.domElement.getBoundingClientRect();
    const pointer = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, 1 - ((event.clientY - rect.top) / rect.height) * 2);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(pointer, this.#view.camera);
    return raycaster;
  }

  #grab(event) {
    if (this.#pointerId !== null || event.button > 0 || !this.#canGrab()) return;
    const description = this.#session.simulation.description;
    if (!description || this.#session.replayRemaining > 0) return;
    const groups = this.#view.bodies.bodies;
    const candidates = groups.filter((group, i) => description.bodies[i] && !description.bodies[i].static);
    const [hit] = this.#raycaster(event).intersectObjects(candidates, true);
    if (!hit) return;
    let group = hit.object;
    while (group && !candidates.includes(group)) group = group.parent;
    const point = this.#view.physicsFrame.worldToLocal(hit.point.clone()).toArray();
    if (this.#session.drag(group.name, point, point)) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    this.#pointerId = event.pointerId;
    this.#view.renderer.domElement.setPointerCapture(event.pointerId);
    this.#view.controls.enabled = false;
    this.#plane.setFromNormalAndCoplanarPoint(this.#view.camera.getWorldDirection(new Vector3()), hit.point);
    this.#view.requestRedraw();
  }

  #move(event) {
    if (event.pointerId !== this.#pointerId) return;
    const world = this.#raycaster(event).ray.intersectPlane(this.#plane, new Vector3());
    if (!world) return;
    this.#session.moveDragTarget(this.#view.physicsFrame.worldToLocal(world).toArray());
    this.#view.requestRedraw();
  }

  #letGo(event) {
    if (event.pointerId !== this.#pointerId) return;
    this.#session.release();
    this.#finish();
  }

  #finish() {
    const pointerId = this.#pointerId;
    this.#pointerId = null;
    const canvas = this.#view.renderer.domElement;
    if (canvas.hasPointerCapture(pointerId)) canvas.releasePointerCapture(pointerId);
    this.#view.controls.enabled = true;
    this.#view.requestRedraw();
  }
}
