// The constraint rows of one island, seed 002 eq. (18): the columns of n~ (contact
// normals) and D~ (friction directions, eq. 4) as generalised directions on the
// island's bodies, their mass-weighted Gram matrix H^T M^-1 H, and the contact
// error-correction velocities of eq. (19).
//
// The Gram matrix is kept in contact-frame blocks: for contacts c, e the 3x3 block
// W_ce = J_c M^-1 J_e^T over the frames (n, t1, t2). Every friction column is
// d_j = cos_j t1 + sin_j t2, so its entries follow from W by two or four products:
// (1 + u)^2 numbers from 9, and nothing at all for contacts that share no body.
//
// Joints, joint limits and couplings (a later stage) add equality columns J~ and
// limit columns l~ here; the LCP of eq. (20)-(21) then eliminates J~.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "contact_detection.h"
#include "friction_cone.h"
#include "math_types.h"
#include "rigid_body.h"

namespace contactlab {

// The contact-frame Jacobian of one contact on one body: rows (n, t1, t2) as
// wrenches (d, r x d), negated for body A, and M^-1 times their transpose.
struct FrameJacobian {
  int body = -1;  // island-local, -1 when static
  Eigen::Matrix<double, 3, 6> rows;
  Eigen::Matrix<double, 6, 3> mobility;
};

struct IslandRows {
  int contact_count = 0;   // k
  int friction_edges = 0;  // u
  std::vector<int> contacts;                  // indices into the step's detected contacts
  std::vector<double> target_velocity;        // per contact: n^T v^{l+1} >= target (eq. 19)
  std::vector<double> friction_coefficient;   // per contact: mu (eq. 13)
  std::vector<Mat3> frame;                    // per contact: columns n, t1, t2 in world
  std::vector<double> edge_cos;               // per edge j: cos(2 pi j / u)
  std::vector<double> edge_sin;               // per edge j: sin(2 pi j / u)
  std::vector<Mat3> contact_gram;             // k x k blocks W_ce, row-major
  std::vector<char> contacts_coupled;         // k x k: the two contacts share a body
  std::vector<FrameJacobian> frame_jacobians; // per contact: body A, then body B

  // The relative velocity at contact c in its frame (n, t1, t2): J_c v.
  Vec3 frame_velocity(int c, const std::vector<Vec6>& island_velocity) const {
    Vec3 value = Vec3::Zero();
    for (int p = 2 * c; p < 2 * c + 2; ++p) {
      const FrameJacobian& jacobian = frame_jacobians[p];
      if (jacobian.body >= 0) value += jacobian.rows * island_velocity[jacobian.body];
    }
    return value;
  }
  // island_velocity += M^-1 J_c^T impulse, for an impulse in contact c's frame.
  void apply_frame_impulse(int c, const Vec3& impulse, std::vector<Vec6>& island_velocity) const {
    for (int p = 2 * c; p < 2 * c + 2; ++p) {
      const FrameJacobian& jacobian = frame_jacobians[p];
      if (jacobian.body >= 0) island_velocity[jacobian.body] += jacobian.mobility * impulse;
    }
  }
  // Column i of H (a normal, or the friction direction d_j) in its contact's frame.
  int column_contact(int i) const {
    return i < contact_count ? i : (i - contact_count) / friction_edges;
  }
  Vec3 column_in_frame(int i) const {
    if (i < contact_count) return Vec3::UnitX();
    const int j = (i - contact_count) % friction_edges;
    return Vec3(0, edge_cos[j], edge_sin[j]);
  }
  // H_i^T v: the velocity column i measures.
  double column_velocity(int i, const std::vector<Vec6>& island_velocity) const {
    return column_in_frame(i).dot(frame_velocity(column_contact(i), island_velocity));
  }

  const Mat3& block(int c, int e) const { return contact_gram[c * contact_count + e]; }
  // The normal-normal entry n_c^T M^-1 n_e of H^T M^-1 H.
  double normal_normal(int c, int e) const { return block(c, e)(0, 0); }

  // No infinity or NaN in the Gram blocks, targets or friction coefficients: the
  // contact LCP built from them is then finite wherever v_free is.
  bool is_finite() const;

  // Columns of H: k normals, then u friction directions per contact.
  int column_count() const { return contact_count * (1 + friction_edges); }
  int friction_column(int contact, int edge) const {
    return contact_count + contact * friction_edges + edge;
  }
};

// The velocity the normal row asks for, seed 002 eq. (19) with Delta p = phi - threshold/2:
// a penetrating contact (Delta p < 0) is pushed apart at gamma (-Delta p)/h; a contact
// still open (Delta p >= 0) may close by at most Delta p in this step (seed 004,
// phi(q') ~ phi(q) + h n v' >= 0), so bodies meet at the threshold instead of passing it.
double contact_target_velocity(double distance, const Options& options);

// (contacts of the island, body poses) => (columns, targets, mu, Gram matrix)
// `local_of_body` maps model body indices to island-local ones (-1 outside the island).
void assemble_island_rows(const Model& model, const Options& options,
                          const std::vector<DetectedContact>& contacts,
                          const std::vector<int>& island_contacts,
                          const std::vector<int>& local_of_body,
                          const std::vector<Vec3>& position,
                          const std::vector<InverseMass>& island_inverse_mass,
                          const std::vector<Vec6>& island_velocity,
                          const FrictionEdgeTable& edges, IslandRows& rows);

}  // namespace contactlab
