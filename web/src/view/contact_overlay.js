// Friction cones and contact-force arrows, one of each per contact, drawn on top of
// the bodies in the physics frame.
//
// The cone is the u-sided pyramid of seed 002 eq. (4): apex at the contact point,
// axis along the normal n (from body_a to body_b), edges along n + mu d_k with
// d_k = cos(2 pi k / u) t1 + sin(2 pi k / u) t2, so its half-angle is atan(mu). The
// arrow is the total contact force on body_b, fn n + ft; a sticking force lies inside
// the pyramid, a sliding one on its boundary. Both are coloured by contact mode.
// When body_b is static and body_a is not, both are drawn for body_a instead (axis
// -n, force -(fn n + ft)), so arrows always push a moving body.
//
// Objects are pooled: the pool only grows when a frame has more contacts than any
// before; per frame only matrices, visibility and material choice change. The shared
// pyramid geometry is rebuilt only when u changes.
import {
  BufferGeometry,
  ConeGeometry,
  CylinderGeometry,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  SphereGeometry,
  Vector3,
} from 'three';

export const MODE_COLORS = Object.freeze({
  sticking: '#1f9d55',
  sliding: '#e8590c',
  separating: '#868e96',
});

// The contact record's fields the overlay reads (record_layouts.js).
const CONTACT_FIELDS = Object.freeze([
  'px', 'py', 'pz', 'nx', 'ny', 'nz', 'fn', 'ftx', 'fty', 'ftz', 'mode', 'mu', 'body_a', 'body_b',
]);

const CONE_ORDER = 10; // render order: after the bodies, cones below arrows
const ARROW_ORDER = 11;
const RESCALE_DELAY_MS = 700; // a force scale outside its band this long is replaced
const INITIAL_POOL = 32;
const Z_AXIS = new Vector3(0, 0, 1);

// The smallest of 1, 2, 5 times a power of ten that is >= value (value > 0).
export function niceCeiling(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= value * (1 - 1e-9)) return factor * power;
  }
  return 10 * power;
}

// The unit pyramid: apex at the origin, axis +z, u base corners on the circle of
// radius 1 at height 1 (half-angle 45 degrees; scaled by (mu, mu, 1) per contact).
function pyramidGeometries(edges) {
  const corners = [];
  for (let k = 0; k < edges; k += 1) {
    const angle = (2 * Math.PI * k) / edges;
    corners.push([Math.cos(angle), Math.sin(angle), 1]);
  }
  const sides = [];
  const lines = [];
  for (let k = 0; k < edges; k += 1) {
    const a = corners[k];
    const b = corners[(k + 1) % edges];
    sides.push(0, 0, 0, ...a, ...b);
    lines.push(0, 0, 0, ...a, ...a, ...b);
  }
  const surface = new BufferGeometry();
  surface.setAttribute('position', new Float32BufferAttribute(sides, 3));
  const outline = new BufferGeometry();
  outline.setAttribute('position', new Float32BufferAttribute(lines, 3));
  return { surface, outline };
}

function overlayMaterials(color) {
  const common = { color, depthTest: false, depthWrite: false, transparent: true };
  return {
    coneSurface: new MeshBasicMaterial({ ...common, opacity: 0.22, side: DoubleSide }),
    coneOutline: new LineBasicMaterial({ ...common, opacity: 0.9 }),
    arrow: new MeshBasicMaterial({ ...common, opacity: 0.95 }),
  };
}

