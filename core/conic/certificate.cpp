#include "conic/certificate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "conic/cone.h"
#include "conic/dense_kernels.h"

namespace contactlab {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool matrix_shape_ok(const Eigen::MatrixXd& M, Eigen::Index rows, Eigen::Index cols,
                     bool empty_allowed) {
  if (empty_allowed && M.rows() == 0 && M.cols() == 0) return true;
  return M.rows() == rows && M.cols() == cols;
}

// The problem's shapes are consistent (finiteness and symmetry are not checked here).
bool problem_shape_ok(const ConicProblem& problem) {
  const Eigen::Index n = problem.c.size();
  const Eigen::Index p = problem.b.size();
  const Eigen::Index m = problem.h.size();
  if (n < 1 || problem.orthant_size < 0) return false;
  Eigen::Index rows = problem.orthant_size;
  for (int size : problem.cone_sizes) {
    if (size < 1) return false;
    rows += size;
  }
  return rows == m && matrix_shape_ok(problem.P, n, n, true) &&
         matrix_shape_ok(problem.A, p, n, p == 0) && matrix_shape_ok(problem.G, m, n, m == 0);
}

bool vector_ok(const Eigen::VectorXd& v, Eigen::Index size) {
  return v.size() == size && conic::all_finite(v);
}

// A NaN residual counts as infinitely large.
double sanitised(double value) { return std::isnan(value) ? kInfinity : value; }

conic::ConeLayout layout_of(const ConicProblem& problem) {
  return conic::make_cone_layout(problem.orthant_size, problem.cone_sizes);
}

double norm1(const Eigen::VectorXd& v) {
  double sum = 0;
  for (Eigen::Index i = 0; i < v.size(); ++i) sum += std::abs(v[i]);
  return sum;
}

double largest_entry(const Eigen::MatrixXd& M) {
  double largest = 0;
  for (Eigen::Index j = 0; j < M.cols(); ++j) {
    for (Eigen::Index i = 0; i < M.rows(); ++i) largest = std::max(largest, std::abs(M(i, j)));
  }
  return largest;
}

// part / whole for part <= whole, where a zero whole (and so a zero part) gives 0.
double ratio(double part, double whole) { return whole > 0 ? part / whole : (part > 0 ? kInfinity : 0); }

ConicCertificate failed_certificate() {
  ConicCertificate certificate;
  certificate.stationarity = kInfinity;
  certificate.equality = kInfinity;
  certificate.inequality = kInfinity;
  certificate.slack_cone = kInfinity;
  certificate.multiplier_cone = kInfinity;
  certificate.complementarity = kInfinity;
  return certificate;
}

ConicInfeasibilityCertificate failed_infeasibility() {
  ConicInfeasibilityCertificate certificate;
  certificate.residual = kInfinity;
  certificate.cone = kInfinity;
  return certificate;
}

}  // namespace

double ConicCertificate::worst() const {
  const double values[] = {stationarity, equality,        inequality,
                           slack_cone,   multiplier_cone, complementarity};
  double largest = 0;
  for (double value : values) largest = std::max(largest, sanitised(value));
  return largest;
}

ConicCertificate check_conic_point(const ConicProblem& problem, const Eigen::VectorXd& x,
                                   const Eigen::VectorXd& s, const Eigen::VectorXd& y,
                                   const Eigen::VectorXd& z) {
  const Eigen::Index n = problem.c.size();
  const Eigen::Index p = problem.b.size();
  const Eigen::Index m = problem.h.size();
  if (!problem_shape_ok(problem) || !vector_ok(x, n) || !vector_ok(s, m) || !vector_ok(y, p) ||
      !vector_ok(z, m)) {
    return failed_certificate();
  }
  const conic::ConeLayout cones = layout_of(problem);
  using conic::add_multiply;
  using conic::add_multiply_transposed;
  using conic::norm_inf;

  // P x, A^T y, G^T z and their sum with c: the stationarity residual
  Eigen::VectorXd Px = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd Aty = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd Gtz = Eigen::VectorXd::Zero(n);
  add_multiply(problem.P, x, 1.0, Px);
  add_multiply_transposed(problem.A, y, 1.0, Aty);
  add_multiply_transposed(problem.G, z, 1.0, Gtz);
  Eigen::VectorXd stationarity(n);
  for (Eigen::Index i = 0; i < n; ++i) stationarity[i] = Px[i] + problem.c[i] + Aty[i] + Gtz[i];

  Eigen::VectorXd Ax = Eigen::VectorXd::Zero(p);
  Eigen::VectorXd Gx = Eigen::VectorXd::Zero(m);
  add_multiply(problem.A, x, 1.0, Ax);
  add_multiply(problem.G, x, 1.0, Gx);
  Eigen::VectorXd equality(p);
  for (Eigen::Index i = 0; i < p; ++i) equality[i] = Ax[i] - problem.b[i];
  Eigen::VectorXd inequality(m);
  for (Eigen::Index i = 0; i < m; ++i) inequality[i] = Gx[i] + s[i] - problem.h[i];

  ConicCertificate certificate;
  certificate.stationarity =
      norm_inf(stationarity) /
      (1 + std::max({norm_inf(Px), norm_inf(problem.c), norm_inf(Aty), norm_inf(Gtz)}));
  certificate.equality = norm_inf(equality) / (1 + std::max(norm_inf(Ax), norm_inf(problem.b)));
  certificate.inequality =
      norm_inf(inequality) / (1 + std::max({norm_inf(Gx), norm_inf(s), norm_inf(problem.h)}));
  certificate.slack_cone = conic::cone_violation(cones, s) / (1 + norm_inf(s));
  certificate.multiplier_cone = conic::cone_violation(cones, z) / (1 + norm_inf(z));
  const double gap_scale =
      std::max({std::abs(conic::dot(x, Px)), std::abs(conic::dot(problem.c, x)),
                std::abs(conic::dot(problem.b, y)), std::abs(conic::dot(problem.h, z))});
  certificate.complementarity = std::abs(conic::dot(s, z)) / (1 + gap_scale);
  certificate.stationarity = sanitised(certificate.stationarity);
  certificate.equality = sanitised(certificate.equality);
  certificate.inequality = sanitised(certificate.inequality);
  certificate.complementarity = sanitised(certificate.complementarity);
  return certificate;
}

