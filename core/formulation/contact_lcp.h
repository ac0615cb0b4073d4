// The island's contact problem as the pure LCP of seed 002 eq. (21).
//
// Eq. (18) with unknowns z = [c_n; c_l; beta; lambda] (contact normals, joint limits,
// friction, slip speeds) and a = M v^l + h k, so that M^-1 a = v_free (the velocity
// of eq. 15, and of eq. 17 where an articulation has couplings):
//
//   w = (G + N) z + g >= 0,   z >= 0,   z^T w = 0,   with
//   G = [H^T M^-1 H, 0; 0, 0],   H = [n~, l~, D~]
//   N = [0 0 0 0; 0 0 0 0; 0 0 0 E~; mu~ 0 -E~^T 0]
//   g = [n~^T v_free - eps_n;  l~^T v_free - eps_l;  D~^T v_free;  0]
//
// rows: rho   = n~^T v^{l+1} - eps_n            (eq. 3, with eq. 19's correction, and
//                                               at an impact Newton's -e v_n^l as a
//                                               lower bound: contact/restitution.h)
//       rho_l = l~^T v^{l+1} - eps_l            (eq. 9)
//       sigma = D~^T v^{l+1} + E~ lambda        (eq. 5)
//       zeta  = mu~ c_n - E~^T beta              (eq. 6)
// and v^{l+1} = v_free + M^-1 H z (eq. 20's first row). The joint friction rows
// (contact_rows.h) follow lambda as [tau+; tau-; sigma] (joint_friction_lcp.h): eqs.
// (5)-(6) for the pair +e_j, -e_j with the bound c h in place of mu c_n, so
// z = [c_n; c_l; beta; lambda; tau+; tau-; sigma]. The torsion rows of contacts with
// torsional friction follow those as [p+; p-; sigma] (torsion_lcp.h): eqs. (5)-(6) for
// the pair of angular columns +mu_t s, -mu_t s with c_n in place of mu c_n; a scene
// without torsional friction has none. The bilateral rows J~ of
// eq. (20) were eliminated per articulation (M^-1 here is M_c^-1 there), which is
// the elimination eq. (21) writes for the whole island.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "contact/contact_rows.h"
#include "lcp/lemke.h"
#include "lcp/scratch_array.h"

namespace contactlab {

// (G + N, g). The matrix lives in a buffer that only grows (lcp/scratch_array.h): the
// islands of a step, of different sizes, are solved one after another, and a matrix
// reallocated at each change of size touched its pages afresh every time (59 % of the
// dropping 20-cube pile's page faults, docs/performance.md). The build functions write
// every entry, so what the buffer held before is never read.
class ContactLcp {
 public:
  // matrix() becomes size x size, its entries unspecified, and offset of that size.
  void resize(int size) {
    storage_.reserve(static_cast<std::size_t>(size) * size);
    size_ = size;
    offset.resize(size);
  }
  // G + N, column-major with its columns one after the other.
  Eigen::Map<Eigen::MatrixXd> matrix() { return {storage_.data(), size_, size_}; }
  Eigen::Map<const Eigen::MatrixXd> matrix() const { return {storage_.data(), size_, size_}; }

  Eigen::VectorXd offset;  // g

 private:
  ScratchArray<double> storage_;
  Eigen::Index size_ = 0;
};

// (rows, v_free) => (G + N, g)
void build_contact_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                       ContactLcp& lcp);

// The frictionless problem (normal and limit rows, and the joint friction rows'
// split, z = [c_n; c_l; tau+; tau-; sigma]): its matrix is positive semidefinite, the
// fallback when the frictional LCP has no answer. It drops the contacts' friction,
// torsional friction too; joints keep theirs.
void build_frictionless_lcp(const IslandRows& rows, const Eigen::VectorXd& free_velocity,
                            ContactLcp& lcp);

// Contact c's impulse in its frame (n, t1, t2): (c_n, sum_j beta_j cos_j, sum_j beta_j sin_j),
// or (c_n, 0, 0) for the frictionless problem.
Vec3 frame_impulse(const IslandRows& rows, const Eigen::VectorXd& z, int contact, bool with_friction);

// The index of the first joint friction unknown (tau+ of row 0) in the frictional
// LCP (after lambda) or in the frictionless one (after c_l).
inline int joint_friction_unknown(const IslandRows& rows, bool with_friction) {
  return with_friction ? rows.column_count() + rows.contact_count : rows.normal_count();
}

// The index of the first torsion unknown (p+ of torsion row 0) in the frictional
// LCP: after the joint friction rows' split.
inline int torsion_unknown(const IslandRows& rows) {
  return joint_friction_unknown(rows, true) + 3 * rows.joint_friction_count;
}

// v^{l+1} = v_free + M^-1 H z (eq. 20's first row), with the joint friction impulses
// and, with_friction, the torsional friction's moments.
void apply_impulses(const IslandRows& rows, const Eigen::VectorXd& z, bool with_friction,
                    Eigen::VectorXd& velocity);

}  // namespace contactlab