export class ContactOverlay {
  // `contactLayout`: the contact record's layout; its modes (`contactModes`, by
  // number) pick the colours.
  constructor(parent, contactLayout, contactModes) {
    this.root = new Group();
    this.root.name = 'contact-overlay';
    parent.add(this.root);
    this.stride = contactLayout.stride;
    this.field = contactLayout.offsets(CONTACT_FIELDS);
    this.materials = contactModes.map((mode) => overlayMaterials(MODE_COLORS[mode]));
    this.shaftGeometry = new CylinderGeometry(1, 1, 1, 12).rotateX(Math.PI / 2).translate(0, 0, 0.5);
    this.headGeometry = new ConeGeometry(1, 1, 16).rotateX(Math.PI / 2).translate(0, 0, 0.5);
    this.edges = 0;
    this.pyramid = null;
    this.cones = [];
    this.arrows = [];
    this.showCones = true;
    this.showArrows = true;
    this.lengthScale = 0.1; // a typical body size [m]: sizes the cones and arrows
    this.typicalForce = 0;
    this.bodyIsStatic = [];
    this.referenceForce = 0; // [N] drawn as an arrow of length lengthScale; 0 = not yet chosen
    this.outOfBandSince = -1;
    this.onScaleChange = null; // called with (referenceForce, lengthScale)
    this.direction = new Vector3();
    // Contacts on the grasped object (the force-closure badge's) get a marker.
    this.highlightedBody = -1;
    this.highlightGeometry = new SphereGeometry(1, 12, 8);
    this.highlightMaterial = new MeshBasicMaterial({ color: 0xffd400, depthTest: false, depthWrite: false });
    this.highlights = [];
    this.setFrictionEdges(8);
    this.grow(INITIAL_POOL);
  }

  // u, seed 002 eq. (4): rebuilds the shared pyramid geometry when it changes.
  setFrictionEdges(edges) {
    if (edges === this.edges) return;
    const previous = this.pyramid;
    this.edges = edges;
    this.pyramid = pyramidGeometries(edges);
    for (const cone of this.cones) {
      cone.children[0].geometry = this.pyramid.surface;
      cone.children[1].geometry = this.pyramid.outline;
    }
    if (previous) {
      previous.surface.dispose();
      previous.outline.dispose();
    }
  }

  // Sizes the overlay for a newly loaded scene: `lengthScale` is a typical body size
  // [m], `typicalForce` a typical contact force [N] (0 if unknown), which sets the
  // first force scale; `bodyIsStatic[i]` tells whether scene body i is static.
  setScene(lengthScale, typicalForce, bodyIsStatic) {
    this.bodyIsStatic = bodyIsStatic;
    this.lengthScale = lengthScale;
    this.typicalForce = typicalForce;
    this.resetForceScale();
  }

  resetForceScale() {
    this.referenceForce = 0;
    this.outOfBandSince = -1;
    if (this.typicalForce > 0) this.setReferenceForce(niceCeiling(this.typicalForce));
  }

  setReferenceForce(referenceForce) {
    this.referenceForce = referenceForce;
    if (this.onScaleChange) this.onScaleChange(this.referenceForce, this.lengthScale);
  }

  grow(count) {
    while (this.cones.length < count) {
      const materials = this.materials[0];
      const cone = new Group();
      const surface = new Mesh(this.pyramid.surface, materials.coneSurface);
      const outline = new LineSegments(this.pyramid.outline, materials.coneOutline);
      surface.renderOrder = CONE_ORDER;
      outline.renderOrder = CONE_ORDER;
      cone.add(surface, outline);
      cone.visible = false;
      const arrow = new Group();
      const shaft = new Mesh(this.shaftGeometry, materials.arrow);
      const head = new Mesh(this.headGeometry, materials.arrow);
      shaft.renderOrder = ARROW_ORDER;
      head.renderOrder = ARROW_ORDER;
      arrow.add(shaft, head);
      arrow.visible = false;
      const highlight = new Mesh(this.highlightGeometry, this.highlightMaterial);
      highlight.renderOrder = ARROW_ORDER;
      highlight.visible = false;
      this.root.add(cone, arrow, highlight);
      this.cones.push(cone);
      this.arrows.push(arrow);
      this.highlights.push(highlight);
    }
  }

  // Keeps the force scale while the largest force is within (1/4, 5/4] of it; after
  // RESCALE_DELAY_MS outside that band it picks a new round number.
  updateForceScale(maxForce, nowMs) {
    if (!(maxForce > 0)) return;
    const inBand = maxForce > this.referenceForce / 4 && maxForce <= 1.25 * this.referenceForce;
    if (this.referenceForce > 0 && inBand) {
      this.outOfBandSince = -1;
      return;
    }
    if (this.referenceForce > 0) {
      if (this.outOfBandSince < 0) this.outOfBandSince = nowMs;
      if (nowMs - this.outOfBandSince < RESCALE_DELAY_MS) return;
    }
    this.outOfBandSince = -1;
    this.setReferenceForce(niceCeiling(maxForce));
  }

