// The three.js view: renderer, camera (camera_rig.js), lights, the bodies, compare
// mode's ghost and the contact overlay. It reads the simulations' pose and contact
// views once per frame, and draws only when the picture changed: a paused scene
// costs nothing to show (software WebGL spends tens of milliseconds on a frame).
import { Color, DirectionalLight, Fog, HemisphereLight, Scene } from 'three';
import { createPhysicsFrame, physicsToThree, threeToPhysics } from './axes.js';
import { BodyMeshes, bodyReaches } from './body_meshes.js';
import { CameraRig } from './camera_rig.js';
import { ContactOverlay, niceCeiling } from './contact_overlay.js';
import { JointFrames } from './joint_frames.js';
import { LevelReference } from './level_reference.js';
import { sceneBounds } from './scene_bounds.js';

const BACKGROUND = '#eef1f5';
// The fog starts at twice the distance at which the scene's ball fills this half-angle.
const FOG_ANGLE = (20 * Math.PI) / 180;

export class View {
  #changes = 0; // counts changes to the picture other than steps and the camera
  #reaches = []; // per body: metres from its origin to its farthest geom point
  #drawn = new Float64Array(0); // the picture's signature when it was last drawn
  #description = null; // the scene shown
  #gridSize = 1;
  #gridSpacing = 1;
  #robotVisuals = []; // an imported robot's visual shapes (setRobotVisuals)
  #showVisuals = true; // draw them in place of its collision geometry
  framesDrawn = 0;
  drawsEveryFrame = false; // while a video records: a held picture is frames too

  // `records`: the layouts of the simulation's views (record_layouts.js); `renderer`
  // and `resolution`: page_renderer.js's, its canvas already in `container`.
  constructor(container, records, { renderer, resolution }) {
    this.container = container;
    this.renderer = renderer;
    this.resolution = resolution;

    this.scene = new Scene();
    this.scene.background = new Color(BACKGROUND);
    this.scene.fog = new Fog(BACKGROUND, 10, 100);
    this.rig = new CameraRig(this.renderer.domElement);
    this.camera = this.rig.camera;
    this.controls = this.rig.controls;

    this.scene.add(new HemisphereLight('#ffffff', '#6b7280', 1.6));
    this.sun = new DirectionalLight('#ffffff', 2.2);
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.scene.add(this.sun, this.sun.target);

    this.physicsFrame = createPhysicsFrame();
    this.scene.add(this.physicsFrame);
    this.poseLayout = records.bodyPose;
    this.poseStride = records.bodyPose.stride;
    this.position = records.bodyPose.offsets(['x', 'y', 'z']);
    this.bodies = new BodyMeshes(this.physicsFrame, records.bodyPose);
    this.ghost = new BodyMeshes(this.physicsFrame, records.bodyPose, { ghost: true }); // compare mode's twin
    this.ghostDescription = null; // the scene description the ghost was built from
    this.contacts = new ContactOverlay(this.physicsFrame, records.contact, records.contactModes);
    this.jointFrames = new JointFrames(this.physicsFrame, records.bodyPose); // maximal coordinates
    this.levelReference = new LevelReference(this.physicsFrame); // inclines' angles

    this.resize = this.resize.bind(this);
    new ResizeObserver(this.resize).observe(container);
    this.resize();
  }

  // Follows the session: its scene, compare mode's ghost, the friction cones' edges
  // and the force arrows' scale, which a restart measures again.
  followSession(session) {
    const showGhost = () => this.showGhost(session.twin?.description ?? null);
    session.on('loaded', ({ description, edited }) => {
      // A robot's visual shapes belong to its import: an edit of that scene keeps them.
      if (!edited) this.#robotVisuals = [];
      this.showScene(description, session.simulation.poseView());
    });
    session.onOptions((options) => this.setFrictionEdges(options.friction_edges));
    session.on('loaded', showGhost);
    session.on('compareChanged', showGhost);
    session.on('reset', () => this.resetForceScale());
  }

  // Frames every scene the session loads, except an edit of the scene shown (the camera
  // stays where the user put it). Subscribed after the panels: the part of the view
  // they leave free is where the scene is framed.
  frameLoadedScenes(session) {
    session.on('loaded', ({ description, edited }) => {
      if (!edited) this.frame(description, session.simulation.poseView());
    });
  }

  // Draws the next frame even if no step was taken (something drawn over the scene
  // changed: the editor's gizmo, a body being dragged).
  requestRedraw() {
    this.#changes += 1;
  }

  // The camera as a link keeps it: [position, target] (physics frame), or null while
  // the framing holds.
  cameraPlacement() {
    return this.rig.placement();
  }

  // Puts the camera where a link's `view.camera` says.
  placeCamera(placement) {
    this.#changes += 1;
    this.rig.place(placement);
  }

