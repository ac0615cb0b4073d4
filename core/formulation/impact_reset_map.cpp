#include "formulation/impact_reset_map.h"

#include <Eigen/QR>

#include "formulation/impact_lcp.h"

namespace contactlab {
namespace {

// The infinite-friction map: (J M^-1 J^T) P = diag(-e, 0, 0) J q_dot- - J q_dot- for
// the least-norm P (the seed's pseudoinverse #), J every row's normal and, but for the
// frictionless and bilateral rows, its tangents; impulses of either sign.
ImpactResult infinite_friction_reset(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                                     const Eigen::VectorXd& before) {
  struct Unknown {
    int contact = 0;
    int axis = 0;  // 0 normal, 1 t1, 2 t2
  };
  std::vector<Unknown> unknowns;
  for (int c = 0; c < static_cast<int>(rows.size()); ++c) {
    unknowns.push_back({c, 0});
    if (rows[c].frictionless || rows[c].bilateral) continue;
    unknowns.push_back({c, 1});
    unknowns.push_back({c, 2});
  }
  const Eigen::Index m = static_cast<Eigen::Index>(unknowns.size());
  Eigen::MatrixXd jacobian(m, before.size());
  Eigen::VectorXd right(m);
  for (Eigen::Index k = 0; k < m; ++k) {
    const ImpactContactRows& row = rows[unknowns[k].contact];
    jacobian.row(k) = unknowns[k].axis == 0 ? row.normal : (unknowns[k].axis == 1 ? row.tangent1 : row.tangent2);
    const double speed = jacobian.row(k).dot(before);
    right[k] = (unknowns[k].axis == 0 ? -row.restitution * speed : 0.0) - speed;
  }
  const Eigen::VectorXd solution =
      (jacobian * inverse_mass * jacobian.transpose()).completeOrthogonalDecomposition().solve(right);
  ImpactResult result;
  result.impulse.assign(rows.size(), Eigen::Vector3d::Zero());
  for (Eigen::Index k = 0; k < m; ++k) result.impulse[unknowns[k].contact][unknowns[k].axis] = solution[k];
  result.velocity = before + inverse_mass * (jacobian.transpose() * solution);
  return result;
}

}  // namespace

ImpactResult impact_reset(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                          ImpactFriction law, const Eigen::VectorXd& velocity_before) {
  if (law == ImpactFriction::Infinite) return infinite_friction_reset(inverse_mass, rows, velocity_before);
  return solve_impact_lcp(inverse_mass, rows, law == ImpactFriction::Coulomb, velocity_before);
}

}  // namespace contactlab