  // Poses one pooled cone and arrow per contact from the contact view.
  update(contacts, count, nowMs) {
    if (count > this.cones.length) this.grow(Math.max(count, 2 * this.cones.length));
    const f = this.field;
    let maxForce = 0;
    for (let i = 0; i < count; i += 1) {
      const base = i * this.stride;
      const fn = contacts[base + f.fn];
      const fx = fn * contacts[base + f.nx] + contacts[base + f.ftx];
      const fy = fn * contacts[base + f.ny] + contacts[base + f.fty];
      const fz = fn * contacts[base + f.nz] + contacts[base + f.ftz];
      maxForce = Math.max(maxForce, Math.hypot(fx, fy, fz));
    }
    this.updateForceScale(maxForce, nowMs);

    const coneHeight = 0.5 * this.lengthScale;
    const arrowRadius = 0.025 * this.lengthScale;
    const metresPerNewton = this.referenceForce > 0 ? this.lengthScale / this.referenceForce : 0;
    const lastMode = this.materials.length - 1;
    for (let i = 0; i < count; i += 1) {
      const base = i * this.stride;
      const px = contacts[base + f.px];
      const py = contacts[base + f.py];
      const pz = contacts[base + f.pz];
      const nx = contacts[base + f.nx];
      const ny = contacts[base + f.ny];
      const nz = contacts[base + f.nz];
      const mode = Math.min(lastMode, Math.max(0, Math.round(contacts[base + f.mode])));
      const materials = this.materials[mode];
      const mu = Math.max(contacts[base + f.mu], 1e-3);
      const bodyA = contacts[base + f.body_a];
      const bodyB = contacts[base + f.body_b];
      const sign = this.bodyIsStatic[bodyB] && !this.bodyIsStatic[bodyA] ? -1 : 1;

      const highlight = this.highlights[i];
      const marked = this.highlightedBody;
      highlight.visible = marked >= 0 && (bodyA === marked || bodyB === marked);
      if (highlight.visible) {
        highlight.position.set(px, py, pz);
        highlight.scale.setScalar(2 * arrowRadius);
      }

      const cone = this.cones[i];
      cone.visible = this.showCones;
      if (cone.visible) {
        cone.position.set(px, py, pz);
        this.direction.set(sign * nx, sign * ny, sign * nz);
        cone.quaternion.setFromUnitVectors(Z_AXIS, this.direction);
        cone.scale.set(mu * coneHeight, mu * coneHeight, coneHeight);
        cone.children[0].material = materials.coneSurface;
        cone.children[1].material = materials.coneOutline;
      }

      const fn = contacts[base + f.fn];
      this.direction.set(
        sign * (fn * nx + contacts[base + f.ftx]),
        sign * (fn * ny + contacts[base + f.fty]),
        sign * (fn * nz + contacts[base + f.ftz]),
      );
      const length = Math.min(this.direction.length() * metresPerNewton, 4 * this.lengthScale);
      const arrow = this.arrows[i];
      arrow.visible = this.showArrows && length > 2 * arrowRadius;
      if (arrow.visible) {
        this.direction.normalize();
        const headLength = Math.min(0.35 * length, 6 * arrowRadius);
        const [shaft, head] = arrow.children;
        arrow.position.set(px, py, pz);
        arrow.quaternion.setFromUnitVectors(Z_AXIS, this.direction);
        shaft.scale.set(arrowRadius, arrowRadius, length - headLength);
        head.position.z = length - headLength;
        head.scale.set(2.4 * arrowRadius, 2.4 * arrowRadius, headLength);
        shaft.material = materials.arrow;
        head.material = materials.arrow;
      }
    }
    for (let i = count; i < this.cones.length; i += 1) {
      this.cones[i].visible = false;
      this.arrows[i].visible = false;
      this.highlights[i].visible = false;
    }
  }

  // The body whose contacts are marked (the grasped object), -1 for none.
  setHighlightedBody(body) {
    this.highlightedBody = body;
  }

  visibleHighlightCount() {
    return this.highlights.reduce((sum, highlight) => sum + (highlight.visible ? 1 : 0), 0);
  }

  visibleConeCount() {
    return this.cones.reduce((sum, cone) => sum + (cone.visible ? 1 : 0), 0);
  }

  visibleArrowCount() {
    return this.arrows.reduce((sum, arrow) => sum + (arrow.visible ? 1 : 0), 0);
  }
}
