// The generalised velocity of one island and the inverse mass its constraints act
// through, member by member: a free body (6 coordinates, seed 002 eq. 1 per body) or
// an articulation (its joint coordinates, with the couplings folded in:
// articulation_motion.h). The island's velocity concatenates the members'.
//
// A contact force along d at world point p on a body is the body wrench
// (d, (p - com) x d); on a link it acts on the tree as J_com^T times that wrench.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"

namespace contactlab {

struct IslandMember {
  int body = -1;          // a free body (model index), or -1
  int articulation = -1;  // an articulation (model index), or -1
  int offset = 0;         // its first coordinate in the island's velocity
  int size = 0;           // 6 for a free body, the tree's nv for an articulation
};

// Rows of a constraint on one member, in the member's coordinates: `rows` (3 x size)
// maps the member's velocity to the constraint's frame, `mobility` (size x 3) is
// M^-1 rows^T, the velocity change per unit impulse in the frame.
struct MemberJacobian {
  int member = -1;  // -1: the constraint's side on a static body (no rows)
  int offset = 0;
  Eigen::Matrix<double, 3, Eigen::Dynamic> rows;
  Eigen::Matrix<double, Eigen::Dynamic, 3> mobility;
};

// One row of a constraint on one member, in the member's coordinates: `row` (size)
// maps the member's velocity to the constraint's rate, `mobility` (size) is M^-1 row^T.
struct MemberRow {
  int member = -1;  // -1: the constraint's side on a static body (no row)
  int offset = 0;
  Eigen::VectorXd row;
  Eigen::VectorXd mobility;
};

class IslandDynamics {
 public:
  // Starts an island; `body_count` sizes the body-to-member map.
  void clear(int body_count);
  // Adds a free body with its velocity (v, w) and inverse mass at the current pose.
  void add_free_body(int body, const InverseMass& inverse_mass, const Vec6& velocity);
  // Adds an articulation with its velocity and its constrained inverse mass M_c^-1;
  // `link_body` lists its link bodies. The kinematics must stay alive while in use.
  void add_articulation(int articulation, const std::vector<int>& link_body,
                        const KinematicTree& tree, const TreeKinematics& kinematics,
                        const Eigen::VectorXd& velocity, const Eigen::MatrixXd& inverse_mass);

  int member_of_body(int body) const { return body_member_[body]; }
  // M^-1 of a free-body member.
  const InverseMass& free_inverse_mass(int member) const { return free_inverse_mass_[member]; }
  const std::vector<IslandMember>& members() const { return members_; }

  // The rows of a constraint on `body` whose frame rows are the body wrenches
  // `wrench_rows` (3 x 6, one wrench (d, r x d) per row), in island coordinates.
  void body_jacobian(int body, const Eigen::Matrix<double, 3, 6>& wrench_rows,
                     MemberJacobian& out) const;
  // The same for a single row, the body wrench `wrench` (force, torque about the
  // centre of mass).
  void body_row(int body, const Vec6& wrench, MemberRow& out) const;
  // A constraint on one joint coordinate of an articulation member (a joint limit):
  // its mobility column M_c^-1 e_coordinate (coordinate is island-global).
  double inverse_mass_entry(int member, int row, int column) const;

  Eigen::VectorXd velocity;  // v^l, then v_free, then v^{l+1}
  Eigen::VectorXd start_velocity;  // v^l, kept when velocity becomes v_free (a solver's warm start)

 private:
  struct ArticulationEntry {
    const KinematicTree* tree = nullptr;
    const TreeKinematics* kinematics = nullptr;
    const Eigen::MatrixXd* inverse_mass = nullptr;
  };
  std::vector<IslandMember> members_;
  std::vector<InverseMass> free_inverse_mass_;          // per member (free bodies)
  std::vector<ArticulationEntry> articulation_entry_;   // per member (articulations)
  std::vector<int> body_member_;                        // per model body, -1 outside
  std::vector<int> body_link_;                          // per model body: link index or -1
  std::vector<int> touched_bodies_;
  mutable Eigen::Matrix<double, 6, Eigen::Dynamic> jacobian_scratch_;
};

}  // namespace contactlab
