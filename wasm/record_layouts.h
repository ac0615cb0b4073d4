// The layout of every record the Simulation hands to JavaScript as a flat
// Float64Array: body poses and velocities, contacts, joints, the grasp, its wrenches
// and link poses.
#pragma once

#include <string>

#include "base/math_types.h"
#include "grasp/grasp_monitor.h"
#include "record_layout.h"
#include "session/simulation.h"
#include "step/data.h"

namespace contactlab {

// A body's or a link's frame in the world.
struct Frame {
  Vec3 position;     // [m]
  Quat orientation;  // unit, frame to world
};

// A body's velocity: of its centre of mass, and angular, both in the world frame.
struct BodyVelocity {
  Vec3 linear;   // [m/s]
  Vec3 angular;  // [rad/s]
};

const RecordLayout<Frame>& frame_layout();  // body_pose and link_pose
const RecordLayout<BodyVelocity>& body_velocity_layout();
const RecordLayout<ContactRecord>& contact_layout();
const RecordLayout<JointReadout>& joint_layout();
const RecordLayout<GraspReport>& grasp_layout();
const RecordLayout<Vec6>& wrench_layout();

// JSON: per record its stride, field names and units, and the names of the contact
// modes (docs/option_schema.md).
std::string record_layouts_json();

}  // namespace contactlab
