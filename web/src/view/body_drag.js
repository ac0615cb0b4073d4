// Drag to perturb (docs/page.md, "Drag to perturb"): outside the editor, a press on a
// dynamic body or a robot link grabs it at the point under the pointer; moving the
// pointer moves the pull's target over the plane through the grabbed point that faces
// the camera; letting go releases it. Mouse, pen and touch alike (pointer events).
// The pull is the core's spring-damper (session.drag, dynamics/drag_spring.h), drawn for
// the page's simulation and, in compare mode, for the ghost, which is pulled at the same
// point of the same body. On a touch screen a second finger ends the grab and hands
// both fingers to the camera: the pinch zooms as it does off the bodies.
import { Plane, Raycaster, Vector2, Vector3 } from 'three';

import { DragSpringLine } from './drag_spring_line.js';

export class BodyDrag {
  #view;
  #session;
  #canGrab;
  #pointerId = null;
  #lastPointer = null; // {clientX, clientY} of the grabbing pointer
  #handingOver = false; // while the grabbing pointer's press is passed to the camera
  #plane = new Plane(); // three.js world frame
  #spring;
  #ghostSpring;

  // `view`: the View; `canGrab()`: false while something else owns the pointer (the
  // editor).
  constructor(view, session, canGrab) {
    this.#view = view;
    this.#session = session;
    this.#canGrab = canGrab;
    this.#spring = new DragSpringLine(view.physicsFrame);
    this.#ghostSpring = new DragSpringLine(view.physicsFrame, { ghost: true });
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

  // Per frame: the springs from the grabbed points now to the target, or nothing;
  // `twin` is compare mode's simulation, or null.
  update(simulation, twin) {
    const state = simulation.dragState();
    this.#spring.show(state);
    this.#ghostSpring.show(twin ? twin.dragState() : null);
    if (!state && this.#pointerId !== null) this.#finish(); // a restart or a scene let go
  }

  #raycaster(event) {
    const rect = this.#view.renderer.domElement.getBoundingClientRect();
    const pointer = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, 1 - ((event.clientY - rect.top) / rect.height) * 2);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(pointer, this.#view.camera);
    return raycaster;
  }

  #grab(event) {
    if (this.#handingOver) return;
    if (this.#pointerId !== null) {
      if (event.pointerType === 'touch' && event.pointerId !== this.#pointerId) this.#handOverToPinch();
      return;
    }
    if (event.button > 0 || !this.#canGrab()) return;
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
    this.#lastPointer = { clientX: event.clientX, clientY: event.clientY };
    this.#view.renderer.domElement.setPointerCapture(event.pointerId);
    this.#view.controls.enabled = false;
    this.#plane.setFromNormalAndCoplanarPoint(this.#view.camera.getWorldDirection(new Vector3()), hit.point);
    this.#view.requestRedraw();
  }

  #move(event) {
    if (event.pointerId !== this.#pointerId) return;
    this.#lastPointer = { clientX: event.clientX, clientY: event.clientY };
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

  // A second finger lands while the first holds a body: the drag is released and the
  // first finger's press is passed to the camera's controls where it now is, so that
  // the second finger's press, which reaches them next, starts a two-finger pinch.
  #handOverToPinch() {
    const pointerId = this.#pointerId;
    const { clientX, clientY } = this.#lastPointer;
    this.#session.release();
    this.#finish();
    this.#handingOver = true;
    const press = { pointerId, pointerType: 'touch', isPrimary: true, clientX, clientY, button: 0, buttons: 1, bubbles: true };
    this.#view.renderer.domElement.dispatchEvent(new PointerEvent('pointerdown', press));
    this.#handingOver = false;
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
