// What makes an incline read as a slope: on every plane that leans against gravity,
// the world's horizontal drawn as a dashed line from a point of the plane just downhill
// of the action, the slope's line of steepest descent from the same point, the arc between
// them and the angle in degrees (docs/page.md, "Inclines"). Drawn in the physics frame.
import {
  BufferGeometry,
  CanvasTexture,
  Float32BufferAttribute,
  Group,
  Line,
  LineBasicMaterial,
  LineDashedMaterial,
  Sprite,
  SpriteMaterial,
} from 'three';
import { inclineOf, multiplyQuaternions, normalOf } from './incline_geometry.js';

const LINE_COLOR = 0x1d2630;
const ARC_SEGMENTS = 24;
const LABEL_PIXELS = 64; // the label texture's height
const LABEL_SIZE = 0.2; // the label's height, of the scene's radius

// Rotates vector v by quaternion [w, x, y, z].
function rotate([w, x, y, z], v) {
  const [vx, vy, vz] = v;
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  return [vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz), vz + w * tz + (x * ty - y * tx)];
}

const add = (a, b, s = 1) => a.map((v, i) => v + s * b[i]);
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function labelSprite(text, height) {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  const font = `600 ${Math.round(0.7 * LABEL_PIXELS)}px system-ui, sans-serif`;
  context.font = font;
  canvas.width = Math.ceil(context.measureText(text).width) + 16;
  canvas.height = LABEL_PIXELS;
  context.font = font;
  context.fillStyle = 'rgba(255, 255, 255, 0.85)';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#1d2630';
  context.textBaseline = 'middle';
  context.fillText(text, 8, LABEL_PIXELS / 2);
  const material = new SpriteMaterial({ map: new CanvasTexture(canvas), depthTest: false });
  const sprite = new Sprite(material);
  sprite.scale.set((height * canvas.width) / canvas.height, height, 1);
  sprite.renderOrder = 2;
  return sprite;
}

function polyline(points, material) {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(points.flat(), 3));
  const line = new Line(geometry, material);
  line.computeLineDistances();
  return line;
}

export class LevelReference {
  #group = new Group();
  #shown = []; // [{body, degrees}] of the inclines drawn

  constructor(physicsFrame) {
    physicsFrame.add(this.#group);
  }

  // The inclines of a newly loaded scene: `poses` its initial pose view, `layout` the
  // pose record's layout, `centre` the framed action's centre (physics frame) and
  // `radius` the framed ball's radius [m].
  setScene(description, poses, layout, centre, radius) {
    this.clear();
    const options = description.options;
    const gravity = [options.gravity_x, options.gravity_y, options.gravity_z];
    const { x, y, z, qw, qx, qy, qz } = layout.offsets(['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz']);
    description.bodies.forEach((body, index) => {
      if (!body.static) return;
      const base = layout.stride * index;
      const position = [poses[base + x], poses[base + y], poses[base + z]];
      const orientation = [poses[base + qw], poses[base + qx], poses[base + qy], poses[base + qz]];
      for (const geom of body.geoms) {
        if (geom.type !== 'plane') continue;
        const turn = multiplyQuaternions(orientation, geom.orientation);
        const normal = normalOf(turn);
        const incline = inclineOf(normal, gravity);
        if (!incline) continue;
        const origin = add(position, rotate(orientation, geom.position));
        this.#draw(incline, normal, origin, centre, radius);
        this.#shown.push({ body: body.name, degrees: incline.degrees });
      }
    });
  }

  // The inclines drawn: [{body, degrees}] (a test hook).
  shown() {
    return this.#shown.map((incline) => ({ ...incline }));
  }

  clear() {
    for (const child of [...this.#group.children]) {
      child.geometry?.dispose();
      child.material.map?.dispose();
      child.material.dispose();
      this.#group.remove(child);
    }
    this.#shown = [];
  }

  // The vertex: the point of the plane under the action's centre, moved downhill by
  // half the radius so that the marks start beside the bodies, not under them.
  #draw({ degrees, downhill, level }, normal, origin, centre, radius) {
    const below = add(centre, normal, -dot(add(centre, origin, -1), normal));
    const vertex = add(add(below, downhill, 0.5 * radius), normal, 1e-3 * radius);
    const length = radius;
    const solid = new LineBasicMaterial({ color: LINE_COLOR });
    const dashed = new LineDashedMaterial({ color: LINE_COLOR, dashSize: length / 20, gapSize: length / 30 });
    this.#group.add(polyline([vertex, add(vertex, level, length)], dashed));
    this.#group.add(polyline([vertex, add(vertex, downhill, length)], solid));
    const arcRadius = 0.35 * length;
    const radians = (degrees * Math.PI) / 180;
    const arc = [];
    for (let i = 0; i <= ARC_SEGMENTS; i += 1) {
      const t = (i / ARC_SEGMENTS) * radians;
      // From the level direction towards downhill, in the vertical plane holding both.
      const towardsDown = add(downhill, level, -Math.cos(radians));
      const unitDown = towardsDown.map((v) => v / Math.sin(radians));
      arc.push(add(vertex, add(level.map((v) => v * Math.cos(t)), unitDown, Math.sin(t)), arcRadius));
    }
    this.#group.add(polyline(arc, solid));
    const half = radians / 2;
    const towardsDown = add(downhill, level, -Math.cos(radians)).map((v) => v / Math.sin(radians));
    const bisector = add(level.map((v) => v * Math.cos(half)), towardsDown, Math.sin(half));
    const label = labelSprite(`${degrees.toFixed(1)}°`, LABEL_SIZE * radius);
    label.position.fromArray(add(vertex, bisector, 1.45 * arcRadius));
    this.#group.add(label);
  }
}
