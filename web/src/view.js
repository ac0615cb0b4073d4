// The three.js view: renderer, camera with orbit controls, lights, the bodies, compare
// mode's ghost and the contact overlay. It reads the simulations' pose and contact
// views once per frame.
import {
  Box3,
  Color,
  DirectionalLight,
  Fog,
  HemisphereLight,
  PCFShadowMap,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { createPhysicsFrame, physicsToThree, threeToPhysics } from './axes.js';
import { BodyMeshes, bodyReaches } from './body_meshes.js';
import { ContactOverlay, niceCeiling } from './contact_overlay.js';

const FIELD_OF_VIEW = 40; // degrees, vertical
const BACKGROUND = '#eef1f5';
const VIEW_DIRECTION = [0.55, -1.0, 0.45]; // from the scene's centre to the camera, physics frame
const CAMERA_DIGITS = 4; // significant digits of the camera in a link

export class View {
  // `records`: the layouts of the simulation's views (record_layouts.js).
  constructor(container, records) {
    this.container = container;
    this.renderer = new WebGLRenderer({ antialias: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = PCFShadowMap;
    container.appendChild(this.renderer.domElement);

    this.scene = new Scene();
    this.scene.background = new Color(BACKGROUND);
    this.scene.fog = new Fog(BACKGROUND, 10, 100);
    this.camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.001, 1000);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;
    this.cameraMoved = false; // by the user since the scene was framed
    this.controls.addEventListener('start', () => {
      this.cameraMoved = true;
    });

    this.scene.add(new HemisphereLight('#ffffff', '#6b7280', 1.6));
    this.sun = new DirectionalLight('#ffffff', 2.2);
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.scene.add(this.sun, this.sun.target);

    this.physicsFrame = createPhysicsFrame();
    this.scene.add(this.physicsFrame);
    this.poseStride = records.bodyPose.stride;
    this.position = records.bodyPose.offsets(['x', 'y', 'z']);
    this.bodies = new BodyMeshes(this.physicsFrame, records.bodyPose);
    this.ghost = new BodyMeshes(this.physicsFrame, records.bodyPose, { ghost: true }); // compare mode's twin
    this.ghostDescription = null; // the scene description the ghost was built from
    this.contacts = new ContactOverlay(this.physicsFrame, records.contact, records.contactModes);

    this.resize = this.resize.bind(this);
    new ResizeObserver(this.resize).observe(container);
    this.resize();
  }

  // The camera as a link keeps it (docs/links.md): [position, target] in the physics
  // frame, to CAMERA_DIGITS significant digits; null while the scene's own framing holds.
  cameraPlacement() {
    if (!this.cameraMoved) return null;
    const round = (value) => Number(value.toPrecision(CAMERA_DIGITS));
    return [...threeToPhysics(this.camera.position), ...threeToPhysics(this.controls.target)].map(round);
  }

  // Puts the camera where a link's `view.camera` says.
  placeCamera([px, py, pz, tx, ty, tz]) {
    physicsToThree(px, py, pz, this.camera.position);
    physicsToThree(tx, ty, tz, this.controls.target);
    const distance = Math.max(1e-3, this.camera.position.distanceTo(this.controls.target));
    this.camera.near = distance / 200;
    this.camera.far = distance * 200;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.cameraMoved = true;
  }

  resize() {
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
  }

  // Builds the bodies of a newly loaded scene and frames them. `poses` is the
  // simulation's pose view at the scene's initial state.
  showScene(description, poses) {
    const reaches = bodyReaches(description);
    const dynamicReaches = reaches.filter((_, i) => !description.bodies[i].static);
    const lengthScale = Math.max(0.01, ...(dynamicReaches.length ? dynamicReaches : reaches));

    // Bounding box, in three.js coordinates, of the non-plane bodies and of the points
    // below the dynamic ones on each plane (where falling bodies will land).
    const planeHeights = [];
    description.bodies.forEach((body, i) => {
      for (const geom of body.geoms) {
        if (geom.type === 'plane') planeHeights.push(poses[this.poseStride * i + this.position.z] + geom.position[2]);
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
      const base = this.poseStride * i;
      const [x, y, z] = [poses[base + this.position.x], poses[base + this.position.y], poses[base + this.position.z]];
      include(x, y, z, reaches[i]);
      if (body.static) return;
      for (const height of planeHeights) if (height < z) include(x, y, height + reaches[i], reaches[i]);
    });
    if (bounds.isEmpty()) bounds.setFromCenterAndSize(new Vector3(), new Vector3(1, 1, 1));
    const centre = bounds.getCenter(new Vector3());
    const radius = Math.max(0.5 * bounds.getSize(new Vector3()).length(), 2 * lengthScale);

    const gridSpacing = niceCeiling(radius / 8);
    const gridSize = gridSpacing * Math.ceil((8 * radius) / gridSpacing);
    this.bodies.build(description, gridSize, gridSpacing);
    const gravity = Math.hypot(description.options.gravity_x, description.options.gravity_y, description.options.gravity_z);
    const heaviest = Math.max(0, ...description.bodies.map((body) => (body.static ? 0 : body.mass || 0)));
    // A box resting on four corners puts a quarter of its weight on each.
    this.contacts.setScene(
      lengthScale,
      (heaviest * gravity) / 4,
      description.bodies.map((body) => body.static),
    );

    const distance = radius / Math.sin(((FIELD_OF_VIEW / 2) * Math.PI) / 180);
    const direction = physicsToThree(...VIEW_DIRECTION).normalize();
    this.camera.position.copy(centre).addScaledVector(direction, distance);
    this.camera.near = distance / 200;
    this.camera.far = distance * 200;
    this.scene.fog.near = 2 * distance;
    this.scene.fog.far = 8 * distance;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(centre);
    this.controls.update();
    this.cameraMoved = false;

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
  }

  // Compare mode's ghost: the moving bodies of the twin's scene `description`,
  // translucent over the page's; null removes it.
  showGhost(description) {
    if (description === this.ghostDescription) return;
    this.ghostDescription = description;
    if (description) this.ghost.build(description);
    else this.ghost.clear();
  }

  // Per frame: body poses and contacts from the simulation's views, and the ghost's
  // poses from the twin's (null outside compare mode); views are taken afresh.
  update(simulation, twin, nowMs) {
    this.bodies.update(simulation.poseView());
    this.contacts.update(simulation.contactView(), simulation.contactCount, nowMs);
    if (twin) this.ghost.update(twin.poseView());
  }

  // u, seed 002 eq. (4): the sides of the drawn friction pyramids.
  setFrictionEdges(edges) {
    this.contacts.setFrictionEdges(edges);
  }

  // Which of the contact overlay's parts are drawn: {cones, arrows}.
  setOverlay({ cones, arrows }) {
    this.contacts.showCones = cones;
    this.contacts.showArrows = arrows;
  }

  // After a reset: the force scale is chosen afresh.
  resetForceScale() {
    this.contacts.resetForceScale();
  }

  // `onChange(referenceForce, lengthScale)` is told every new force scale.
  onForceScaleChange(onChange) {
    this.contacts.onScaleChange = onChange;
  }

  // Marks the contacts of this body (the grasped object), -1 for none.
  setHighlightedBody(body) {
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

  render() {
    this.controls.update();
    this.renderer.render(this.scene, this.camera);
  }
}
