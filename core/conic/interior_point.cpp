// The iteration of solve_conic.
//
// Homogeneous embedding (as in ECOS, A. Domahidi, E. Chu, S. Boyd, ECC 2013, extended to a
// quadratic objective as in Clarabel, P. Goulart, Y. Chen, arXiv:2405.12762, 2024): with
// tau, kappa > 0 the iterates (x, y, z, s, tau, kappa), z, s in K, drive to zero
//
//   r_x = P x + A^T y + G^T z + c tau
//   r_y = A x - b tau
//   r_z = G x + s - h tau
//   r_tau = kappa + c^T x + b^T y + h^T z + x^T P x / tau
//
// together with s o z and tau kappa. Whenever the residuals vanish, s^T z + tau kappa = 0,
// so either tau > 0 and (x, y, z, s) / tau solves the problem, or kappa > 0 and the
// iterates hold a Farkas certificate of infeasibility (certificate.h).
//
// Newton step (xi = x / tau, W the Nesterov–Todd scaling of (s, z), lambda = W z):
//
//   P dx + A^T dy + G^T dz + c dtau = -d_x
//   A dx - b dtau = -d_y
//   G dx + ds - h dtau = -d_z
//   dkappa + (c + 2 P xi)^T dx + b^T dy + h^T dz - xi^T P xi dtau = -d_tau
//   lambda o (W dz + W^-1 ds) = -d_s
//   kappa dtau + tau dkappa = -d_kappa
//
// ds = -W (lambda \ d_s + W dz) leaves the KKT system of kkt_system.h, solved twice,
//   K [x1; y1; z1] = [-d_x; -d_y; -d_z + W (lambda \ d_s)],   K [x2; y2; z2] = [-c; b; h],
// and d = d1 + dtau d2 with
//   dtau = (-d_tau + d_kappa / tau - (c + 2 P xi)^T x1 - b^T y1 - h^T z1)
//          / -(kappa / tau + ||W z2||^2 + (x2 - xi)^T P (x2 - xi)),
// where the denominator uses c^T x2 + b^T y2 + h^T z2 = -x2^T P x2 - ||W z2||^2 (from K)
// so that it is negative by construction.
//
// Mehrotra predictor–corrector (CVXOPT's coneqp, L. Vandenberghe 2010, section 7):
//   affine:    d = (r_x, r_y, r_z, r_tau, lambda o lambda, tau kappa), step alpha_a
//   centring:  sigma = (1 - alpha_a)^3,  mu = (s^T z + tau kappa) / (degree + 1)
//   combined:  d = (1 - sigma) (r_x, r_y, r_z, r_tau),
//              d_s = lambda o lambda + (W^-1 ds_a) o (W dz_a) - sigma mu e,
//              d_kappa = tau kappa + dtau_a dkappa_a - sigma mu
// and the step min(1, step_fraction * the step to the boundary of K x K x R_+ x R_+),
// measured from lambda in the scaled variables W^-1 ds and W dz.
//
// Starting point (CVXOPT): with W = I, an LP or SOCP (P = 0) takes x, s = h - G x from
// K [x; y; z] = [0; b; h] and y, z from K [x; y; z] = [-c; 0; 0]; a QP takes x, y, z from
// K [x; y; z] = [-c; b; h] and s = -z. s and z are then shifted along e into the interior
// of K when they are not in it (by the shift to the boundary plus max(1, that shift));
// tau = kappa = 1.
//
// Every iteration first maps (x, s, y, z) / tau back to the original problem and stops
// with Solved when check_conic_solution passes, then tries the unnormalised iterate as a
// Farkas certificate (certificate.h), then takes the step. A step whose end rounding puts
// outside K is halved. When no step is possible or the iteration limit is reached, the
// best candidate seen (smallest worst scaled residual) is returned with the status.
#include "conic/interior_point.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "conic/cone.h"
#include "conic/dense_kernels.h"
#include "conic/equilibration.h"
#include "conic/kkt_system.h"

