// The sparse Hessian of a velocity-space cost over an island of free bodies,
//
//   H = M + sum_c J_c^T D_c J_c,
//
// M a 6x6 block per body (soft's M + h b I), J_c contact c's 3 x 12 frame Jacobian
// over its two sides, D_c a 3x3 block in the contact's frame that the cost gives
// (soft_newton.h: the pyramid's active rays; soft_newton_elliptic.h: the elliptic
// cone's zones). A contact touches at most two bodies, so H has a 6x6 block per body
// and one per pair of bodies in contact. It is factored over those blocks
// (block_cholesky.h: L L^T with dense 6x6 kernels, in an approximate-minimum-degree
// order of the bodies), whose analysis is kept for the last few patterns of members
// and pairs, so an island whose pattern comes back is not analysed again.
#pragma once

#include <utility>
#include <vector>

#include <Eigen/Core>

#include "base/double_pair.h"
#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/block_cholesky.h"

namespace contactlab {

using Mat6 = Eigen::Matrix<double, 6, 6>;

struct VelocityHessian {
  std::vector<Mat6> mass;                  // per member: M (M + h b I for soft)
  std::vector<int> contact_member[2];      // per contact, per side: its member or -1
  std::vector<Eigen::Matrix<double, 3, 6>> side_rows;  // per contact, per side: J in its frame
  std::vector<int> contact_pair;           // per contact: its off-diagonal block or -1
  std::vector<std::pair<int, int>> pairs;  // off-diagonal blocks: (member, member), first > second
  std::vector<Mat6> pair_block;            // their values
  std::vector<Mat6> member_block;          // the diagonal blocks' lower triangles (M's above)
  // The D_c the blocks were last filled with, and which blocks the fill computed
  // again (those the factorisation computes again); none valid after
  // prepare_velocity_hessian.
  std::vector<Mat3> filled_weight;
  bool blocks_filled = false;
  std::vector<char> member_dirty;
  std::vector<char> pair_dirty;
  // Per contact: its D_c changed in the last fill; per contact side, J_s^T D_c J_s's
  // lower triangle, and per contact its term (J_a^T D_c) J_b of its pair's block, as
  // the fill last formed them (valid where D_c is not zero).
  std::vector<char> weight_changed;
  std::vector<Mat6> side_product;
  std::vector<Mat6> pair_product;
  // The last kKeptPatterns patterns analysed (a step's islands take turns in one
  // workspace), each with its factorisation; `pattern` the island's.
  struct AnalysedPattern {
    int members = -1;
    std::vector<std::pair<int, int>> pairs;
    BlockCholesky factor;                  // H = P^T L L^T P over the members' blocks
    long long last_use = 0;
  };
  std::vector<AnalysedPattern> patterns;
  int pattern = -1;
  long long uses = 0;
  BlockCholesky& factor() { return patterns[pattern].factor; }
};

inline constexpr int kKeptPatterns = 4;

// Member m's 6 velocities in v.
inline auto member_part(const Eigen::VectorXd& v, int m) { return v.segment<6>(6 * m); }
inline auto member_part(Eigen::VectorXd& v, int m) { return v.segment<6>(6 * m); }

// (M x) over member m's 6 velocities into `out`: a free body's M
// (prepare_velocity_hessian) is diag(m I, I_c) in its centre's linear and angular
// velocities, its off-diagonal 3x3 blocks zero, so its two diagonal blocks alone (the
// same bits as the whole 6x6 product). Each row's sum M_r0 x_0 + (M_r1 x_1 + M_r2 x_2)
// as Eigen's fixed-size product sums it, in pairs of rows: (0, 1), (3, 4), adjacent in
// the column-major M, and (2, 5).
inline void member_momentum(const Mat6& mass, const Eigen::VectorXd& x, int m, Eigen::VectorXd& out) {
  const double* __restrict a = mass.data();
  const double* __restrict v = x.data() + 6 * m;
  double* __restrict o = out.data() + 6 * m;
  const auto term = [&](int row, int k) { return load_pair(a + 6 * k + row) * both(v[k]); };
  store_pair(o, term(0, 0) + (term(0, 1) + term(0, 2)));
  store_pair(o + 3, term(3, 3) + (term(3, 4) + term(3, 5)));
  const auto lone = [&](int k) {
    return DoublePair{a[6 * k + 2], a[6 * (k + 3) + 5]} * DoublePair{v[k], v[k + 3]};
  };
  const DoublePair last = lone(0) + (lone(1) + lone(2));
  o[2] = last[0];
  o[5] = last[1];
}
// (island, rows) => M per member, each contact's sides, the off-diagonal blocks of H
// and H's pattern with its symbolic analysis: one of the kept patterns when it is the
// same (its analysis reused; its factor, of another island's values, computed whole by
// the first fill's dirty blocks: the same bits), else analysed in place of the least
// recently used.
// False when a member is not a free body with a positive mass.
bool prepare_velocity_hessian(const IslandRows& rows, const IslandDynamics& island, VelocityHessian& system);

// J_c x in contact c's frame, for x a velocity change over the island (inline: the
// Newton method's passes over the contacts call it per contact). Each side adds its
// rows' sums (J_r0 x_0 + (J_r1 x_1 + J_r2 x_2)) + (J_r3 x_3 + (J_r4 x_4 + J_r5 x_5)), as
// Eigen's fixed-size `rate += J_s x_s` sums them, rows 0 and 1 as a pair (adjacent in
// the column-major J), row 2 alone.
inline Vec3 frame_rate(const VelocityHessian& system, int c, const Eigen::VectorXd& x) {
  DoublePair rate = both(0.0);
  double last = 0;
  for (int s = 0; s < 2; ++s) {
    const int m = system.contact_member[s][c];
    if (m < 0) continue;
    const double* __restrict j = system.side_rows[2 * c + s].data();
    const double* __restrict v = x.data() + 6 * m;
    const auto term = [&](int k) { return load_pair(j + 3 * k) * both(v[k]); };
    rate += (term(0) + (term(1) + term(2))) + (term(3) + (term(4) + term(5)));
    const auto lone = [&](int k) { return j[3 * k + 2] * v[k]; };
    last += (lone(0) + (lone(1) + lone(2))) + (lone(3) + (lone(4) + lone(5)));
  }
  return Vec3(rate[0], rate[1], last);
}

// J_c^T f added to the generalised vector `out` for a frame force f at contact c, and
// |J_c^T f| to `size`: entry r of a side's J^T f is J_0r f_0 + (J_1r f_1 + J_2r f_2) as
// Eigen's fixed-size product sums it, in pairs of entries.
inline void add_frame_force(const VelocityHessian& system, int c, const Vec3& force, Eigen::VectorXd& out,
                            Eigen::VectorXd& size) {
  const DoublePair f0 = both(force[0]), f1 = both(force[1]), f2 = both(force[2]);
  for (int s = 0; s < 2; ++s) {
    const int m = system.contact_member[s][c];
    if (m < 0) continue;
    const double* __restrict j = system.side_rows[2 * c + s].data();
    double* __restrict o = out.data() + 6 * m;
    double* __restrict t = size.data() + 6 * m;
    for (int p = 0; p < 6; p += 2) {  // entries p and p + 1: J's columns at 3 p and 3 p + 3
      const DoublePair generalised = DoublePair{j[3 * p], j[3 * p + 3]} * f0 +
                                     (DoublePair{j[3 * p + 1], j[3 * p + 4]} * f1 +
                                      DoublePair{j[3 * p + 2], j[3 * p + 5]} * f2);
      store_pair(o + p, load_pair(o + p) + generalised);
      store_pair(t + p, load_pair(t + p) + abs_pair(generalised));
    }
  }
}

// The cost's inertia term for a displacement d = v - v_free: writes M d into `gradient`
// and |M d| into `term_size` (the contacts' terms are added after), returns 1/2 d^T M d.
double inertia_term(const VelocityHessian& system, const Eigen::VectorXd& displacement, Eigen::VectorXd& gradient,
                    Eigen::VectorXd& term_size);

// H = M + sum_c J_c^T D_c J_c into system.member_block and system.pair_block, of the
// diagonal blocks only the lower triangles (all the factorisation reads); contacts
// whose D_c is exactly zero add nothing. After a fill within the same solve,
// only the blocks of the contacts whose D_c changed are summed again (each block's sum
// in the same order as a whole fill: the same bits), each unchanged contact's term as
// the fill that last formed it kept it. Which changed is found by
// comparing each D_c with the last fill's, or, given `may_differ` (per contact,
// non-zero where D_c may differ from the last fill's: the caller formed it again),
// only the flagged ones, the others being the last fill's as they stand.
void fill_velocity_hessian(const std::vector<Mat3>& weight, VelocityHessian& system,
                           const std::vector<char>* may_differ = nullptr);

// (H as filled, g) => Newton's direction d = -H^-1 g by H's block factorisation, which
// computes again the columns of the blocks the last fill computed. Call it after every
// fill_velocity_hessian. False when the factorisation fails (H not positive definite
// to round-off).
bool newton_direction(VelocityHessian& system, const Eigen::VectorXd& gradient, Eigen::VectorXd& direction);

// |g_i| <= tolerance T for every coordinate, T the largest term size t_j over the
// island's coordinates of the same kind (linear [N s] or angular [N m s]): a coordinate
// whose terms are all at round-off (a cube's sideways momentum in a resting grid) is
// measured against the island's, not its own.
bool gradient_small(const Eigen::VectorXd& gradient, const Eigen::VectorXd& term_size, double tolerance);

}  // namespace contactlab
