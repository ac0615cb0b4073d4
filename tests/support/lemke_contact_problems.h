// Contact LCPs of seed 002 eq. (18)-(21) without joints, built from boxes resting on the
// ground or on each other, for the Lemke tests and benchmarks.
//
//   z = [c_n (k), beta (u k), lambda (k)],   H = [n-columns, D-columns],
//   LCP matrix = [[H^T M^-1 H, 0], [0, 0]] + N,   N = [[0, 0, 0], [0, 0, E], [mu, -E^T, 0]],
//   q = [n^T v_free ; D^T v_free ; 0],   v_free = v + h M^-1 f_gravity,
//
// with k contacts, u friction edges d_j = cos(2 pi j / u) t1 + sin(2 pi j / u) t2 (seed
// 002 eq. 4), E = diag(e, ..., e) with e = ones(u), and every contact normal +z (from the
// lower body, or the ground, into the upper one). Each box has 6 dof (linear velocity,
// angular velocity), mass m and the inertia of a solid box. No penetration: eps_n = 0.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>
#include <cstdint>
#include <vector>

namespace contactlab::test_problems {

struct TestBox {
  Eigen::Vector3d position;
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();
  Eigen::Vector3d half_extents = Eigen::Vector3d(0.1, 0.1, 0.1);
  double mass = 1;
};

struct TestContact {
  int lower;  // index of the lower box, or -1 for the ground
  int upper;  // index of the upper box
  Eigen::Vector3d point;
};

struct ContactLcp {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  int contacts = 0;                              // k
  int friction_edges = 0;                        // u
  std::vector<Eigen::Vector3d> edge_directions;  // d_j, j = 0 .. u-1