namespace contactlab {

namespace {

using conic::ConeLayout;
using conic::dot;

constexpr int kEquilibrationPasses = 10;
constexpr double kMinStep = 1e-10;  // a shorter step means the iteration has stalled
constexpr int kMaxHalvings = 20;     // of a step whose end rounding put outside K
// A KKT solve whose residual stays above this, relative to its right-hand side, had no
// solution: K is singular along a direction the right-hand side does not avoid.
constexpr double kConsistentSolve = 1e-6;

std::string format_number(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.3g", value);
  return text;
}

// A search direction, with its scaled slack and multiplier parts.
struct Direction {
  Eigen::VectorXd x, y, z, s;
  Eigen::VectorXd scaled_z;  // W dz
  Eigen::VectorXd scaled_s;  // W^-1 ds
  double tau = 0;
  double kappa = 0;
};

// A point of the original problem with its certificate.
struct Candidate {
  Eigen::VectorXd x, s, y, z;
  ConicCertificate certificate;
};

class InteriorPoint {
 public:
  InteriorPoint(const ConicProblem& problem, const ConicSettings& settings);
  ConicSolution run();

 private:
  bool start();
  void compute_residuals();
  void unscaled_candidate(Candidate& candidate) const;
  bool infeasibility_found(ConicSolution& solution) const;
  bool unboundedness_found(const Eigen::VectorXd& x, const Eigen::VectorXd& s,
                           ConicSolution& solution) const;
  bool infeasibility_certified(const Eigen::VectorXd& y, const Eigen::VectorXd& z,
                               ConicSolution& solution) const;
  bool singular_direction_found(ConicSolution& solution);
  bool prepare_tau_direction();
  bool solve_newton(const Eigen::VectorXd& d_x, const Eigen::VectorXd& d_y,
                    const Eigen::VectorXd& d_z, double d_tau, const Eigen::VectorXd& d_s,
                    double d_kappa, Direction& direction);
  double step_to_boundary(const Direction& direction) const;
  ConicSolution finish(ConicStatus status, const Candidate& candidate, std::string message) const;
  ConicSolution certified(const ConicSolution& certificate, const Candidate& candidate) const;

  const ConicProblem& original_;
  const ConicSettings& settings_;
  ConeLayout cones_;
  ConicProblem scaled_;
  conic::Equilibration equilibration_;
  conic::KktSystem kkt_;
  conic::NtScaling scaling_;
  bool has_quadratic_ = false;
  Eigen::Index n_ = 0, p_ = 0, m_ = 0;
  int iterations_ = 0;

  // the iterate
  Eigen::VectorXd x_, y_, z_, s_;
  double tau_ = 1;
  double kappa_ = 1;

  // residuals and per-iteration quantities
  Eigen::VectorXd Px_;
  Eigen::VectorXd r_x_, r_y_, r_z_;
  double r_tau_ = 0;
  double mu_ = 0;
  Eigen::VectorXd tau_gradient_;  // c + 2 P xi
  double tau_denominator_ = 0;
  Eigen::VectorXd x2_, y2_, z2_, scaled_z2_;
  double tau_split_residual_ = 0;  // residual of the solve for (x2, y2, z2)

