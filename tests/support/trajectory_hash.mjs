// The hashes of tests/data/trajectory_hashes.json, in JavaScript: FNV-1a 64 over
// bytes, and over a trajectory's state doubles (t, then every dynamic body's
// x y z qw qx qy qz vx vy vz wx wy wz, then every joint's q v, row by row) as their
// little-endian IEEE-754 bytes. Printed as 16 hex digits.
const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

export class Fnv1a64 {
  constructor() {
    this.hash = OFFSET;
    this.bytes = new Uint8Array(8);
    this.view = new DataView(this.bytes.buffer);
  }

  addBytes(bytes) {
    let hash = this.hash;
    for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * PRIME) & MASK;
    this.hash = hash;
  }

  addDouble(value) {
    this.view.setFloat64(0, value, true);
    this.addBytes(this.bytes);
  }

  hex() {
    return this.hash.toString(16).padStart(16, '0');
  }
}

export function fnv1a64(bytes) {
  const hash = new Fnv1a64();
  hash.addBytes(bytes);
  return hash.hex();
}

// The state columns come first in the CLI's CSV: everything before the loop error,
// grasp or contact columns.
const AFTER_STATE = Object.freeze(['loop_error', 'grasp.object', 'contacts']);

export function stateColumnCount(headerLine) {
  const header = headerLine.split(',');
  const end = header.findIndex((name) => AFTER_STATE.includes(name));
  return end < 0 ? header.length : end;
}

// The state hash of a CSV given as lines (header first); 17 digits read back as the
// same doubles.
export function hashCsvState(lines) {
  const columns = stateColumnCount(lines[0]);
  const hash = new Fnv1a64();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    for (let i = 0; i < columns; ++i) hash.addDouble(Number(cells[i]));
  }
  return hash.hex();
}

const JOINT_STRIDE = 6; // a joint record: q, v, q_ref, effort, limit, goal

// The state hash of a module Simulation's run from where it stands, `rows` rows (the
// state now, then one per step), as the table's `state` hashes the CLI's CSV.
export function simulationStateHash(sim, rows) {
  const description = JSON.parse(sim.sceneDescription());
  const hash = new Fnv1a64();
  const addState = () => {
    hash.addDouble(sim.time());
    const poses = sim.bodyPoses();
    const velocities = sim.bodyVelocities();
    description.bodies.forEach((body, b) => {
      if (body.static) return;
      for (let i = 0; i < 7; ++i) hash.addDouble(poses[7 * b + i]);
      for (let i = 0; i < 6; ++i) hash.addDouble(velocities[6 * b + i]);
    });
    description.articulations.forEach((articulation, a) => {
      const joints = sim.jointState(a);
      for (let j = 0; j < joints.length; j += JOINT_STRIDE) {
        hash.addDouble(joints[j]);
        hash.addDouble(joints[j + 1]);
      }
    });
  };
  addState();
  for (let row = 1; row < rows; ++row) {
    if (sim.step(1) !== 1) throw new Error(`the step after row ${row - 1} was not taken`);
    addState();
  }
  return hash.hex();
}
