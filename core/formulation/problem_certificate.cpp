#include "formulation/problem_certificate.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// (distance of z outside K, of w outside K*) for one contact's cone (island_problem.h):
// Coulomb's, then with a torsion unknown p_s last, p_n >= |p_s| and g_n >= mu ||g_t|| +
// |g_s|.
void cone_residuals(const ProblemCone& cone, const Eigen::VectorXd& z, const Eigen::VectorXd& w,
                    double& primal, double& dual) {
  const int n = cone.first;
  const bool torsion = cone.size == 2 || cone.size == 4;
  const bool friction = cone.size >= 3;
  const double spin = torsion ? std::abs(w[n + cone.size - 1]) : 0.0;
  if (cone.size == 1) primal = std::max(primal, -z[n]);
  if (torsion) primal = std::max(primal, std::abs(z[n + cone.size - 1]) - z[n]);
  if (!friction) {
    dual = std::max(dual, spin - w[n]);
    return;
  }
  const double mu = cone.friction_coefficient;
  primal = std::max(primal, std::hypot(z[n + 1], z[n + 2]) - mu * z[n]);
  dual = std::max(dual, mu * std::hypot(w[n + 1], w[n + 2]) + spin - w[n]);
}

// d scaled to |d|_inf = 1 against (M, q): its residual and gap (ProblemCertificate).
void check_infeasibility_ray(const IslandProblem& problem, ProblemCertificate& certificate) {
  const Eigen::VectorXd& ray = problem.infeasibility_ray;
  const double size = ray.cwiseAbs().maxCoeff();
  if (!(size > 0) || !std::isfinite(size)) return;
  const Eigen::VectorXd d = ray / size;
  const Eigen::VectorXd pushed = problem.matrix.transpose() * d;  // M^T d
  certificate.ray_residual = std::max({0.0, -d.minCoeff(), pushed.maxCoeff()});
  certificate.ray_gap = problem.offset.dot(d);
  certificate.infeasible = certificate.ray_residual <= certificate.tolerance &&
                           certificate.ray_gap < -certificate.tolerance;
}

const char* verdict_of(const ProblemCertificate& certificate) {
  if (certificate.infeasible) return "infeasible";
  return certificate.holds ? "certified" : "not certified";
}

}  // namespace

ProblemCertificate certify_island_problem(const IslandProblem& problem) {
  ProblemCertificate certificate;
  if (problem.omitted_unknowns > 0) {
    certificate.verdict = "too large to keep";
    return certificate;
  }
  const Eigen::VectorXd& z = problem.z;
  const Eigen::VectorXd& w = problem.w;
  const Eigen::Index n = problem.offset.size();
  if (problem.matrix.rows() != n || problem.matrix.cols() != n || z.size() != n || w.size() != n) {
    certificate.primal = certificate.dual = certificate.equation = INFINITY;
    return certificate;
  }
  const Eigen::VectorXd column_size = problem.matrix.cwiseAbs().colwise().maxCoeff().transpose();
  certificate.scale = std::max({1.0, n > 0 ? problem.offset.cwiseAbs().maxCoeff() : 0.0,
                                column_size.dot(z.cwiseAbs())});
  certificate.equation = n > 0 ? (problem.matrix * z + problem.offset - w).cwiseAbs().maxCoeff() : 0.0;
  // An interval's x g + b |g| is zero at the answer, as the cones' x'g.
  double complementarity = z.dot(w);
  // Unknowns outside every cone and interval are one-sided: z >= 0, w >= 0.
  std::vector<char> in_cone(static_cast<std::size_t>(n), 0);
  for (const ProblemCone& cone : problem.cones) {
    cone_residuals(cone, z, w, certificate.primal, certificate.dual);
    for (int i = 0; i < cone.size; ++i) in_cone[static_cast<std::size_t>(cone.first + i)] = 1;
  }
  for (const ProblemBox& box : problem.boxes) {
    certificate.primal = std::max(certificate.primal, std::abs(z[box.unknown]) - box.bound);
    complementarity += box.bound * std::abs(w[box.unknown]);
    in_cone[static_cast<std::size_t>(box.unknown)] = 1;
  }
  certificate.complementarity = std::abs(complementarity);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (in_cone[static_cast<std::size_t>(i)]) continue;
    certificate.primal = std::max(certificate.primal, -z[i]);
    certificate.dual = std::max(certificate.dual, -w[i]);
  }
  certificate.tolerance = problem.relative_tolerance * certificate.scale;
  const bool finite = z.allFinite() && w.allFinite() && std::isfinite(certificate.equation);
  certificate.holds = finite && certificate.primal <= certificate.tolerance &&
                      certificate.dual <= certificate.tolerance &&
                      certificate.complementarity <= certificate.tolerance &&
                      certificate.equation <= certificate.tolerance;
  if (problem.infeasibility_ray.size() == n) check_infeasibility_ray(problem, certificate);
  certificate.verdict = verdict_of(certificate);
  return certificate;
}

}  // namespace contactlab
