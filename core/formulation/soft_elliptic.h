// The soft formulation with the exact friction cone (soft_island.h, options.soft_cone
// = 1), as a second-order cone program for the interior-point method
// (conic/problem.h), unknowns x = [p_1; ...; p_k; c_1; ...; c_L; tau_1; ...; tau_F]:
//
//   min 1/2 x^T P x + c^T x   s.t.  (mu_c p_n, p_t1, p_t2) in Q^3 per contact,
//                                   c_l >= 0 per joint-limit row,
//                                   -c h <= tau_f <= c h per joint friction row,
//                                   -p_n <= p_s <= p_n per torsion row,
// with L the limit rows and the joint friction rows after them (contact_rows.h) and
//   P = [A + R, J M^-1 L^T; L M^-1 J^T, L M^-1 L^T],
//   c = [J v_free - v*; L v_free - target].
// A contact with mu = 0 keeps only p_n, with p_n >= 0 (its cone has no interior). A
// contact with torsional friction (contact/torsional_friction.h) has the impulse p_s of
// its torsion row after its frame unknowns, p_c = (p_n, p_t1, p_t2, p_s), the moment
// mu_t p_s (contact_rows.h): the soft-finger cone as the product of Coulomb's cone and
// the interval |p_s| <= p_n, whose dual is g_n >= mu ||g_t|| + |g_s|.
//
// Before the interior-point method, the answer is guessed with no contact sliding or
// spinning: each contact either sticking, p_c inside its cone with the optimality
// condition (A + R) p + c = 0 on its rows (a linear system: an envelope Cholesky factor), or
// open, p_c = 0, and every joint sticking (g = 0 on its row); an open contact whose
// rows the guess leaves violated becomes sticking and one whose normal impulse comes
// out negative opens, a joint whose tau passes its bound slips at the bound (tau =
// +-c h, known) and one at the bound whose g has its impulse's sign sticks again, a
// few times over.
// The guess is accepted when it passes the optimality conditions (g = P x + c):
//   sticking: ||p_t|| <= mu p_n, |p_s| <= p_n and g_c = 0;  open: g_n >= mu ||g_t|| +
//   |g_s|;  for a
//   limit c_l >= 0, g_l >= 0, c_l g_l = 0;  for a joint |tau| <= c h and g = 0, or
//   tau = c h and g <= 0, or tau = -c h and g >= 0,
// to 1e-9 of the size of the terms (as conic/certificate.h measures). Objects at
// rest, held grasps and slipping joints take this path; a sliding or spinning contact
// needs the cone's surface, and so the interior-point method.
// Seed 004: "In dual form, it is natural to consider the full conic description of the
// friction cone ... The resulting dual optimization ... (SOCP)."
#pragma once

#include <vector>

#include <Eigen/Core>

#include "conic/problem.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "formulation/envelope_cholesky.h"
#include "formulation/island_impulses.h"
#include "formulation/solver_report.h"

namespace contactlab {

struct SoftEllipticWorkspace {
  ConicProblem program;
  std::vector<int> first_variable;  // per contact, then per joint row: its first unknown
  // The no-sliding guess: which contacts stick and which limits hold, its reduced
  // system over their unknowns, and the answer.
  std::vector<char> holding;    // per contact, then per joint row (edge_active_set.h's states)
  std::vector<int> unknown_of;  // per unknown of the program: its reduced unknown or -1
  Eigen::MatrixXd reduced;
  EnvelopeCholesky factor;
  Eigen::VectorXd solution;
  Eigen::VectorXd x;
  Eigen::VectorXd gradient;  // g = P x + c
  // What gave the last solve's x: "no-sliding guess" or "interior point", or nullptr
  // when it failed (the pyramid then answers).
  const char* answered_by = nullptr;
};

// (rows, diag R_c, J_c v_free - v*_c per contact, joint row offsets l v_free - target,
// per torsion row R_s and s^T v_free - v*_s, v_free in island.velocity) => v^{l+1} in
// island.velocity and the impulses. False,
// leaving island.velocity and the impulses as they were, when the interior-point
// method returns anything but Solved; `failure` then holds its status and account
// (FallbackReason::EllipticToPyramid).
bool solve_soft_elliptic(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                         const std::vector<Vec3>& offset, const Eigen::VectorXd& limit_offset,
                         const Eigen::VectorXd& torsion_regularisation,
                         const Eigen::VectorXd& torsion_offset,
                         SoftEllipticWorkspace& workspace, IslandDynamics& island,
                         IslandImpulses& impulses, IslandSolveReport& report,
                         SolverFallback& failure);

// P of the program over the unknowns whose first index per contact, then per joint row,
// is `first` (P sized n x n and zero before): the frame blocks W_ce (each diagonal block
// read from its upper triangle, so that P is exactly symmetric), R on the contacts'
// diagonal, the limit rows and the torsion rows. Needs the dense Gram blocks.
void build_elliptic_objective(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                              const Eigen::VectorXd& torsion_regularisation, const std::vector<int>& first,
                              Eigen::MatrixXd& P);

}  // namespace contactlab
