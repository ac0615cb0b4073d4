// The grasp wrench space in a small inset (GraspIt!'s GWS view): the 6-D wrench space
// is the convex hull of the primitive wrenches, one per friction cone edge of every
// contact on the grasped object (core/grasp/grasp_quality.h); the inset shows its
// projection onto the force subspace (fx, fy, fz), or at a toggle onto the torque
// subspace (tx, ty, tz, torques over the object's radius): the convex hull of the
// projected wrenches, the wrenches as dots and the origin as a ball, green when it
// lies inside the projected hull and red when not. The projection of a hull is the
// hull of the projections, so a 3-D hull of the projected points is exact. The
// origin inside both projections is necessary for force closure, not sufficient.
//
// It is redrawn when the grasp badge refreshes (once a second) and when the user
// rotates it (drag inside the inset); it is hidden while nothing is held. It sits
// left of the control panel, above the status line (both may change size, so its
// place is taken again at every redraw and whenever either or the window is resized).
import {
  AxesHelper,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  EdgesGeometry,
  Float32BufferAttribute,
  Group,
  HemisphereLight,
  Line,
  LineBasicMaterial,
  LineLoop,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  PerspectiveCamera,
  Points,
  PointsMaterial,
  Scene,
  SphereGeometry,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { ConvexGeometry } from 'three/examples/jsm/geometries/ConvexGeometry.js';
import { ConvexHull } from 'three/examples/jsm/math/ConvexHull.js';
import { createPhysicsFrame, physicsToThree } from './axes.js';

export const PROJECTIONS = Object.freeze({
  force: { fields: ['fx', 'fy', 'fz'], label: 'forces (fx, fy, fz)' },
  torque: { fields: ['tx', 'ty', 'tz'], label: 'torques (tx, ty, tz) / radius' },
});

const SIZE_PX = 210;
const BACKGROUND = '#ffffff';
const HULL_COLOR = '#4c6ef5';
const EDGE_COLOR = '#364fc7';
const INSIDE_COLOR = '#2b8a3e';
const OUTSIDE_COLOR = '#c92a2a';
const FIELD_OF_VIEW = 35; // degrees
const VIEW_DIRECTION = [0.55, -1.0, 0.45]; // physics frame, as the main view
const FLATNESS = 1e-7; // relative to the points' extent: thinner counts as flat

// The affine dimension (0 .. 3) of `points` (Vector3s), with an orthonormal basis
// (u, v) of the line or plane they span and a point `base` on it, found from the
// farthest points as a person would: the point farthest from the first, then the one
// farthest from that line, then the one farthest from that plane.
export function affineShape(points, tolerance) {
  const base = points[0];
  const farthest = (distance) => {
    let best = -1;
    let index = -1;
    points.forEach((point, i) => {
      const d = distance(point);
      if (d > best) [best, index] = [d, i];
    });
    return { distance: best, point: points[index] };
  };
  const along = farthest((p) => p.distanceTo(base));
  if (along.distance <= tolerance) return { dimension: 0, base };
  const u = along.point.clone().sub(base).normalize();
  const offLine = (p) => {
    const d = p.clone().sub(base);
    return d.sub(u.clone().multiplyScalar(d.dot(u))).length();
  };
  const across = farthest(offLine);
  if (across.distance <= tolerance) return { dimension: 1, base, u };
  const w = across.point.clone().sub(base);
  const v = w.sub(u.clone().multiplyScalar(w.dot(u))).normalize();
  const normal = u.clone().cross(v);
  const offPlane = farthest((p) => Math.abs(p.clone().sub(base).dot(normal)));
  return { dimension: offPlane.distance <= tolerance ? 2 : 3, base, u, v };
}

// Indices of the convex hull of 2-D points [x, y], counter-clockwise (Andrew's
// monotone chain; collinear points left out).
export function planarHull(coordinates) {
  const order = coordinates.map((_, i) => i);
  order.sort((a, b) => coordinates[a][0] - coordinates[b][0] || coordinates[a][1] - coordinates[b][1]);
  const cross = (o, a, b) =>
    (coordinates[a][0] - coordinates[o][0]) * (coordinates[b][1] - coordinates[o][1]) -
    (coordinates[a][1] - coordinates[o][1]) * (coordinates[b][0] - coordinates[o][0]);
  const chain = (indices) => {
    const out = [];
    for (const i of indices) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], i) <= 0) out.pop();
      out.push(i);
    }
    out.pop();
    return out;
  };
  return [...chain(order), ...chain([...order].reverse())];
}

// What summary() reports before the hull is known.
function emptySummary(projection, wrenches) {
  return { shown: wrenches > 0, projection, wrenches, dimension: -1, hullVertices: 0, originInside: false };
}

function edgeMaterial() {
  return new LineBasicMaterial({ color: EDGE_COLOR });
}

function button(label) {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  Object.assign(element.style, { font: 'inherit', padding: '1px 6px', cursor: 'pointer' });
  return element;
}

