// Reads a Simulation's flat views into plain objects, field by field as the core's
// record layouts name them (record_layouts.js), for the automation API. Not for
// per-frame use: every call allocates its result.

const LIMIT_NAMES = Object.freeze({ '-1': 'lower', 0: 'free', 1: 'upper' });

export class RecordReader {
  // `records`: the layouts of the views (record_layouts.js).
  constructor(records) {
    this.records = records;
    this.contact = records.contact.offsets([
      'px', 'py', 'pz', 'nx', 'ny', 'nz', 'phi', 'fn', 'ftx', 'fty', 'ftz',
      'mode', 'mu', 'body_a', 'body_b', 'vn', 'vtx', 'vty', 'vtz',
    ]);
    this.pose = records.bodyPose.offsets(['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz']);
    this.joint = records.joint.offsets(['q', 'v', 'q_ref', 'effort', 'limit', 'goal']);
    this.wrench = records.wrench.offsets(['fx', 'fy', 'fz', 'tx', 'ty', 'tz']);
    this.linkFrame = records.linkPose.offsets(['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz']);
  }

  // [{position, normal, phi, fn, ft, mode, mu, bodyA, bodyB, vn, vt}] (docs/page.md).
  contacts(simulation) {
    const view = simulation.contactView();
    const { stride } = this.records.contact;
    const f = this.contact;
    const contacts = [];
    for (let i = 0; i < simulation.contactCount; i += 1) {
      const read = (name) => view[i * stride + f[name]];
      contacts.push({
        position: [read('px'), read('py'), read('pz')],
        normal: [read('nx'), read('ny'), read('nz')],
        phi: read('phi'),
        fn: read('fn'),
        ft: [read('ftx'), read('fty'), read('ftz')],
        mode: this.records.contactModes[read('mode')] ?? 'unknown',
        mu: read('mu'),
        bodyA: read('body_a'),
        bodyB: read('body_b'),
        vn: read('vn'),
        vt: [read('vtx'), read('vty'), read('vtz')],
      });
    }
    return contacts;
  }

  // [{name, static, position, orientation}], in scene order.
  bodies(simulation) {
    const poses = simulation.poseView();
    const { stride } = this.records.bodyPose;
    return simulation.description.bodies.map((body, i) => {
      const frame = this.frame(poses, i * stride, this.pose);
      return { name: body.name, static: body.static, ...frame };
    });
  }

  // Every revolute or prismatic joint of every articulation, in scene order:
  // [{articulation, link, type, actuated, closeDirection, lower, upper, position,
  // velocity, target, goal, effort, limit}].
  joints(simulation) {
    const { stride } = this.records.joint;
    const f = this.joint;
    const joints = [];
    simulation.articulations.forEach((articulation, index) => {
      const view = simulation.jointView(index);
      for (const link of articulation.links) {
        if (link.joint_index < 0) continue;
        const read = (name) => view[link.joint_index * stride + f[name]];
        joints.push({
          articulation: articulation.name,
          link: link.name,
          type: link.joint.type,
          actuated: link.joint.actuated,
          closeDirection: link.joint.close_direction,
          lower: link.joint.lower ?? -Infinity,
          upper: link.joint.upper ?? Infinity,
          position: read('q'),
          velocity: read('v'),
          target: read('q_ref'),
          goal: read('goal'),
          effort: read('effort'),
          limit: LIMIT_NAMES[read('limit')] ?? 'free',
        });
      }
    });
    return joints;
  }

  // [{force, torque}], one per primitive wrench of the grasp now.
  graspWrenches(simulation) {
    const view = simulation.graspWrenches();
    const { stride } = this.records.wrench;
    const f = this.wrench;
    const wrenches = [];
    for (let base = 0; base + stride <= view.length; base += stride) {
      wrenches.push({
        force: [view[base + f.fx], view[base + f.fy], view[base + f.fz]],
        torque: [view[base + f.tx], view[base + f.ty], view[base + f.tz]],
      });
    }
    return wrenches;
  }

  // {position, orientation} of a link's frame now, or null for unknown names.
  linkPose(simulation, articulation, link) {
    const view = simulation.linkPose(articulation, link);
    return view.length < this.records.linkPose.stride ? null : this.frame(view, 0, this.linkFrame);
  }

  // {position: [x, y, z], orientation: [w, x, y, z]} at `base` of a pose record.
  frame(view, base, f) {
    return {
      position: [view[base + f.x], view[base + f.y], view[base + f.z]],
      orientation: [view[base + f.qw], view[base + f.qx], view[base + f.qy], view[base + f.qz]],
    };
  }
}
