// A drag's spring drawn in the view (docs/page.md, "Drag to perturb"): a line from the
// grabbed point, where the core moves it with the body, to the pull's target, with a dot
// at each end, over everything else. The page's simulation and compare mode's ghost
// each have one; the ghost's is translucent like its bodies.
import {
  BufferGeometry,
  Float32BufferAttribute,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  SphereGeometry,
} from 'three';

const SPRING_COLOUR = 0xff3b8d;
const END_RADIUS_M = 0.006;
const GHOST_OPACITY = 0.4;

export class DragSpringLine {
  #line;
  #ends;

  // `frame`: the physics frame the simulation's coordinates are in.
  constructor(frame, { ghost = false } = {}) {
    const look = { color: SPRING_COLOUR, depthTest: false, transparent: ghost, opacity: ghost ? GHOST_OPACITY : 1 };
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(new Float32Array(6), 3));
    this.#line = new Line(geometry, new LineBasicMaterial(look));
    const dot = new SphereGeometry(END_RADIUS_M, 12, 8);
    const material = new MeshBasicMaterial(look);
    this.#ends = [new Mesh(dot, material), new Mesh(dot, material)];
    for (const part of [this.#line, ...this.#ends]) {
      part.visible = false;
      part.renderOrder = 10;
      frame.add(part);
    }
  }

  // `state`: a simulation's dragState() (grabbed and target points, m), or null to hide.
  show(state) {
    if (state) {
      const positions = this.#line.geometry.attributes.position;
      positions.setXYZ(0, ...state.grabbed);
      positions.setXYZ(1, ...state.target);
      positions.needsUpdate = true;
      this.#ends[0].position.set(...state.grabbed);
      this.#ends[1].position.set(...state.target);
    }
    for (const part of [this.#line, ...this.#ends]) part.visible = state !== null;
  }
}
