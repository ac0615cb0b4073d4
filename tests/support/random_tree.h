// Random links for tests of kinematic trees: unit axes, joint origins, centres of mass
// and positive-definite inertias drawn from a fixed-seed engine (test_random.h).
#pragma once

#include <random>

#include "base/math_types.h"
#include "dynamics/articulation/kinematic_tree.h"
#include "test_random.h"

namespace contactlab {

inline Vec3 random_vector(std::mt19937_64& engine, double scale) {
  return Vec3(uniform(engine, -scale, scale), uniform(engine, -scale, scale),
              uniform(engine, -scale, scale));
}

// Joint positions uniform in [-2, 2], a free root's quaternion normalised.
inline Eigen::VectorXd random_positions(const KinematicTree& tree, std::mt19937_64& engine) {
  Eigen::VectorXd q(tree.position_size());
  for (int i = 0; i < q.size(); ++i) q[i] = uniform(engine, -2, 2);
  if (tree.link(0).joint.type == JointType::Free) q.segment<4>(3).normalize();
  return q;
}

inline Mat3 random_rotation(std::mt19937_64& engine) {
  return Eigen::AngleAxisd(uniform(engine, -3, 3), random_vector(engine, 1).normalized())
      .toRotationMatrix();
}

// A link of the given joint type under `parent`, with mass 0.5..2 kg and principal
// moments 0.02..0.04 kg m^2 about randomly turned axes.
inline TreeLink random_link(std::mt19937_64& engine, int parent, JointType type) {
  TreeLink link;
  link.parent = parent;
  link.joint.type = type;
  link.joint.axis = random_vector(engine, 1).normalized();
  if (type != JointType::Free) {
    link.joint.origin.position = random_vector(engine, 0.5);
    link.joint.origin.rotation = random_rotation(engine);
  }
  link.mass = uniform(engine, 0.5, 2);
  link.com = random_vector(engine, 0.3);
  const Mat3 rotation = random_rotation(engine);
  const Vec3 moments(uniform(engine, 0.02, 0.04), uniform(engine, 0.02, 0.04),
                     uniform(engine, 0.02, 0.04));
  link.inertia = rotation * moments.asDiagonal() * rotation.transpose();
  return link;
}

}  // namespace contactlab