ConicCertificate check_conic_solution(const ConicProblem& problem, const ConicSolution& solution) {
  return check_conic_point(problem, solution.x, solution.s, solution.y, solution.z);
}

ConicInfeasibilityCertificate check_primal_infeasibility(const ConicProblem& problem,
                                                         const Eigen::VectorXd& y,
                                                         const Eigen::VectorXd& z) {
  const Eigen::Index n = problem.c.size();
  if (!problem_shape_ok(problem) || !vector_ok(y, problem.b.size()) ||
      !vector_ok(z, problem.h.size())) {
    return failed_infeasibility();
  }
  // cancellation of A^T y + G^T z against the decrease of b^T y + h^T z
  Eigen::VectorXd combination = Eigen::VectorXd::Zero(n);
  conic::add_multiply_transposed(problem.A, y, 1.0, combination);
  conic::add_multiply_transposed(problem.G, z, 1.0, combination);
  const double cancellation =
      ratio(conic::norm_inf(combination),
            largest_entry(problem.A) * norm1(y) + largest_entry(problem.G) * norm1(z));
  const double decrease = -(conic::dot(problem.b, y) + conic::dot(problem.h, z));
  const double relative_decrease =
      decrease / (conic::norm_inf(problem.b) * norm1(y) + conic::norm_inf(problem.h) * norm1(z));
  ConicInfeasibilityCertificate certificate;
  certificate.has_direction = decrease > 0;
  if (!certificate.has_direction) return failed_infeasibility();
  certificate.residual = sanitised(cancellation / relative_decrease);
  certificate.cone =
      sanitised(ratio(conic::cone_violation(layout_of(problem), z), conic::norm_inf(z)));
  return certificate;
}

ConicInfeasibilityCertificate check_dual_infeasibility(const ConicProblem& problem,
                                                       const Eigen::VectorXd& x,
                                                       const Eigen::VectorXd& s) {
  const Eigen::Index n = problem.c.size();
  const Eigen::Index p = problem.b.size();
  const Eigen::Index m = problem.h.size();
  if (!problem_shape_ok(problem) || !vector_ok(x, n) || !vector_ok(s, m)) {
    return failed_infeasibility();
  }
  // cancellation of P x, A x and G x + s against the decrease of c^T x
  Eigen::VectorXd Px = Eigen::VectorXd::Zero(n);
  Eigen::VectorXd Ax = Eigen::VectorXd::Zero(p);
  Eigen::VectorXd Gx_s = s;
  conic::add_multiply(problem.P, x, 1.0, Px);
  conic::add_multiply(problem.A, x, 1.0, Ax);
  conic::add_multiply(problem.G, x, 1.0, Gx_s);
  const double size = norm1(x);
  const double cone_terms = largest_entry(problem.G) * size + conic::norm_inf(s);
  const double cancellation =
      std::max({ratio(conic::norm_inf(Px), largest_entry(problem.P) * size),
                ratio(conic::norm_inf(Ax), largest_entry(problem.A) * size),
                ratio(conic::norm_inf(Gx_s), cone_terms)});
  const double decrease = -conic::dot(problem.c, x);
  const double relative_decrease = decrease / (conic::norm_inf(problem.c) * size);
  ConicInfeasibilityCertificate certificate;
  certificate.has_direction = decrease > 0;
  if (!certificate.has_direction) return failed_infeasibility();
  certificate.residual = sanitised(cancellation / relative_decrease);
  certificate.cone = sanitised(ratio(conic::cone_violation(layout_of(problem), s), cone_terms));
  return certificate;
}

ConicInfeasibilityCertificate check_conic_infeasibility(const ConicProblem& problem,
                                                        const ConicSolution& solution) {
  if (solution.status == ConicStatus::PrimalInfeasible) {
    return check_primal_infeasibility(problem, solution.y, solution.z);
  }
  if (solution.status == ConicStatus::DualInfeasible) {
    return check_dual_infeasibility(problem, solution.x, solution.s);
  }
  return failed_infeasibility();
}

}  // namespace contactlab
