// How the Simulation's flat views are laid out, as Module.recordLayouts() exports it
// (wasm/record_layouts.cpp, described in docs/option_schema.md): per record (body
// pose, body velocity, contact, joint, grasp, wrench, link pose) its stride and field
// names, and the names of the contact modes. Readers look fields up here once, by
// name, and index the views with the numbers they get.

function recordLayout(record, { stride, fields }) {
  const index = Object.fromEntries(fields.map((field, i) => [field, i]));
  return Object.freeze({
    stride,
    // The offsets of `names` in one record, as {name: offset}; throws for a field the
    // record does not have, so a reader never indexes with undefined.
    offsets(names) {
      const offsets = {};
      for (const name of names) {
        if (!(name in index)) throw new Error(`record ${record} has no field ${name} (fields: ${fields.join(', ')})`);
        offsets[name] = index[name];
      }
      return Object.freeze(offsets);
    },
  });
}

// {bodyPose, bodyVelocity, contact, joint, grasp, wrench, linkPose, contactModes}.
export function parseRecordLayouts(jsonText) {
  const raw = JSON.parse(jsonText);
  return Object.freeze({
    bodyPose: recordLayout('body_pose', raw.body_pose),
    bodyVelocity: recordLayout('body_velocity', raw.body_velocity),
    contact: recordLayout('contact', raw.contact),
    joint: recordLayout('joint', raw.joint),
    grasp: recordLayout('grasp', raw.grasp),
    wrench: recordLayout('wrench', raw.wrench),
    linkPose: recordLayout('link_pose', raw.link_pose),
    contactModes: Object.freeze([...raw.contact_modes]),
  });
}
