#include "formulation/impact_reset_map.h"

#include <cmath>

#include <Eigen/QR>

namespace contactlab {
namespace {

// One unknown of the impact problem: a contact's normal impulse, one of its sticking
// tangential impulses, or a sliding contact's normal impulse with its friction
// mu P_n d folded into the same column.
struct ImpactResetUnknown {
  int contact = 0;
  int axis = 0;  // 0 normal, 1 t1, 2 t2
};

// Solves (J_eq M^-1 W) P = target - J_eq q_dot- for the least-norm P (the seed's
// pseudoinverse #): the equations are every normal row and the sticking contacts'
// tangent rows; W's columns are the same rows, a sliding contact's normal column
// carrying its friction n + mu (d1 t1 + d2 t2).
void solve_impact_impulses(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                           const std::vector<char>& sliding, const std::vector<Eigen::Vector2d>& slide_direction,
                           const std::vector<Eigen::Vector3d>& target, const Eigen::VectorXd& before,
                           std::vector<Eigen::Vector3d>& impulse) {
  std::vector<ImpactResetUnknown> unknowns;
  for (int c = 0; c < static_cast<int>(rows.size()); ++c) {
    unknowns.push_back({c, 0});
    if (!sliding[c]) {
      unknowns.push_back({c, 1});
      unknowns.push_back({c, 2});
    }
  }
  const Eigen::Index n = before.size();
  const Eigen::Index m = static_cast<Eigen::Index>(unknowns.size());
  Eigen::MatrixXd equations(m, n);  // J_eq
  Eigen::MatrixXd columns(n, m);    // W
  Eigen::VectorXd right(m);
  for (Eigen::Index k = 0; k < m; ++k) {
    const ImpactContactRows& row = rows[unknowns[k].contact];
    const int c = unknowns[k].contact;
    const Eigen::RowVectorXd& direction =
        unknowns[k].axis == 0 ? row.normal : (unknowns[k].axis == 1 ? row.tangent1 : row.tangent2);
    equations.row(k) = direction;
    Eigen::RowVectorXd column = direction;
    if (unknowns[k].axis == 0 && sliding[c]) {
      column += row.friction * (slide_direction[c].x() * row.tangent1 + slide_direction[c].y() * row.tangent2);
    }
    columns.col(k) = column.transpose();
    right[k] = target[c][unknowns[k].axis] - direction.dot(before);
  }
  const Eigen::MatrixXd delassus = equations * inverse_mass * columns;
  const Eigen::VectorXd solution = delassus.completeOrthogonalDecomposition().solve(right);
  impulse.assign(rows.size(), Eigen::Vector3d::Zero());
  for (Eigen::Index k = 0; k < m; ++k) {
    const int c = unknowns[k].contact;
    impulse[c][unknowns[k].axis] = solution[k];
    if (unknowns[k].axis == 0 && sliding[c]) {
      impulse[c].y() = rows[c].friction * solution[k] * slide_direction[c].x();
      impulse[c].z() = rows[c].friction * solution[k] * slide_direction[c].y();
    }
  }
}

}  // namespace

ImpactResult impact_reset(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                          ImpactFriction law, const Eigen::VectorXd& velocity_before) {
  const int count = static_cast<int>(rows.size());
  ImpactResult result;
  // Targets J q_dot+: diag(-e, 0, 0) J q_dot- (the tangent targets unused without friction).
  std::vector<Eigen::Vector3d> target(count, Eigen::Vector3d::Zero());
  for (int c = 0; c < count; ++c) target[c].x() = -rows[c].restitution * rows[c].normal.dot(velocity_before);
  std::vector<char> sliding(count, law == ImpactFriction::Frictionless ? 1 : 0);
  for (int c = 0; c < count; ++c) sliding[c] = sliding[c] || rows[c].frictionless;
  std::vector<Eigen::Vector2d> direction(count, Eigen::Vector2d::Zero());
  std::vector<ImpactContactRows> frictionless_rows;
  const std::vector<ImpactContactRows>* posed = &rows;
  if (law == ImpactFriction::Frictionless) {
    frictionless_rows = rows;
    for (ImpactContactRows& row : frictionless_rows) row.friction = 0;
    posed = &frictionless_rows;
  }
  solve_impact_impulses(inverse_mass, *posed, sliding, direction, target, velocity_before, result.impulse);
  // Coulomb: a contact outside its cone slides through the impact along its sticking
  // impulse's direction; at most one pass per contact.
  for (int pass = 0; law == ImpactFriction::Coulomb && pass < count; ++pass) {
    bool changed = false;
    for (int c = 0; c < count; ++c) {
      const Eigen::Vector2d tangential(result.impulse[c].y(), result.impulse[c].z());
      const double bound = rows[c].friction * std::max(result.impulse[c].x(), 0.0);
      if (sliding[c] || tangential.norm() <= bound * (1 + 1e-12)) continue;
      sliding[c] = 1;
      direction[c] = tangential.normalized();
      changed = true;
    }
    if (!changed) break;
    solve_impact_impulses(inverse_mass, rows, sliding, direction, target, velocity_before, result.impulse);
  }
  result.velocity = velocity_before;
  for (int c = 0; c < count; ++c) {
    result.velocity += inverse_mass * (result.impulse[c].x() * rows[c].normal.transpose() +
                                       result.impulse[c].y() * rows[c].tangent1.transpose() +
                                       result.impulse[c].z() * rows[c].tangent2.transpose());
    if (law == ImpactFriction::Coulomb && sliding[c] && !rows[c].frictionless) ++result.sliding_contacts;
  }
  return result;
}

}  // namespace contactlab
