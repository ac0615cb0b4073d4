// Building models with articulations in code, for tests of the step: one body per
// link, with its frame at the link's centre of mass and one geom given in the link
// frame (as the scene loader places them).
#pragma once

#include <string>
#include <vector>

#include "dynamics/articulation/articulation_state.h"
#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/model.h"
#include "test_shapes.h"

namespace contactlab {

// A model with one default material (mu = 0.5) and, if asked, a ground plane.
inline Model empty_model(bool with_ground) {
  Model model;
  model.name = "test";
  model.material_names = {"default"};
  model.friction_table = {FrictionPair{}};
  if (with_ground) {
    Body ground;
    ground.name = "ground";
    ground.is_static = true;
    ground.geoms = {0};
    model.bodies.push_back(ground);
    Geom geom;
    geom.body = 0;
    geom.shape = plane();
    model.geoms.push_back(geom);
  }
  return model;
}

struct LinkSpec {
  TreeLink link;
  Shape shape;
  Pose shape_in_link;  // the geom's pose in the link frame
  JointActuator actuator;
  JointFriction friction;
  double position = 0;  // initial q of a revolute or prismatic joint
};

// Appends an articulation of the given links (parents before children); returns its index.
inline int append_articulation(Model& model, const std::string& name, const std::vector<LinkSpec>& links,
                               const std::vector<JointCoupling>& couplings = {}) {
  Articulation articulation;
  articulation.name = name;
  for (const LinkSpec& spec : links) articulation.tree.add_link(spec.link);
  articulation.initial_positions = articulation.tree.neutral_positions();
  articulation.initial_velocities = Eigen::VectorXd::Zero(articulation.tree.velocity_size());
  for (int i = 0; i < static_cast<int>(links.size()); ++i) {
    if (links[i].link.joint.position_size() == 1) {
      articulation.initial_positions[articulation.tree.position_offset(i)] = links[i].position;
    }
    articulation.actuators.push_back(links[i].actuator);
    articulation.joint_friction.push_back(links[i].friction);
  }
  articulation.couplings = couplings;
  articulation.free_links = free_link_tree(articulation.tree);
  const int index = static_cast<int>(model.articulations.size());
  for (int i = 0; i < static_cast<int>(links.size()); ++i) {
    const TreeLink& link = links[i].link;
    Body body;
    body.name = link.name;
    body.mass = link.mass;
    body.inertia = link.inertia;
    body.articulation = index;
    body.link = i;
    body.geoms = {static_cast<int>(model.geoms.size())};
    Geom geom;
    geom.body = static_cast<int>(model.bodies.size());
    geom.shape = links[i].shape;
    geom.local_pose = links[i].shape_in_link;
    geom.local_pose.position -= link.com;
    model.geoms.push_back(geom);
    articulation.link_body.push_back(static_cast<int>(model.bodies.size()));
    model.bodies.push_back(body);
  }
  model.articulations.push_back(articulation);
  return index;
}

// A uniform rod of length `length` along the link's x axis from the joint, hinged to
// `parent` by a revolute joint about y at `origin`.
inline LinkSpec rod_link(const std::string& name, int parent, const Vec3& origin, double length,
                         double mass, double radius = 0.02) {
  LinkSpec spec;
  spec.link.name = name;
  spec.link.parent = parent;
  spec.link.joint.type = JointType::Revolute;
  spec.link.joint.axis = Vec3::UnitY();
  spec.link.joint.origin.position = origin;
  spec.link.mass = mass;
  spec.link.com = Vec3(0.5 * length, 0, 0);
  const double across = mass * length * length / 12;
  spec.link.inertia = Vec3(1e-4 * mass, across, across).asDiagonal();
  spec.shape = capsule(radius, 0.5 * length);
  // The capsule's axis (local z) along the link's x axis.
  spec.shape_in_link.position = Vec3(0.5 * length, 0, 0);
  spec.shape_in_link.rotation << 0, 0, 1, 0, 1, 0, -1, 0, 0;
  return spec;
}

}  // namespace contactlab