export class WrenchSpaceView {
  // `container`: where the inset's element goes; `leftOf`, `above`: the elements it
  // keeps clear of (the control panel, the status line), or null.
  // `wrenchLayout`: the wrench record's layout (record_layouts.js).
  constructor(container, wrenchLayout, { leftOf = null, above = null } = {}) {
    this.leftOf = leftOf;
    this.above = above;
    const keepPlace = () => {
      if (!this.element.hidden) this.place();
    };
    const observer = new ResizeObserver(keepPlace);
    for (const element of [leftOf, above]) if (element) observer.observe(element);
    window.addEventListener('resize', keepPlace);
    this.projection = 'force';
    this.wrenches = new Float64Array(0); // a copy of the last Simulation.graspWrenches()
    this.wrenchStride = wrenchLayout.stride;
    this.projectionOffsets = Object.fromEntries(
      Object.entries(PROJECTIONS).map(([name, { fields }]) => [name, Object.values(wrenchLayout.offsets(fields))]),
    );
    this.drawn = emptySummary(this.projection, 0);
    this.buildPanel(container);
    // The renderer, its canvas and the orbit controls come with the first grasp shown
    // (startRenderer): a WebGL context of its own costs the page's start a few hundred
    // ms in software WebGL (docs/performance.md, "The page's start in a trace").
    this.renderer = null;
    this.canvas = null;
    this.controls = null;

    this.scene = new Scene();
    this.scene.background = new Color(BACKGROUND);
    this.scene.add(new HemisphereLight('#ffffff', '#8a94a6', 1.8));
    this.camera = new PerspectiveCamera(FIELD_OF_VIEW, 1, 0.01, 100);
    this.camera.position.copy(physicsToThree(...VIEW_DIRECTION).normalize());
    const light = new DirectionalLight('#ffffff', 1.6);
    light.position.set(1, 2, 3);
    this.camera.add(light);
    this.scene.add(this.camera);
    this.frame = createPhysicsFrame();
    this.scene.add(this.frame);
    this.content = new Group();
    this.frame.add(this.content);
  }

  startRenderer() {
    if (this.renderer) return;
    this.renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setSize(SIZE_PX, SIZE_PX);
    this.canvas = this.renderer.domElement;
    this.canvas.id = 'wrench-space-canvas';
    this.canvas.style.display = 'block';
    this.element.insertBefore(this.canvas, this.caption);
    this.controls = new OrbitControls(this.camera, this.canvas);
    this.controls.enablePan = false;
    this.controls.addEventListener('change', () => this.render());
  }

  buildPanel(container) {
    this.element = document.createElement('section');
    this.element.id = 'wrench-space';
    this.element.setAttribute('aria-label', 'grasp wrench space');
    this.element.hidden = true;
    Object.assign(this.element.style, {
      position: 'fixed',
      right: '12px',
      bottom: 'var(--above-status, 52px)',
      padding: '6px',
      background: 'rgba(255, 255, 255, 0.88)',
      borderRadius: '6px',
      boxShadow: '0 1px 4px rgba(0, 0, 0, 0.15)',
      font: '12px/1.35 "Liberation Sans", system-ui, sans-serif',
      color: '#1d2430',
    });
    const header = document.createElement('div');
    Object.assign(header.style, { display: 'flex', gap: '4px', alignItems: 'center', marginBottom: '4px' });
    const title = document.createElement('strong');
    title.textContent = 'wrench space';
    title.style.marginRight = 'auto';
    header.appendChild(title);
    this.buttons = {};
    for (const [name, label] of [['force', 'forces'], ['torque', 'torques']]) {
      const toggle = button(label);
      toggle.addEventListener('click', () => this.setProjection(name));
      header.appendChild(toggle);
      this.buttons[name] = toggle;
    }
    this.element.appendChild(header);
    this.header = header;
    this.caption = document.createElement('div');
    this.caption.id = 'wrench-space-caption';
    this.caption.style.maxWidth = `${SIZE_PX}px`;
    this.element.appendChild(this.caption);
    container.appendChild(this.element);
    this.showPressed();
  }

  showPressed() {
    for (const [name, toggle] of Object.entries(this.buttons)) {
      toggle.setAttribute('aria-pressed', String(name === this.projection));
      toggle.style.fontWeight = name === this.projection ? 'bold' : 'normal';
    }
  }

  // 'force' or 'torque'.
  setProjection(name) {
    if (!(name in PROJECTIONS)) return;
    this.projection = name;
    this.showPressed();
    this.redraw();
  }

  // A new analysis: the grasp's wrenches (a Simulation.graspWrenches() view, copied
  // here), or null / empty when nothing is held (the inset hides).
  show(wrenches) {
    this.wrenches = wrenches ? Float64Array.from(wrenches) : new Float64Array(0);
    this.redraw();
  }

