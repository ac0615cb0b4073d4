// Three.js objects for the bodies of a scene description (physics frame, z-up).
// Each body is a Group posed every frame from the simulation's body poses; its geoms
// are meshes at their fixed local pose. Planes are drawn as a large finite plate with
// a grid, sized to the scene. An imported robot's bodies may be drawn by its visual
// shapes instead (the import module's `visuals`, docs/urdf.md), each in its body's
// frame as the geoms are.
import {
  BoxGeometry,
  BufferGeometry,
  CapsuleGeometry,
  Color,
  CylinderGeometry,
  Float32BufferAttribute,
  BufferAttribute,
  GridHelper,
  Group,
  Mesh,
  MeshStandardMaterial,
  PlaneGeometry,
  SphereGeometry,
  SRGBColorSpace,
} from 'three';
import { setQuaternionWxyz } from './axes.js';

const DEFAULT_COLOR = '#8a9bb0';
const PLATE_PER_GRID = 8; // the plate under a plane's grid is this many grids wide

// Three.js builds capsules and cylinders along +y; the physics shapes run along +z.
function alongZ(geometry) {
  return geometry.rotateX(Math.PI / 2);
}

// A convex hull from its vertices and faces (vertex loops, CCW from outside), fan-
// triangulated, with flat normals.
function hullGeometry(vertices, faces) {
  const positions = [];
  for (const face of faces) {
    for (let k = 1; k + 1 < face.length; k += 1) {
      for (const index of [face[0], face[k], face[k + 1]]) positions.push(...vertices[index]);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}

function shapeGeometry(geom) {
  switch (geom.type) {
    case 'box': {
      const [x, y, z] = geom.half_extents;
      return new BoxGeometry(2 * x, 2 * y, 2 * z);
    }
    case 'sphere':
      return new SphereGeometry(geom.radius, 32, 16);
    case 'capsule':
      return alongZ(new CapsuleGeometry(geom.radius, 2 * geom.half_length, 8, 24));
    case 'cylinder':
      return alongZ(new CylinderGeometry(geom.radius, geom.radius, 2 * geom.half_length, 32));
    case 'convex_hull':
      return hullGeometry(geom.vertices, geom.faces);
    default:
      return null;
  }
}

// A visual shape (wasm/import/import_bindings.cpp): a primitive or its mesh's triangles,
// with a draw group per colour its file gives (material i for group i).
function visualGeometry(shape) {
  if (shape.type !== 'mesh') return shapeGeometry(shape);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(shape.positions, 3));
  geometry.setIndex(new BufferAttribute(shape.indices, 1));
  shape.groups?.forEach(({ start, count }, i) => geometry.addGroup(start, count, i));
  geometry.computeVertexNormals();
  return geometry;
}

// The rgba each of a visual shape's materials is drawn in: per group, the file's colour,
// else the URDF's (null: the default); one for a shape without groups.
function visualColors(shape) {
  const groups = shape.groups ?? [];
  if (groups.length === 0) return [shape.color ?? null];
  return groups.map((group) => group.color ?? shape.color ?? null);
}

// A URDF rgba (components in [0, 1], as sRGB) => {color, opacity}; none: the default.
function visualColor(rgba) {
  if (!rgba) return { color: new Color(DEFAULT_COLOR), opacity: 1 };
  return { color: new Color().setRGB(rgba[0], rgba[1], rgba[2], SRGBColorSpace), opacity: rgba[3] };
}

// A plane geom: the half-space z <= 0 of its frame, drawn as a wide plate (fading
// into the fog) with grid lines every `spacing` over a square of side `gridSize`.
function planeObject(gridSize, spacing, color) {
  const group = new Group();
  const plate = new Mesh(
    new PlaneGeometry(PLATE_PER_GRID * gridSize, PLATE_PER_GRID * gridSize),
    new MeshStandardMaterial({ color, roughness: 0.95, metalness: 0 }),
  );
  plate.receiveShadow = true;
  group.add(plate);
  const divisions = Math.max(1, Math.round(gridSize / spacing));
  const grid = new GridHelper(gridSize, divisions, 0x3d4856, 0x5d6a7a);
  grid.rotateX(Math.PI / 2); // GridHelper lies in its xz plane; the plane is z = 0
  grid.position.z = spacing * 1e-3; // just above the plate
  grid.material.transparent = true;
  grid.material.opacity = 0.45;
  group.add(grid);
  return group;
}

// Largest distance of a geom's surface from its body origin, roughly: used for
// framing the camera and sizing the overlays.
function geomReach(geom) {
  const offset = Math.hypot(...geom.position);
  switch (geom.type) {
    case 'box':
      return offset + Math.hypot(...geom.half_extents);
    case 'sphere':
      return offset + geom.radius;
    case 'capsule':
    case 'cylinder':
      return offset + geom.radius + geom.half_length;
    case 'convex_hull':
      return offset + Math.max(...geom.vertices.map((v) => Math.hypot(...v)));
    default:
      return 0;
  }
}

// The body reach of every body (0 for bodies made only of planes).
export function bodyReaches(description) {
  return description.bodies.map((body) =>
    Math.max(0, ...body.geoms.map((geom) => geomReach(geom))),
  );
}

const GHOST_OPACITY = 0.35;

export class BodyMeshes {
  // A ghost (compare mode's twin) draws only the non-static bodies, translucent and
  // without shadows, over the page's own.
  // `poseLayout`: the body pose record's layout (record_layouts.js).
  constructor(parent, poseLayout, { ghost = false } = {}) {
    this.parent = parent;
    this.poseStride = poseLayout.stride;
    this.pose = poseLayout.offsets(['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz']);
    this.ghost = ghost;
    this.bodies = []; // one Group per body, in scene order (empty for a ghost's static bodies)
    this.visualShapes = 0; // visual shapes drawn in place of geoms
  }

  material(color, geom, opacity = 1) {
    const common = { color, roughness: 0.6, metalness: 0.05, flatShading: geom.type === 'convex_hull' };
    if (!this.ghost && opacity < 1) return new MeshStandardMaterial({ ...common, transparent: true, opacity });
    if (!this.ghost) return new MeshStandardMaterial(common);
    return new MeshStandardMaterial({ ...common, transparent: true, opacity: GHOST_OPACITY, depthWrite: false });
  }

  // Replaces the drawn bodies by those of `description`. `gridSize` and
  // `gridSpacing` size the planes' grids [m] (not needed for a ghost). `visuals`: an
  // imported robot's visual shapes, drawn in place of the geoms of the bodies they name.
  build(description, gridSize = 1, gridSpacing = 1, visuals = []) {
    this.clear();
    const visualsByBody = new Map();
    for (const shape of visuals) visualsByBody.set(shape.body, [...(visualsByBody.get(shape.body) ?? []), shape]);
    for (const body of description.bodies) {
      const group = new Group();
      group.name = body.name;
      const shapes = visualsByBody.get(body.name);
      if (shapes && !(this.ghost && body.static)) {
        for (const shape of shapes) group.add(this.visualObject(shape));
        this.visualShapes += shapes.length;
        this.parent.add(group);
        this.bodies.push(group);
        continue;
      }
      const geoms = this.ghost && body.static ? [] : body.geoms;
      for (const geom of geoms) {
        const color = new Color(geom.color || DEFAULT_COLOR);
        let object;
        if (geom.type === 'plane') {
          object = planeObject(gridSize, gridSpacing, color);
        } else {
          const geometry = shapeGeometry(geom);
          if (!geometry) continue;
          object = new Mesh(geometry, this.material(color, geom));
          object.castShadow = !this.ghost;
          object.receiveShadow = !this.ghost;
        }
        object.position.fromArray(geom.position);
        setQuaternionWxyz(object.quaternion, ...geom.orientation);
        group.add(object);
      }
      this.parent.add(group);
      this.bodies.push(group);
    }
  }

  visualObject(shape) {
    const materials = visualColors(shape).map((rgba) => {
      const { color, opacity } = visualColor(rgba);
      return this.material(color, shape, opacity);
    });
    const object = new Mesh(visualGeometry(shape), materials.length === 1 ? materials[0] : materials);
    object.castShadow = !this.ghost;
    object.receiveShadow = !this.ghost;
    object.position.fromArray(shape.position);
    setQuaternionWxyz(object.quaternion, ...shape.orientation);
    return object;
  }

  // Poses every body from the simulation's pose view.
  update(poses) {
    const p = this.pose;
    const count = Math.min(this.bodies.length, poses.length / this.poseStride);
    for (let i = 0; i < count; i += 1) {
      const base = this.poseStride * i;
      const group = this.bodies[i];
      group.position.set(poses[base + p.x], poses[base + p.y], poses[base + p.z]);
      const quaternion = group.quaternion;
      setQuaternionWxyz(quaternion, poses[base + p.qw], poses[base + p.qx], poses[base + p.qy], poses[base + p.qz]);
    }
  }

  // How many bodies are drawn (with at least one shape).
  drawnCount() {
    return this.bodies.filter((group) => group.children.length > 0).length;
  }

  clear() {
    for (const group of this.bodies) {
      this.parent.remove(group);
      group.traverse((object) => {
        if (object.geometry) object.geometry.dispose();
        for (const material of [object.material ?? []].flat()) material.dispose();
      });
    }
    this.bodies.length = 0;
    this.visualShapes = 0;
  }
}
