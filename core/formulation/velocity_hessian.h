// The sparse Hessian of a velocity-space cost over an island of free bodies,
//
//   H = M + sum_c J_c^T D_c J_c,
//
// M a 6x6 block per body (soft's M + h b I), J_c contact c's 3 x 12 frame Jacobian
// over its two sides, D_c a 3x3 block in the contact's frame that the cost gives
// (soft_newton.h: the pyramid's active rays; soft_newton_elliptic.h: the elliptic
// cone's zones). A contact touches at most two bodies, so H has a 6x6 block per body
// and one per pair of bodies in contact. It is factored by Eigen's sparse LDL^T
// (SimplicialLDLT) in a fill-reducing order P (approximate minimum degree, as
// SimplicialLDLT's default chooses it), H = P^T L D L^T P: H's entries are written
// straight into the upper triangle of P H P^T, where the factorisation reads them, so
// no iteration permutes or copies H; the order, that triangle's pattern, where each of
// H's entries lands in it and the symbolic analysis are kept while the island's
// members and pairs stay the same. The arithmetic is SimplicialLDLT's with its own
// ordering, operation for operation.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>

#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"

namespace contactlab {

using Mat6 = Eigen::Matrix<double, 6, 6>;

struct VelocityHessian {
  std::vector<Mat6> mass;                  // per member: M (M + h b I for soft)
  std::vector<int> contact_member[2];      // per contact, per side: its member or -1
  std::vector<Eigen::Matrix<double, 3, 6>> side_rows;  // per contact, per side: J in its frame
  std::vector<int> contact_pair;           // per contact: its off-diagonal block or -1
  std::vector<std::pair<int, int>> pairs;  // off-diagonal blocks: (member, member), first > second
  std::vector<Mat6> pair_block;            // their values
  std::vector<Mat6> member_block;          // the diagonal blocks' values
  // Per block column (6 per block), the index of its first entry among H's lower
  // triangle's stored entries (column by column, rows sorted).
  std::vector<int> member_entry;
  std::vector<int> pair_entry;
  std::vector<int> ordered_entry;          // per such entry: its index in ordered_hessian
  int analysed_members = -1;               // the pattern the analysis was made for
  std::vector<std::pair<int, int>> analysed_pairs;
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> order;          // P
  Eigen::PermutationMatrix<Eigen::Dynamic, Eigen::Dynamic, int> inverse_order;  // P^-1
  Eigen::SparseMatrix<double> ordered_hessian;  // the upper triangle of P H P^T
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Upper, Eigen::NaturalOrdering<int>> factor;
  Eigen::VectorXd ordered_vector;          // P g, then (P H P^T)^-1 P g
};

// Member m's 6 velocities in v.
inline auto member_part(const Eigen::VectorXd& v, int m) { return v.segment<6>(6 * m); }
inline auto member_part(Eigen::VectorXd& v, int m) { return v.segment<6>(6 * m); }

// (island, rows) => M per member, each contact's sides, the off-diagonal blocks of H
// and, when they differ from the last solve's, H's pattern and its symbolic analysis.
// False when a member is not a free body with a positive mass.
bool prepare_velocity_hessian(const IslandRows& rows, const IslandDynamics& island, VelocityHessian& system);

// J_c x in contact c's frame, for x a velocity change over the island.
Vec3 frame_rate(const VelocityHessian& system, int c, const Eigen::VectorXd& x);

// J_c^T f added to the generalised vector `out` for a frame force f at contact c, and
// |J_c^T f| to `size`.
void add_frame_force(const VelocityHessian& system, int c, const Vec3& force, Eigen::VectorXd& out,
                     Eigen::VectorXd& size);

// The cost's inertia term for a displacement d = v - v_free: writes M d into `gradient`
// and |M d| into `term_size` (the contacts' terms are added after), returns 1/2 d^T M d.
double inertia_term(const VelocityHessian& system, const Eigen::VectorXd& displacement, Eigen::VectorXd& gradient,
                    Eigen::VectorXd& term_size);

// H = M + sum_c J_c^T D_c J_c into the stored entries of system.ordered_hessian;
// contacts whose D_c is exactly zero add nothing.
void fill_velocity_hessian(const std::vector<Mat3>& weight, VelocityHessian& system);

// (H as filled, g) => Newton's direction d = -H^-1 g = -P^-1 (P H P^T)^-1 P g. False
// when the factorisation fails (H not positive definite to round-off).
bool newton_direction(VelocityHessian& system, const Eigen::VectorXd& gradient, Eigen::VectorXd& direction);

// |g_i| <= tolerance T for every coordinate, T the largest term size t_j over the
// island's coordinates of the same kind (linear [N s] or angular [N m s]): a coordinate
// whose terms are all at round-off (a cube's sideways momentum in a resting grid) is
// measured against the island's, not its own.
bool gradient_small(const Eigen::VectorXd& gradient, const Eigen::VectorXd& term_size, double tolerance);

}  // namespace contactlab