  // scratch
  Eigen::VectorXd minus_c_, minus_d_x_, minus_d_y_, divided_, rhs_z_, cone_scratch_;
  Eigen::VectorXd lambda_square_, corrector_x_, corrector_y_, corrector_z_, corrector_s_;
  Eigen::VectorXd trial_s_, trial_z_;
  Eigen::VectorXd x1_, y1_, z1_, scaled_z1_;
  Direction affine_, combined_;
};

InteriorPoint::InteriorPoint(const ConicProblem& problem, const ConicSettings& settings)
    : original_(problem), settings_(settings) {
  cones_ = conic::make_cone_layout(problem.orthant_size, problem.cone_sizes);
  conic::equilibrate(problem, cones_, settings.equilibrate ? kEquilibrationPasses : 0, scaled_,
                     equilibration_);
  n_ = scaled_.c.size();
  p_ = scaled_.b.size();
  m_ = scaled_.h.size();
  for (Eigen::Index j = 0; j < n_ && !has_quadratic_; ++j) {
    for (Eigen::Index i = 0; i < n_; ++i) {
      if (scaled_.P(i, j) != 0) {
        has_quadratic_ = true;
        break;
      }
    }
  }
  kkt_.reset(scaled_.P, scaled_.A, scaled_.G, cones_, settings.static_regularization,
             settings.refinement_steps);
  minus_c_ = -scaled_.c;
}

bool InteriorPoint::start() {
  conic::set_identity_scaling(cones_, scaling_);
  if (!kkt_.factor(scaling_)) return false;
  const Eigen::VectorXd zero_n = Eigen::VectorXd::Zero(n_);
  const Eigen::VectorXd zero_p = Eigen::VectorXd::Zero(p_);
  const Eigen::VectorXd zero_m = Eigen::VectorXd::Zero(m_);
  Eigen::VectorXd unused_x, unused_z, scaled_z;
  if (has_quadratic_) {
    // K [x; y; z] = [-c; b; h], s = -z
    if (!kkt_.solve(minus_c_, scaled_.b, scaled_.h, x_, y_, z_, scaled_z)) return false;
    s_ = -z_;
  } else {
    // K [x; y; z] = [0; b; h] gives x and s = -z = h - G x; K [x; y; z] = [-c; 0; 0] gives y, z
    if (!kkt_.solve(zero_n, scaled_.b, scaled_.h, x_, y_, unused_z, scaled_z)) return false;
    s_ = -unused_z;
    if (!kkt_.solve(minus_c_, zero_p, zero_m, unused_x, y_, z_, scaled_z)) return false;
  }
  // shift s and z along e into the interior of K, to a distance max(1, shift) from its
  // boundary (1 + shift in CVXOPT, whose 1 is lost to rounding once the shift is large)
  const double s_shift = conic::boundary_shift(cones_, s_);
  if (s_shift >= 0) conic::add_identity(cones_, s_shift + std::max(1.0, s_shift), s_);
  const double z_shift = conic::boundary_shift(cones_, z_);
  if (z_shift >= 0) conic::add_identity(cones_, z_shift + std::max(1.0, z_shift), z_);
  tau_ = 1;
  kappa_ = 1;
  return true;
}

// (r_x, r_y, r_z, r_tau, mu) of the current iterate, and P x.
void InteriorPoint::compute_residuals() {
  conic::multiply(scaled_.P, x_, Px_);
  // r_x = P x + A^T y + G^T z + c tau
  r_x_ = Px_;
  conic::add_multiply_transposed(scaled_.A, y_, 1.0, r_x_);
  conic::add_multiply_transposed(scaled_.G, z_, 1.0, r_x_);
  for (Eigen::Index j = 0; j < n_; ++j) r_x_[j] += scaled_.c[j] * tau_;
  // r_y = A x - b tau
  r_y_.resize(p_);
  for (Eigen::Index k = 0; k < p_; ++k) r_y_[k] = -scaled_.b[k] * tau_;
  conic::add_multiply(scaled_.A, x_, 1.0, r_y_);
  // r_z = G x + s - h tau
  r_z_.resize(m_);
  for (Eigen::Index i = 0; i < m_; ++i) r_z_[i] = s_[i] - scaled_.h[i] * tau_;
  conic::add_multiply(scaled_.G, x_, 1.0, r_z_);
  // r_tau = kappa + c^T x + b^T y + h^T z + x^T P x / tau
  r_tau_ = kappa_ + dot(scaled_.c, x_) + dot(scaled_.b, y_) + dot(scaled_.h, z_) +
           dot(x_, Px_) / tau_;
  mu_ = (dot(s_, z_) + tau_ * kappa_) / (cones_.degree() + 1);
}

// (x, s, y, z) / tau mapped back to the original problem, with its certificate.
void InteriorPoint::unscaled_candidate(Candidate& candidate) const {
  conic::unscale_primal(equilibration_, x_ / tau_, s_ / tau_, candidate.x, candidate.s);
  conic::unscale_dual(equilibration_, y_ / tau_, z_ / tau_, candidate.y, candidate.z);
  candidate.certificate =
      check_conic_point(original_, candidate.x, candidate.s, candidate.y, candidate.z);
}

// The iterate, unnormalised by tau, as a Farkas certificate of either kind.
bool InteriorPoint::infeasibility_found(ConicSolution& solution) const {
  Eigen::VectorXd x, s, y, z;
  conic::unscale_primal(equilibration_, x_, s_, x, s);
  conic::unscale_dual(equilibration_, y_, z_, y, z);
  return infeasibility_certified(y, z, solution) || unboundedness_found(x, s, solution);
}

// (y, z) in the original problem's units as a certificate of infeasibility.
bool InteriorPoint::infeasibility_certified(const Eigen::VectorXd& y, const Eigen::VectorXd& z,
                                            ConicSolution& solution) const {
  const ConicInfeasibilityCertificate primal = check_primal_infeasibility(original_, y, z);
  if (!primal.passes(settings_.infeasibility_tolerance)) return false;
  const double decrease = -(dot(original_.b, y) + dot(original_.h, z));
  solution.status = ConicStatus::PrimalInfeasible;
  solution.x.setZero(n_);
  solution.s.setZero(m_);
  solution.y = y / decrease;
  solution.z = z / decrease;
  solution.message = "primal infeasible: y, z with b^T y + h^T z = -1 and scaled ||A^T y + "
                     "G^T z|| = " + format_number(primal.residual) + " after " +
                     std::to_string(iterations_) + " iterations";
  return true;
}

// (x, s) in the original problem's units as a certificate of unboundedness.
bool InteriorPoint::unboundedness_found(const Eigen::VectorXd& x, const Eigen::VectorXd& s,
                                        ConicSolution& solution) const {
  const ConicInfeasibilityCertificate dual = check_dual_infeasibility(original_, x, s);
  if (!dual.passes(settings_.infeasibility_tolerance)) return false;
  const double decrease = -dot(original_.c, x);
  solution.status = ConicStatus::DualInfeasible;
  solution.x = x / decrease;
  solution.s = s / decrease;
  solution.y.setZero(p_);
  solution.z.setZero(m_);
  solution.message = "dual infeasible (unbounded): x, s with c^T x = -1 and scaled residual " +
                     format_number(dual.residual) + " after " + std::to_string(iterations_) +
                     " iterations";
  return true;
}

// The split of the Newton step needs K [x2; y2; z2] = [-c; b; h] to have a solution. K is
// singular along [d; u; 0] whenever P d = 0, A d = 0, G d = 0 and A^T u = 0 (its null
// vectors have this form: d^T (P d + A^T u + G^T v) = d^T P d + v^T W^2 v vanishes), and
// when c^T d != 0 or b^T u != 0 the system has no solution: refinement cannot reduce its
// residual and the step loses all accuracy. Two steps of inverse iteration,
// K w' = w from w = [x2; y2; z2], then give such a null vector (the regularised solve
// multiplies its part by 1 / delta): (d, -G d) with c^T d < 0 certifies unboundedness,
// (u, 0) with b^T u < 0 certifies infeasibility.
bool InteriorPoint::singular_direction_found(ConicSolution& solution) {
  const double right_side = std::max({conic::norm_inf(scaled_.c), conic::norm_inf(scaled_.b),
                                      conic::norm_inf(scaled_.h)});
  if (!(tau_split_residual_ > kConsistentSolve * (1 + right_side))) return false;
  Eigen::VectorXd x = x2_, y = y2_, z = z2_;
  Eigen::VectorXd next_x, next_y, next_z, next_scaled_z;
  for (int pass = 0; pass < 2; ++pass) {
    const double size =
        std::max({conic::norm_inf(x), conic::norm_inf(y), conic::norm_inf(z)});
    if (!(size > 0)) return false;
    x /= size;
    y /= size;
    z /= size;
    if (!kkt_.solve(x, y, z, next_x, next_y, next_z, next_scaled_z)) return false;
    x.swap(next_x);
    y.swap(next_y);
    z.swap(next_z);
  }
  // d = x: unboundedness
  if (dot(scaled_.c, x) > 0) x = -x;
  Eigen::VectorXd slack = Eigen::VectorXd::Zero(m_);
  conic::add_multiply(scaled_.G, x, -1.0, slack);
  Eigen::VectorXd original_x, original_s;
  conic::unscale_primal(equilibration_, x, slack, original_x, original_s);
  if (unboundedness_found(original_x, original_s, solution)) return true;
  // u = y: infeasible equalities
  if (dot(scaled_.b, y) > 0) y = -y;
  Eigen::VectorXd original_y, original_z;
  conic::unscale_dual(equilibration_, y, Eigen::VectorXd::Zero(m_), original_y, original_z);
  return infeasibility_certified(original_y, original_z, solution);
}

// Factors K for the current scaling and solves K [x2; y2; z2] = [-c; b; h]; sets
// c + 2 P xi and the denominator of dtau.
bool InteriorPoint::prepare_tau_direction() {
  if (!kkt_.factor(scaling_)) return false;
  if (!kkt_.solve(minus_c_, scaled_.b, scaled_.h, x2_, y2_, z2_, scaled_z2_)) return false;
  tau_split_residual_ = kkt_.refinement_residual();
  // xi = x / tau; c + 2 P xi; (x2 - xi)^T P (x2 - xi)
  tau_gradient_.resize(n_);
  for (Eigen::Index j = 0; j < n_; ++j) tau_gradient_[j] = scaled_.c[j] + 2 * Px_[j] / tau_;
  double curvature = 0;
  if (has_quadratic_) {
    Eigen::VectorXd difference(n_);
    for (Eigen::Index j = 0; j < n_; ++j) difference[j] = x2_[j] - x_[j] / tau_;
    curvature = std::max(0.0, conic::quadratic_form(scaled_.P, difference));
  }
  tau_denominator_ = -(kappa_ / tau_ + dot(scaled_z2_, scaled_z2_) + curvature);
  return std::isfinite(tau_denominator_) && tau_denominator_ < 0;
}

bool InteriorPoint::solve_newton(const Eigen::VectorXd& d_x, const Eigen::VectorXd& d_y,
                                 const Eigen::VectorXd& d_z, double d_tau,
                                 const Eigen::VectorXd& d_s, double d_kappa,
                                 Direction& direction) {
  // lambda \ d_s and the third right-hand side -d_z + W (lambda \ d_s)
  conic::jordan_divide(cones_, scaling_.lambda, d_s, divided_);
  rhs_z_.resize(m_);
  conic::apply_scaling(cones_, scaling_, divided_, rhs_z_);
  for (Eigen::Index i = 0; i < m_; ++i) rhs_z_[i] -= d_z[i];
  minus_d_x_ = -d_x;
  minus_d_y_ = -d_y;
  if (!kkt_.solve(minus_d_x_, minus_d_y_, rhs_z_, x1_, y1_, z1_, scaled_z1_)) return false;

  const double numerator = -d_tau + d_kappa / tau_ - dot(tau_gradient_, x1_) -
                           dot(scaled_.b, y1_) - dot(scaled_.h, z1_);
  const double dtau = numerator / tau_denominator_;
  if (!std::isfinite(dtau)) return false;
  direction.tau = dtau;
  direction.x = x1_ + dtau * x2_;
  direction.y = y1_ + dtau * y2_;
  direction.z = z1_ + dtau * z2_;
  direction.scaled_z = scaled_z1_ + dtau * scaled_z2_;
  // W^-1 ds = -(lambda \ d_s) - W dz, ds = W (W^-1 ds)
  direction.scaled_s = -divided_ - direction.scaled_z;
  direction.s.resize(m_);
  conic::apply_scaling(cones_, scaling_, direction.scaled_s, direction.s);
  direction.kappa = -(d_kappa + kappa_ * dtau) / tau_;
  return std::isfinite(direction.kappa);
}

double InteriorPoint::step_to_boundary(const Direction& direction) const {
  double step = std::numeric_limits<double>::infinity();
  if (m_ > 0) {
    step = std::min(step, conic::max_step(cones_, scaling_.lambda, direction.scaled_s));
    step = std::min(step, conic::max_step(cones_, scaling_.lambda, direction.scaled_z));
  }
  if (direction.tau < 0) step = std::min(step, -tau_ / direction.tau);
  if (direction.kappa < 0) step = std::min(step, -kappa_ / direction.kappa);
  return step;
}

// The candidate as the answer; a candidate that overflowed (x / tau with tau tiny) is
// replaced by zeros and its residuals by the largest double, so that nothing returned is
// infinite or NaN.
ConicSolution InteriorPoint::finish(ConicStatus status, const Candidate& candidate,
                                    std::string message) const {
  ConicSolution solution;
  solution.status = status;
  const bool finite = conic::all_finite(candidate.x) && conic::all_finite(candidate.s) &&
                      conic::all_finite(candidate.y) && conic::all_finite(candidate.z);
  solution.x = finite ? candidate.x : Eigen::VectorXd::Zero(n_);
  solution.s = finite ? candidate.s : Eigen::VectorXd::Zero(m_);
  solution.y = finite ? candidate.y : Eigen::VectorXd::Zero(p_);
  solution.z = finite ? candidate.z : Eigen::VectorXd::Zero(m_);
  solution.iterations = iterations_;
  const ConicCertificate& certificate = candidate.certificate;
  auto bounded = [](double value) {
    return std::isfinite(value) ? value : std::numeric_limits<double>::max();
  };
  solution.primal_residual = bounded(
      std::max({certificate.equality, certificate.inequality, certificate.slack_cone}));
  solution.dual_residual = bounded(std::max(certificate.stationarity, certificate.multiplier_cone));
  solution.gap = bounded(certificate.complementarity);
  solution.message = std::move(message);
  return solution;
}

// An infeasibility status with its certificate vectors; the residual fields describe the
// last optimality candidate.
ConicSolution InteriorPoint::certified(const ConicSolution& certificate,
                                       const Candidate& candidate) const {
  ConicSolution solution = finish(certificate.status, candidate, certificate.message);
  solution.x = certificate.x;
  solution.s = certificate.s;
  solution.y = certificate.y;
  solution.z = certificate.z;
  return solution;
}

ConicSolution InteriorPoint::run() {
  Candidate best;
  best.x.setZero(n_);
  best.s.setZero(m_);
  best.y.setZero(p_);
  best.z.setZero(m_);
  best.certificate = check_conic_point(original_, best.x, best.s, best.y, best.z);
  if (!start()) {
    return finish(ConicStatus::NumericalFailure, best,
                  "numerical failure: the starting point's KKT solve was not finite");
  }

  Candidate candidate;
  for (iterations_ = 0;; ++iterations_) {
    compute_residuals();
    unscaled_candidate(candidate);
    if (candidate.certificate.passes(settings_.tolerance)) {
      return finish(ConicStatus::Solved, candidate,
                    "solved in " + std::to_string(iterations_) + " iterations");
    }
    if (!(best.certificate.worst() <= candidate.certificate.worst())) best = candidate;

    ConicSolution infeasible;
    if (infeasibility_found(infeasible)) return certified(infeasible, candidate);
    if (iterations_ == settings_.max_iterations) {
      return finish(ConicStatus::IterationLimit, best,
                    "iteration limit (" + std::to_string(settings_.max_iterations) +
                        ") reached; best scaled residual " +
                        format_number(best.certificate.worst()) + " returned");
    }

    if (!conic::update_nt_scaling(cones_, s_, z_, scaling_)) {
      return finish(ConicStatus::NumericalFailure, best,
                    "numerical failure: s or z left the interior of K at iteration " +
                        std::to_string(iterations_));
    }
    if (!prepare_tau_direction()) {
      return finish(ConicStatus::NumericalFailure, best,
                    "numerical failure: non-finite KKT factorisation or solve at iteration " +
                        std::to_string(iterations_));
    }
    if (singular_direction_found(infeasible)) return certified(infeasible, candidate);

    // affine (predictor) direction
    conic::jordan_product(cones_, scaling_.lambda, scaling_.lambda, lambda_square_);
    if (!solve_newton(r_x_, r_y_, r_z_, r_tau_, lambda_square_, tau_ * kappa_, affine_)) {
      return finish(ConicStatus::NumericalFailure, best,
                    "numerical failure: non-finite affine direction at iteration " +
                        std::to_string(iterations_));
    }
    const double affine_step = std::min(1.0, step_to_boundary(affine_));
    const double sigma = (1 - affine_step) * (1 - affine_step) * (1 - affine_step);

    // combined (corrector) direction
    const double keep = 1 - sigma;
    corrector_x_ = keep * r_x_;
    corrector_y_ = keep * r_y_;
    corrector_z_ = keep * r_z_;
    conic::jordan_product(cones_, affine_.scaled_s, affine_.scaled_z, cone_scratch_);
    corrector_s_ = lambda_square_ + cone_scratch_;
    conic::add_identity(cones_, -sigma * mu_, corrector_s_);
    const double d_kappa = tau_ * kappa_ + affine_.tau * affine_.kappa - sigma * mu_;
    if (!solve_newton(corrector_x_, corrector_y_, corrector_z_, keep * r_tau_, corrector_s_,
                      d_kappa, combined_)) {
      return finish(ConicStatus::NumericalFailure, best,
                    "numerical failure: non-finite combined direction at iteration " +
                        std::to_string(iterations_));
    }
    // the step to the boundary is exact only up to rounding: halve it while the new s or z
    // would not be strictly inside K
    double step = std::min(1.0, settings_.step_fraction * step_to_boundary(combined_));
    bool inside = false;
    for (int halving = 0; !inside && halving <= kMaxHalvings; ++halving) {
      if (halving > 0) step /= 2;
      trial_s_ = s_ + step * combined_.s;
      trial_z_ = z_ + step * combined_.z;
      inside = conic::is_in_interior(cones_, trial_s_) && conic::is_in_interior(cones_, trial_z_);
    }
    if (!inside || !(step >= kMinStep)) {
      const std::string reason = inside ? "the step length fell to " + format_number(step)
                                        : std::string("no step kept s and z inside K");
      return finish(ConicStatus::NumericalFailure, best,
                    "numerical failure: " + reason + " at iteration " +
                        std::to_string(iterations_) + "; best scaled residual " +
                        format_number(best.certificate.worst()) + " returned");
    }
    x_ += step * combined_.x;
    y_ += step * combined_.y;
    s_.swap(trial_s_);
    z_.swap(trial_z_);
    tau_ += step * combined_.tau;
    kappa_ += step * combined_.kappa;
  }
}

}  // namespace

ConicSolution solve_conic(const ConicProblem& problem, const ConicSettings& settings) {
  Status status = validate_conic_problem(problem);
  if (status.ok()) status = validate_conic_settings(settings);
  if (!status.ok()) {
    ConicSolution solution;
    solution.status = ConicStatus::InvalidInput;
    solution.x.setZero(std::max<Eigen::Index>(0, problem.c.size()));
    solution.s.setZero(problem.h.size());
    solution.y.setZero(problem.b.size());
    solution.z.setZero(problem.h.size());
    solution.message = "invalid input: " + status.message();
    return solution;
  }
  InteriorPoint solver(problem, settings);
  return solver.run();
}

}  // namespace contactlab