  // The camera now: [position, target] (physics frame).
  cameraPose() {
    return this.rig.pose();
  }

  // Frames the action of the scene as it is now (poses: the simulation's pose view).
  frame(description, poses) {
    this.#changes += 1;
    const { centre, radius } = sceneBounds(description, poses, this.poseLayout);
    this.rig.frame(centre, radius);
  }

  // Follows body `index` (-1: none) with the camera.
  follow(index) {
    this.#changes += 1;
    this.rig.follow(index);
  }

  // Keeps the bodies of these indices in view as they move ([]: stops), `closeUp` when
  // the scene named them; see CameraRig.
  keepInView(indices, closeUp = false) {
    this.#changes += 1;
    this.rig.keepInView(
      indices.map((index) => ({ index, reach: this.#reaches[index] ?? 0 })),
      { closeUp },
    );
  }

  // `onEnded()` is told when the user's camera move ends keeping the action in view.
  onKeepingEnded(onEnded) {
    this.rig.onKeepingEnded = onEnded;
  }

  // Where each body's frame origin is drawn: [{x, y}] in canvas pixels, in scene order.
  bodiesOnCanvas(poses) {
    const { x, y, z } = this.position;
    return Array.from({ length: poses.length / this.poseStride }, (_, i) => {
      const base = this.poseStride * i;
      const [px, py] = this.rig.toCanvas(poses[base + x], poses[base + y], poses[base + z]);
      return { x: px, y: py };
    });
  }

  // After each animation frame (drawing_resolution.js): fewer pixels while drawing is
  // slow, more again once it is fast. Held while a video records, whose frames keep
  // one size. Returns whether the ratio changed: the drawing buffer is then new and
  // blank, and the caller draws it again before the frame is shown.
  adaptResolution(nowMs, drew, steppingMs) {
    if (this.drawsEveryFrame) {
      this.resolution.restart();
      return false;
    }
    const ratio = this.resolution.frame(nowMs, drew, steppingMs);
    if (ratio === null) return false;
    this.#setPixelRatio(ratio);
    return true;
  }

  // Draws at the device's full resolution until the function returned is called (a
  // picture read back from the canvas, view_png.js).
  fullResolution() {
    const ratio = this.resolution.ratio;
    if (ratio === this.resolution.deviceRatio) return () => {};
    this.#setPixelRatio(this.resolution.deviceRatio);
    return () => {
      this.#setPixelRatio(ratio);
      this.resolution.restart();
    };
  }

  // The canvas's pixels only: its size on the page, and so the camera's framing, stay.
  #setPixelRatio(ratio) {
    this.renderer.setPixelRatio(ratio); // reallocates the drawing buffer at the same size
    this.#changes += 1;
  }

  resize() {
    this.#changes += 1;
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.rig.resize(width, height);
  }

  // An imported robot's visual shapes (the import module's `visuals.shapes`) for the
  // scene just loaded: drawn in place of its collision geometry while `show` is 'visual',
  // by the page's bodies and compare mode's ghost alike.
  setRobotVisuals(shapes) {
    this.#robotVisuals = shapes;
    this.#buildBodies();
  }

  // 'visual' or 'collision': what a robot's bodies are drawn by.
  showRobotGeometry(show) {
    this.#showVisuals = show === 'visual';
    this.#buildBodies();
  }

  // How many visual shapes the view draws (0 while it draws collision geometry).
  drawnVisualShapes() {
    return this.bodies.visualShapes;
  }

  #shownVisuals() {
    return this.#showVisuals ? this.#robotVisuals : [];
  }

  #buildBodies() {
    if (!this.#description) return;
    this.#changes += 1;
    this.bodies.build(this.#description, this.#gridSize, this.#gridSpacing, this.#shownVisuals());
    if (this.ghostDescription) this.ghost.build(this.ghostDescription, 1, 1, this.#shownVisuals());
  }

  // Builds the bodies of a newly loaded scene and sizes the ground, fog and shadows to
  // it. `poses` is the simulation's pose view at the scene's initial state; frame()
  // then points the camera (once the panels show the scene).
  showScene(description, poses) {
    this.#changes += 1;
    const { centre, radius, lengthScale } = sceneBounds(description, poses, this.poseLayout);
    this.#reaches = bodyReaches(description);
    const gridSpacing = niceCeiling(radius / 8);
    const gridSize = gridSpacing * Math.ceil((8 * radius) / gridSpacing);
    this.#description = description;
    this.#gridSize = gridSize;
    this.#gridSpacing = gridSpacing;
    this.#buildBodies();
    const gravity = Math.hypot(description.options.gravity_x, description.options.gravity_y, description.options.gravity_z);
    const heaviest = Math.max(0, ...description.bodies.map((body) => (body.static ? 0 : body.mass || 0)));
    // A box resting on four corners puts a quarter of its weight on each.
    this.contacts.setScene(
      lengthScale,
      (heaviest * gravity) / 4,
      description.bodies.map((body) => body.static),
    );
    this.jointFrames.setScene(lengthScale);
    this.levelReference.setScene(description, poses, this.poseLayout, threeToPhysics(centre), radius);

    const distance = radius / Math.sin(FOG_ANGLE);
    this.scene.fog.near = 2 * distance;
    this.scene.fog.far = 8 * distance;

    // The sun shines from above and to the side; its shadow box covers the scene.
    const sunDirection = physicsToThree(0.4, -0.3, 1).normalize();
    this.sun.position.copy(centre).addScaledVector(sunDirection, 4 * radius);
    this.sun.target.position.copy(centre);
    const shadow = this.sun.shadow.camera;
    shadow.left = shadow.bottom = -2 * radius;
    shadow.right = shadow.top = 2 * radius;
    shadow.near = 0.1 * radius;
    shadow.far = 10 * radius;
    shadow.updateProjectionMatrix();
    // The scene's shader programs (the overlay's, not shown yet, among them) are handed to
    // the GPU process to compile and link now, while the page finishes its start, instead
    // of at the first frame's draw calls, each of which would wait for its link.
    this.renderer.compile(this.scene, this.camera);
  }

  // Compare mode's ghost: the moving bodies of the twin's scene `description`,
  // translucent over the page's; null removes it.
  showGhost(description) {
    if (description === this.ghostDescription) return;
    this.#changes += 1;
    this.ghostDescription = description;
    if (description) this.ghost.build(description, 1, 1, this.#shownVisuals());
    else this.ghost.clear();
  }

  // Per frame: body poses and contacts from the simulation's views, and the ghost's
  // poses from the twin's (null outside compare mode); views are taken afresh.
  update(simulation, twin, nowMs) {
    const poses = simulation.poseView();
    this.rig.update(poses, this.poseStride, this.position, simulation.stepCount > 0);
    this.bodies.update(poses);
    this.contacts.update(simulation.contactView(), simulation.contactCount, nowMs);
    this.jointFrames.update(simulation.jointFrameView());
    if (twin) this.ghost.update(twin.poseView());
  }

  // u, seed 002 eq. (4): the sides of the drawn friction pyramids.
  setFrictionEdges(edges) {
    this.#changes += 1;
    this.contacts.setFrictionEdges(edges);
  }

  // Which of the contact overlay's parts are drawn: {cones, arrows}.
  setOverlay({ cones, arrows }) {
    this.#changes += 1;
    this.contacts.showCones = cones;
    this.contacts.showArrows = arrows;
  }

  // After a reset: the force scale is chosen afresh.
  resetForceScale() {
    this.#changes += 1;
    this.contacts.resetForceScale();
  }

  // `onChange(referenceForce, lengthScale)` is told every new force scale.
  onForceScaleChange(onChange) {
    this.contacts.onScaleChange = onChange;
  }

  // Marks the contacts of this body (the grasped object), -1 for none.
  setHighlightedBody(body) {
    this.#changes += 1;
    this.contacts.setHighlightedBody(body);
  }

  // What the last frame drew: friction cones, force arrows, grasp contact markers
  // and the ghost's bodies.
  visibleCones() {
    return this.contacts.visibleConeCount();
  }

  visibleArrows() {
    return this.contacts.visibleArrowCount();
  }

  markedGraspContacts() {
    return this.contacts.visibleHighlightCount();
  }

  ghostBodies() {
    return this.ghost.drawnCount();
  }

  // Joint frame triads drawn (maximal coordinates: two per joint).
  drawnJointFrames() {
    return this.jointFrames.drawnCount();
  }

  // Draws the frame if anything shown changed since the last one drawn (or always, with
  // `force`: a picture read back from the canvas must be drawn in the same task).
  // `simulation` and `twin` (null outside compare mode) as for update(). Returns
  // whether it drew.
  render(simulation, twin, { force = false } = {}) {
    this.controls.update();
    const signature = this.#signature(simulation, twin);
    if (!force && !this.drawsEveryFrame && sameValues(signature, this.#drawn)) return false;
    this.#drawn = signature;
    this.renderer.render(this.scene, this.camera);
    this.framesDrawn += 1;
    return true;
  }

  // What the picture depends on: the changes counted, the steps taken (the poses and
  // contacts follow from them), the force scale (it can change a while after the last
  // step) and the camera.
  #signature(simulation, twin) {
    return Float64Array.of(
      this.#changes,
      simulation.stepCount,
      twin ? twin.stepCount : -1,
      this.contacts.referenceForce,
      ...this.camera.position.toArray(),
      ...this.camera.quaternion.toArray(),
      ...this.camera.projectionMatrix.elements,
    );
  }
}

function sameValues(a, b) {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