  redraw() {
    this.clear();
    const count = Math.floor(this.wrenches.length / this.wrenchStride);
    this.element.hidden = count === 0;
    this.drawn = emptySummary(this.projection, count);
    if (count === 0) return;
    this.startRenderer();
    const [x, y, z] = this.projectionOffsets[this.projection];
    const points = [];
    for (let i = 0; i < count; i += 1) {
      const base = i * this.wrenchStride;
      points.push(new Vector3(this.wrenches[base + x], this.wrenches[base + y], this.wrenches[base + z]));
    }
    const extent = Math.max(1e-9, ...points.map((point) => point.length()));
    const shape = affineShape(points, FLATNESS * extent);
    this.drawn.dimension = shape.dimension;
    let hullVertices = 1;
    let originInside = false;
    if (shape.dimension === 3) {
      const hull = new ConvexHull().setFromPoints(points);
      const vertices = new Set();
      for (const face of hull.faces) {
        let edge = face.edge;
        do {
          vertices.add(edge.head());
          edge = edge.next;
        } while (edge !== face.edge);
      }
      hullVertices = vertices.size;
      originInside = hull.containsPoint(new Vector3());
      this.addSolid(new ConvexGeometry(points));
    } else if (shape.dimension === 2) {
      const coordinates = points.map((p) => {
        const d = p.clone().sub(shape.base);
        return [d.dot(shape.u), d.dot(shape.v)];
      });
      const polygon = planarHull(coordinates).map((i) => points[i]);
      hullVertices = polygon.length;
      this.addPolygon(polygon);
    } else if (shape.dimension === 1) {
      const along = points.map((p) => p.clone().sub(shape.base).dot(shape.u));
      const ends = [points[along.indexOf(Math.min(...along))], points[along.indexOf(Math.max(...along))]];
      hullVertices = 2;
      this.content.add(new Line(new BufferGeometry().setFromPoints(ends), edgeMaterial()));
    }
    this.drawn.hullVertices = hullVertices;
    this.drawn.originInside = originInside;
    this.addPoints(points, extent, originInside);
    this.place();
    this.caption.textContent =
      `${PROJECTIONS[this.projection].label}: ${count} wrenches, hull of ${hullVertices}; ` +
      `origin ${originInside ? 'inside' : 'outside'}. Axes x red, y green, z blue.`;
    this.frameCamera(extent);
    this.render();
  }

  addSolid(geometry) {
    const material = new MeshLambertMaterial({
      color: HULL_COLOR,
      transparent: true,
      opacity: 0.45,
      side: DoubleSide,
      depthWrite: false,
    });
    this.content.add(new Mesh(geometry, material));
    this.content.add(new LineSegments(new EdgesGeometry(geometry, 1), edgeMaterial()));
  }

  // A flat hull: the polygon as a fan of triangles and its outline.
  addPolygon(polygon) {
    const positions = [];
    for (let i = 1; i + 1 < polygon.length; i += 1) {
      for (const p of [polygon[0], polygon[i], polygon[i + 1]]) positions.push(p.x, p.y, p.z);
    }
    const fan = new BufferGeometry();
    fan.setAttribute('position', new Float32BufferAttribute(positions, 3));
    const material = new MeshBasicMaterial({
      color: HULL_COLOR,
      transparent: true,
      opacity: 0.35,
      side: DoubleSide,
      depthWrite: false,
    });
    this.content.add(new Mesh(fan, material));
    this.content.add(new LineLoop(new BufferGeometry().setFromPoints(polygon), edgeMaterial()));
  }

  addPoints(points, extent, originInside) {
    const dots = new Points(
      new BufferGeometry().setFromPoints(points),
      new PointsMaterial({ color: '#1d2430', size: 3, sizeAttenuation: false }),
    );
    this.content.add(dots);
    const origin = new Mesh(
      new SphereGeometry(0.06 * extent, 16, 12),
      new MeshLambertMaterial({ color: originInside ? INSIDE_COLOR : OUTSIDE_COLOR }),
    );
    this.content.add(origin);
    this.content.add(new AxesHelper(1.25 * extent).setColors('#e03131', '#2f9e44', '#1971c2'));
  }

  place() {
    const gap = 12;
    if (this.leftOf) {
      this.element.style.right = `${window.innerWidth - this.leftOf.getBoundingClientRect().left + gap}px`;
    }
    if (this.above) {
      this.element.style.bottom = `${window.innerHeight - this.above.getBoundingClientRect().top + gap}px`;
    }
  }

  // Keeps the direction the user has turned the view to; the distance fits a ball of
  // radius 1.3 `extent` about the origin.
  frameCamera(extent) {
    const radius = 1.3 * extent;
    const distance = radius / Math.sin(((FIELD_OF_VIEW / 2) * Math.PI) / 180);
    const direction = this.camera.position.clone().sub(this.controls.target).normalize();
    this.controls.target.set(0, 0, 0);
    this.camera.position.copy(direction.multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 10;
    this.camera.updateProjectionMatrix();
    this.controls.update();
  }

  clear() {
    for (const child of [...this.content.children]) {
      this.content.remove(child);
      child.geometry?.dispose();
      child.material?.dispose();
    }
  }

  render() {
    if (!this.element.hidden && this.renderer) this.renderer.render(this.scene, this.camera);
  }

  // The inset as last drawn: {shown, projection, wrenches, dimension (of the projected
  // points), hullVertices, originInside}.
  summary() {
    return { ...this.drawn };
  }
}
