// The principal subsystem of the cone-edge LCP (edge_lcp.h) for a guessed active set
// B (the rows whose z may be positive; the others are zero), with every active row
// holding with equality, w_B = 0 (seed 004: the multipliers of the active constraints):
//
//   (G + diag r)_BB z_B = -q_B,   z_N = 0,
//
// made positive definite, where r = 0 leaves it singular (Anitescu's problem: a
// four-legged table), by a proximal term rho (z - z_k) with rho = delta G_ii and a
// centre z_k (edge_lcp.cpp iterates it to the exact answer). It is solved by a
// reduced symmetric positive-definite system over impulse directions, one unknown x_a
// per direction t_a in a contact frame (or per limit row), with entries
// t_a^T W_ce t_b from the frame blocks (contact_rows.h). Each contact takes one of
// three forms:
//  - rays: one unknown per active ray, t_a = e_cj, with r_cj + rho_cj on the diagonal
//    and right-hand side -(q_cj - rho_cj z_k,cj);
//  - regularised frame (r > 0 on at least three active rays, mu > 0, so that they span
//    the frame): the frame impulse p_c itself as three unknowns. With
//    S_c = sum_{j in B_c} e_cj e_cj^T / r_cj, every active row gives
//    beta_cj = -(q_cj + e_cj^T g_c) / r_cj (g_c = J_c M^-1 H z, the frame velocity the
//    impulses cause), so p_c = E_c beta_c = -S_c g_c - sum_{j in B_c} e_cj q_cj / r_cj,
//      S_c^-1 p_c + g_c = -S_c^-1 sum_{j in B_c} e_cj q_cj / r_cj,
//    and the rays' beta_cj follow from g_c afterwards. Three unknowns instead of up to
//    u: the soft pyramidal problem of an object at rest (every ray loaded) stays at
//    3 k unknowns;
//  - sticking frame (r = 0 on at least three active rays, mu > 0): every ray holds
//    with equality, i.e. J_c v' = (target_c, 0, 0), which the rays' offsets give as
//    y_c = J_c v_free - (target_c, 0, 0) (y_n = mean_j q_cj, y_t = 2 sum_j q_cj d_j /
//    (mu u), as sum_j d_j = 0 and sum_j d_j d_j^T = u/2 I):
//      (g_c + rho_c p_c) = -y_c + rho_c p_k,c,   rho_c = delta diag(W_cc);
//    any beta_c >= 0 with E_c beta_c = p_c then completes the answer: the two rays
//    that bracket the tangential impulse carry it, and what is left of the normal
//    impulse is spread evenly over all u rays (sum_j d_j = 0). It is negative exactly
//    when p_c has left the pyramid.
// A limit row keeps its impulse, with r + rho on the diagonal and right-hand side
// -(q_l - rho_l z_k,l); so does a free joint friction row (its joint sticks, w = 0).
// A joint friction row at a bound is no unknown here: its impulse +-c h is known, and
// the caller folds it into the offsets q it passes (edge_lcp.cpp).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "contact/contact_rows.h"
#include "formulation/envelope_cholesky.h"

namespace contactlab {

enum class ContactForm : char { Open, Rays, RegularisedFrame, StickingFrame };

// An unknown's state in a guess B (one char per unknown): at its lower bound (beta or
// c_l = 0, a joint friction row's tau = -c h), free (in B: its row holds with
// equality), or at its upper bound (tau = c h; joint friction rows only).
constexpr char kAtLowerBound = 0;
constexpr char kFree = 1;
constexpr char kAtUpperBound = 2;

// A joint friction row's state for the next round of a guess, from its impulse tau,
// its row's velocity w and its bound b: a free row whose tau passed a bound stops at
// it; a row at a bound whose joint moves along the impulse (w of the same sign) is
// freed. `allowed` is the tolerance.
inline char next_joint_friction_state(char state, double tau, double w, double bound,
                                      double allowed) {
  if (state == kFree) {
    if (tau > bound + allowed) return kAtUpperBound;
    if (tau < -bound - allowed) return kAtLowerBound;
    return kFree;
  }
  if (state == kAtUpperBound) return w > allowed ? kFree : kAtUpperBound;
  return w < -allowed ? kFree : kAtLowerBound;
}

struct EdgeActiveSetWorkspace {
  double proximal_scale = 0;         // delta
  std::vector<ContactForm> form;     // per contact
  std::vector<Mat3> frame_diagonal;  // per frame contact: S_c^-1, or diag(rho_c)
  Eigen::VectorXd proximal_weight;   // per row: rho (0 where r > 0 or in a frame)
  // The reduced unknowns: per unknown its contact (-1 for a limit), its direction in
  // the contact's frame, and its row of z (-1 for a frame-impulse unknown).
  std::vector<int> unknown_contact;
  std::vector<Vec3> unknown_direction;
  std::vector<int> unknown_row;
  std::vector<int> first_unknown;  // per contact (and one past the last)
  Eigen::MatrixXd matrix;          // lower triangle of the reduced matrix
  Eigen::VectorXd solution;        // right-hand side, then x
  EnvelopeCholesky factor;
  std::vector<Vec3> frame_impulse;  // per contact: p_c of x
};

// (rows, r, delta, B) => the contacts' forms, the reduced matrix and its Cholesky
// factor. False when it is not positive definite to working precision (B is no basis
// of the problem).
bool factor_edge_active_set(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                            double proximal_scale, const std::vector<char>& active,
                            EdgeActiveSetWorkspace& workspace);

// (q, centre z_k) => z (size of q), with the factor of the same rows, r, delta and B.
// A sticking-frame contact gets all u rays (its whole pyramid); other rows outside B
// stay zero. The caller checks the answer's certificate (z >= 0, w >= 0).
void solve_edge_active_set(const IslandRows& rows, const Eigen::VectorXd& regularisation,
                           const Eigen::VectorXd& offset, const Eigen::VectorXd& center,
                           const std::vector<char>& active, EdgeActiveSetWorkspace& workspace,
                           Eigen::VectorXd& z);

// What the proximal term adds to each row's w at z (0 without it): rho (z - z_k) on a
// ray or limit unknown, e_cj^T rho_c (p_c - p_k,c) on every ray of a sticking frame.
void proximal_shift(const IslandRows& rows, const Eigen::VectorXd& z, const Eigen::VectorXd& center,
                    const std::vector<char>& active, const EdgeActiveSetWorkspace& workspace,
                    Eigen::VectorXd& shift);

}  // namespace contactlab