  int normal_index(int contact) const { return contact; }
  int friction_index(int contact, int edge) const {
    return contacts + contact * friction_edges + edge;
  }
  int sliding_index(int contact) const { return contacts * (1 + friction_edges) + contact; }
};

inline ContactLcp build_contact_lcp(const std::vector<TestBox>& boxes,
                                    const std::vector<TestContact>& contact_list,
                                    double friction_coefficient, int friction_edges,
                                    double time_step, double gravity) {
  const double kPi = 3.14159265358979323846;
  const int bodies = static_cast<int>(boxes.size());
  const int k = static_cast<int>(contact_list.size());
  const int u = friction_edges;
  const int dof = 6 * bodies;
  const int columns = k * (1 + u);  // H = [n-columns, D-columns]

  ContactLcp lcp;
  lcp.contacts = k;
  lcp.friction_edges = u;
  for (int j = 0; j < u; ++j) {
    const double angle = 2 * kPi * j / u;
    lcp.edge_directions.push_back(Eigen::Vector3d(std::cos(angle), std::sin(angle), 0));
  }

  // M^-1 (diagonal: 1/m for the linear dof, 1/I for the principal axes of each box).
  Eigen::VectorXd inverse_mass(dof);
  for (int b = 0; b < bodies; ++b) {
    const TestBox& box = boxes[b];
    const Eigen::Vector3d& a = box.half_extents;
    const Eigen::Vector3d inertia(box.mass * (a.y() * a.y() + a.z() * a.z()) / 3,
                                  box.mass * (a.x() * a.x() + a.z() * a.z()) / 3,
                                  box.mass * (a.x() * a.x() + a.y() * a.y()) / 3);
    for (int i = 0; i < 3; ++i) {
      inverse_mass[6 * b + i] = 1 / box.mass;
      inverse_mass[6 * b + 3 + i] = 1 / inertia[i];
    }
  }

  // H: the generalised direction of a unit impulse along `direction` at each contact,
  // +[dir; r x dir] on the upper body and -[dir; r x dir] on the lower one.
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(dof, columns);
  auto add_column = [&](int column, const TestContact& contact, const Eigen::Vector3d& direction) {
    const int sides[2] = {contact.upper, contact.lower};
    const double signs[2] = {1, -1};
    for (int s = 0; s < 2; ++s) {
      if (sides[s] < 0) continue;
      const Eigen::Vector3d arm = contact.point - boxes[sides[s]].position;
      const Eigen::Vector3d moment = arm.cross(direction);
      for (int i = 0; i < 3; ++i) {
        H(6 * sides[s] + i, column) += signs[s] * direction[i];
        H(6 * sides[s] + 3 + i, column) += signs[s] * moment[i];
      }
    }
  };
  for (int c = 0; c < k; ++c) {
    add_column(c, contact_list[c], Eigen::Vector3d(0, 0, 1));
    for (int j = 0; j < u; ++j) add_column(k + c * u + j, contact_list[c], lcp.edge_directions[j]);
  }

  // v_free = v + h M^-1 f_gravity (no angular velocity).
  Eigen::VectorXd free_velocity = Eigen::VectorXd::Zero(dof);
  for (int b = 0; b < bodies; ++b) {
    for (int i = 0; i < 3; ++i) free_velocity[6 * b + i] = boxes[b].velocity[i];
    free_velocity[6 * b + 2] -= time_step * gravity;
  }

  const int n = k * (2 + u);
  lcp.M = Eigen::MatrixXd::Zero(n, n);
  lcp.q = Eigen::VectorXd::Zero(n);
  for (int r = 0; r < columns; ++r) {
    for (int c = 0; c < columns; ++c) {
      double g = 0;  // G = H^T M^-1 H
      for (int i = 0; i < dof; ++i) g += H(i, r) * inverse_mass[i] * H(i, c);
      lcp.M(r, c) = g;
    }
    double velocity = 0;
    for (int i = 0; i < dof; ++i) velocity += H(i, r) * free_velocity[i];
    lcp.q[r] = velocity;
  }
  for (int c = 0; c < k; ++c) {
    for (int j = 0; j < u; ++j) {
      lcp.M(lcp.friction_index(c, j), lcp.sliding_index(c)) = 1;   // E
      lcp.M(lcp.sliding_index(c), lcp.friction_index(c, j)) = -1;  // -E^T
    }
    lcp.M(lcp.sliding_index(c), lcp.normal_index(c)) = friction_coefficient;  // mu
  }
  return lcp;
}

// The four bottom corners of `box` touching the top of `lower` (-1: the ground).
inline void add_corner_contacts(const std::vector<TestBox>& boxes, int lower, int upper,
                                std::vector<TestContact>& contacts) {
  const TestBox& box = boxes[upper];
  const double signs[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  for (const auto& s : signs) {
    const Eigen::Vector3d corner(box.position.x() + s[0] * box.half_extents.x(),
                                 box.position.y() + s[1] * box.half_extents.y(),
                                 box.position.z() - box.half_extents.z());
    contacts.push_back(TestContact{lower, upper, corner});
  }
}

// A stack of `count` 0.2 m cubes of 1 kg on the ground, at rest: 4 count contacts.
inline ContactLcp resting_stack_lcp(int count, double friction_coefficient, int friction_edges,
                                    double time_step, double gravity) {
  std::vector<TestBox> boxes(count);
  std::vector<TestContact> contacts;
  for (int b = 0; b < count; ++b) {
    boxes[b].position = Eigen::Vector3d(0, 0, 0.1 + 0.2 * b);
    add_corner_contacts(boxes, b - 1, b, contacts);
  }
  return build_contact_lcp(boxes, contacts, friction_coefficient, friction_edges, time_step,
                           gravity);
}

// One 0.2 m cube of 1 kg on the ground moving with `velocity`: 4 contacts.
inline ContactLcp single_box_lcp(const Eigen::Vector3d& velocity, double friction_coefficient,
                                 int friction_edges, double time_step, double gravity) {
  std::vector<TestBox> boxes(1);
  boxes[0].position = Eigen::Vector3d(0, 0, 0.1);
  boxes[0].velocity = velocity;
  std::vector<TestContact> contacts;
  add_corner_contacts(boxes, -1, 0, contacts);
  return build_contact_lcp(boxes, contacts, friction_coefficient, friction_edges, time_step,
                           gravity);
}

// Uniform numbers in [-1, 1) from splitmix64 (integer arithmetic and one exact scaling),
// so the perturbed problems below are the same with every compiler and library.
class PerturbationSource {
 public:
  explicit PerturbationSource(std::uint64_t seed) : state_(seed) {}
  double next() {
    state_ += 0x9E3779B97F4A7C15ull;
    std::uint64_t bits = state_;
    bits = (bits ^ (bits >> 30)) * 0xBF58476D1CE4E5B9ull;
    bits = (bits ^ (bits >> 27)) * 0x94D049BB133111EBull;
    bits ^= bits >> 31;
    return static_cast<double>(bits >> 11) * 0x1.0p-52 - 1;
  }
  Eigen::Vector3d vector(double size) {
    const double x = next();  // in this order: function arguments have none
    const double y = next();
    const double z = next();
    return size * Eigen::Vector3d(x, y, z);
  }

 private:
  std::uint64_t state_;
};

// A stack of `count` 0.2 m cubes of 1 kg as a simulation leaves it: every box and every
// contact point off by up to `offset` [m] in each direction and every box moving at up
// to `speed` [m/s] in each direction. The four corners of a face are no longer exactly
// coplanar, so the rank deficiency of the normal block of H^T M^-1 H becomes pivots of
// relative size offset / 0.1 m, and the zeros of q become numbers of size `speed`.
inline ContactLcp perturbed_stack_lcp(int count, double friction_coefficient, int friction_edges,
                                      double time_step, double gravity, double offset,
                                      double speed, std::uint64_t seed) {
  PerturbationSource source(seed);
  std::vector<TestBox> boxes(count);
  for (int b = 0; b < count; ++b) {
    boxes[b].position = Eigen::Vector3d(0, 0, 0.1 + 0.2 * b) + source.vector(offset);
    boxes[b].velocity = source.vector(speed);
  }
  std::vector<TestContact> contacts;
  for (int b = 0; b < count; ++b) add_corner_contacts(boxes, b - 1, b, contacts);
  for (TestContact& contact : contacts) contact.point += source.vector(offset);
  return build_contact_lcp(boxes, contacts, friction_coefficient, friction_edges, time_step,
                           gravity);
}

}  // namespace contactlab::test_problems
