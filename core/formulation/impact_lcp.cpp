#include "formulation/impact_lcp.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Cholesky>
#include <Eigen/QR>

#include "lcp/lemke.h"

namespace contactlab {
namespace {

// A contact whose cone slack gamma is positive and that slips faster than this after
// the impact slides [m/s]; its pyramid is turned to its slip (else to its impulse).
constexpr double kImpactSlipSpeed = 1e-9;
// The pyramid's direction has settled when it turns by less than this [rad].
constexpr double kImpactTurnTolerance = 1e-10;
// T+ - T- above this, relative to max(1 J, T-), is a gain of energy (rounding below).
constexpr double kImpactEnergyRounding = 1e-12;

// The bilateral rows B eliminated: q_dot+ = free + mobility (J^T P) with B q_dot+ = 0,
// mobility = M^-1 - M^-1 B^T S^# B M^-1 and free = q_dot- - M^-1 B^T S^# B q_dot-,
// S = B M^-1 B^T (the seed's pseudoinverse, so dependent rows are fine).
struct ImpactMobility {
  Eigen::MatrixXd mobility;
  Eigen::VectorXd free;
  Eigen::MatrixXd bilateral;  // B
  Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd> schur;  // of S
};

ImpactMobility eliminate_bilateral_rows(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                                        const Eigen::VectorXd& before) {
  ImpactMobility result;
  const Eigen::Index n = before.size();
  int count = 0;
  for (const ImpactContactRows& row : rows) count += row.bilateral ? 1 : 0;
  result.bilateral.resize(count, n);
  int r = 0;
  for (const ImpactContactRows& row : rows) {
    if (row.bilateral) result.bilateral.row(r++) = row.normal;
  }
  result.mobility = inverse_mass;
  result.free = before;
  if (count == 0) return result;
  const Eigen::MatrixXd spread = inverse_mass * result.bilateral.transpose();  // M^-1 B^T
  result.schur.compute(result.bilateral * spread);
  result.mobility -= spread * result.schur.solve(spread.transpose());
  result.free -= spread * result.schur.solve(result.bilateral * before);
  return result;
}

// The unilateral rows of the LCP: every normal, then each frictional contact's four
// rays d = +a, +a_perp, -a, -a_perp, a = (d1 t1 + d2 t2) for its direction (d1, d2).
struct ImpactPyramid {
  std::vector<int> normals;     // rows' indices, in the LCP's order
  std::vector<int> frictional;  // rows' indices of the contacts with rays
  std::vector<int> normal_of;   // per frictional contact, its normal's unknown
  std::vector<Eigen::Vector2d> direction;
  int unknowns() const { return static_cast<int>(normals.size() + 5 * frictional.size()); }
  int rays() const { return static_cast<int>(4 * frictional.size()); }
};

Eigen::RowVectorXd ray_row(const ImpactContactRows& row, const Eigen::Vector2d& direction, int ray) {
  const Eigen::Vector2d axis = ray % 2 == 0 ? direction : Eigen::Vector2d(-direction.y(), direction.x());
  const double sign = ray < 2 ? 1.0 : -1.0;
  return sign * (axis.x() * row.tangent1 + axis.y() * row.tangent2);
}

// The rows H = [N; D] of the normals and rays.
Eigen::MatrixXd pyramid_rows(const std::vector<ImpactContactRows>& rows, const ImpactPyramid& pyramid, Eigen::Index n) {
  const int normals = static_cast<int>(pyramid.normals.size());
  Eigen::MatrixXd result(normals + pyramid.rays(), n);
  for (int k = 0; k < normals; ++k) result.row(k) = rows[pyramid.normals[k]].normal;
  for (size_t f = 0; f < pyramid.frictional.size(); ++f) {
    for (int ray = 0; ray < 4; ++ray) {
      result.row(normals + 4 * static_cast<int>(f) + ray) =
          ray_row(rows[pyramid.frictional[f]], pyramid.direction[f], ray);
    }
  }
  return result;
}

ImpactCertificate certify(const LcpSolution& solution, const Eigen::MatrixXd& matrix, const Eigen::VectorXd& offset,
                          const LemkeSettings& settings) {
  ImpactCertificate certificate;
  certificate.min_impulse = solution.z.minCoeff();
  certificate.min_speed = solution.w.minCoeff();
  certificate.complementarity = solution.z.cwiseProduct(solution.w).cwiseAbs().maxCoeff();
  certificate.valid = check_lcp_certificate(matrix, offset, solution.z, settings.certificate_tolerance).valid;
  return certificate;
}

// One LCP with the pyramid's present directions; e at every row when `restitution`,
// else 0. False, with result.failure, when Lemke found no certified answer.
bool solve_pyramid(const std::vector<ImpactContactRows>& rows, const ImpactMobility& mobility,
                   const ImpactPyramid& pyramid, bool restitution, const Eigen::VectorXd& before,
                   LemkeSolver& lemke, ImpactResult& result, std::vector<char>& sliding) {
  const int normals = static_cast<int>(pyramid.normals.size());
  const int rays = pyramid.rays();
  const int size = pyramid.unknowns();
  if (size == 0) {  // bilateral rows only
    sliding.clear();
    result.velocity = mobility.free;
    result.impulse.assign(rows.size(), Eigen::Vector3d::Zero());
    result.certificate.valid = true;
    return true;
  }
  const Eigen::MatrixXd h = pyramid_rows(rows, pyramid, before.size());
  Eigen::MatrixXd matrix = Eigen::MatrixXd::Zero(size, size);
  Eigen::VectorXd offset = Eigen::VectorXd::Zero(size);
  matrix.topLeftCorner(normals + rays, normals + rays) = h * mobility.mobility * h.transpose();
  offset.head(normals + rays) = h * mobility.free;
  for (int k = 0; k < normals; ++k) {
    const ImpactContactRows& row = rows[pyramid.normals[k]];
    if (restitution) offset[k] += row.restitution * row.normal.dot(before);
  }
  for (int f = 0; f < static_cast<int>(pyramid.frictional.size()); ++f) {
    const int cone = normals + rays + f;
    for (int ray = 0; ray < 4; ++ray) {
      matrix(normals + 4 * f + ray, cone) = 1;  // gamma + d_j q_dot+ >= 0
      matrix(cone, normals + 4 * f + ray) = -1;
    }
    matrix(cone, pyramid.normal_of[f]) = rows[pyramid.frictional[f]].friction;  // mu P_n - sum beta
  }
  const LemkeSettings settings;
  const LcpSolution solution = lemke.solve(matrix, offset, settings);
  if (solution.status != LcpStatus::Solved) {
    result.failure = std::string("the impact's LCP (") + std::to_string(size) + " unknowns): Lemke " +
                     lcp_status_name(solution.status) + (solution.message.empty() ? "" : ", " + solution.message);
    return false;
  }
  result.certificate = certify(solution, matrix, offset, settings);
  if (!result.certificate.valid) {
    result.failure = "the impact's LCP answer failed its certificate (min z " +
                     std::to_string(result.certificate.min_impulse) + ", min w " +
                     std::to_string(result.certificate.min_speed) + ")";
    return false;
  }
  const Eigen::VectorXd impulses = solution.z.head(normals + rays);
  result.velocity = mobility.free + mobility.mobility * (h.transpose() * impulses);
  result.impulse.assign(rows.size(), Eigen::Vector3d::Zero());
  for (int k = 0; k < normals; ++k) result.impulse[pyramid.normals[k]].x() = impulses[k];
  for (int f = 0; f < static_cast<int>(pyramid.frictional.size()); ++f) {
    const Eigen::Vector2d& a = pyramid.direction[f];
    const Eigen::Vector2d along = (impulses[normals + 4 * f] - impulses[normals + 4 * f + 2]) * a;
    const Eigen::Vector2d across =
        (impulses[normals + 4 * f + 1] - impulses[normals + 4 * f + 3]) * Eigen::Vector2d(-a.y(), a.x());
    result.impulse[pyramid.frictional[f]].tail<2>() = along + across;
  }
  // Sliding: the slack gamma (the slip speed along the edge) basic and positive, the
  // impulse on the cone's edge; Lemke leaves a sticking contact's gamma at exactly 0.
  sliding.assign(pyramid.frictional.size(), 0);
  for (size_t f = 0; f < pyramid.frictional.size(); ++f) {
    sliding[f] = solution.z[normals + rays + static_cast<int>(f)] > 0 ? 1 : 0;
  }
  return true;
}

Eigen::Vector2d tangential_speed(const ImpactContactRows& row, const Eigen::VectorXd& velocity) {
  return {row.tangent1.dot(velocity), row.tangent2.dot(velocity)};
}

// The pyramid turned until each contact's first ray lies along its friction impulse:
// against the slip after the impact where it slides, along P_t where it sticks.
bool solve_turned_pyramid(const std::vector<ImpactContactRows>& rows, const ImpactMobility& mobility,
                          ImpactPyramid pyramid, bool restitution, const Eigen::VectorXd& before,
                          LemkeSolver& lemke, ImpactResult& result) {
  result.cone_turns = 0;
  std::vector<char> sliding;
  while (result.cone_turns < kImpactConeTurns) {
    ++result.cone_turns;
    if (!solve_pyramid(rows, mobility, pyramid, restitution, before, lemke, result, sliding)) return false;
    double turn = 0;
    for (size_t f = 0; f < pyramid.frictional.size(); ++f) {
      const Eigen::Vector2d slip = tangential_speed(rows[pyramid.frictional[f]], result.velocity);
      const Eigen::Vector2d impulse = result.impulse[pyramid.frictional[f]].tail<2>();
      Eigen::Vector2d next = pyramid.direction[f];
      if (sliding[f] && slip.norm() > kImpactSlipSpeed) {
        next = -slip.normalized();
      } else if (impulse.norm() > 0) {
        next = impulse.normalized();
      }
      turn = std::max(turn, (next - pyramid.direction[f]).norm());
      pyramid.direction[f] = next;
    }
    if (turn <= kImpactTurnTolerance) break;
  }
  result.sliding_contacts = 0;
  for (size_t f = 0; f < pyramid.frictional.size(); ++f) {
    const int c = pyramid.frictional[f];
    if (sliding[f] && result.impulse[c].x() > 0 && tangential_speed(rows[c], result.velocity).norm() > kImpactSlipSpeed) {
      ++result.sliding_contacts;
    }
  }
  return true;
}

// The bilateral rows' impulses, from B q_dot+ = 0: S P_b = -B q_dot- - B M^-1 J^T P.
void bilateral_impulses(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                        const ImpactMobility& mobility, const Eigen::VectorXd& before, ImpactResult& result) {
  if (mobility.bilateral.rows() == 0) return;
  Eigen::VectorXd force = Eigen::VectorXd::Zero(before.size());  // J^T P
  for (size_t c = 0; c < rows.size(); ++c) {
    if (rows[c].bilateral) continue;
    force += (result.impulse[c].x() * rows[c].normal + result.impulse[c].y() * rows[c].tangent1 +
              result.impulse[c].z() * rows[c].tangent2)
                 .transpose();
  }
  const Eigen::VectorXd pull =
      mobility.schur.solve(-(mobility.bilateral * before) - mobility.bilateral * (inverse_mass * force));
  int r = 0;
  for (size_t c = 0; c < rows.size(); ++c) {
    if (rows[c].bilateral) result.impulse[c].x() = pull[r++];
  }
}

}  // namespace

ImpactResult solve_impact_lcp(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                              bool with_friction, const Eigen::VectorXd& velocity_before) {
  const ImpactMobility mobility = eliminate_bilateral_rows(inverse_mass, rows, velocity_before);
  ImpactPyramid pyramid;
  bool restitution = false;
  for (int c = 0; c < static_cast<int>(rows.size()); ++c) {
    const ImpactContactRows& row = rows[c];
    if (row.bilateral) continue;
    restitution = restitution || row.restitution > 0;
    pyramid.normals.push_back(c);
    if (!with_friction || row.frictionless || !(row.friction > 0)) continue;
    pyramid.frictional.push_back(c);
    pyramid.normal_of.push_back(static_cast<int>(pyramid.normals.size()) - 1);
    // First guess: the friction against the slip before the impact.
    const Eigen::Vector2d slip = tangential_speed(row, velocity_before);
    pyramid.direction.push_back(slip.norm() > kImpactSlipSpeed ? Eigen::Vector2d(-slip.normalized())
                                                               : Eigen::Vector2d::UnitX());
  }
  ImpactResult result;
  LemkeSolver lemke;
  // T+ - T- = (M dq) . (q_dot+ + q_dot-) / 2, M dq by M^-1's Cholesky factor.
  const Eigen::LLT<Eigen::MatrixXd> inverse_mass_factor(inverse_mass);
  const auto energy_change = [&](const Eigen::VectorXd& after) {
    return 0.5 * inverse_mass_factor.solve(after - velocity_before).dot(after + velocity_before);
  };
  const double energy_before = 0.5 * velocity_before.dot(inverse_mass_factor.solve(velocity_before));
  const bool newton = solve_turned_pyramid(rows, mobility, pyramid, true, velocity_before, lemke, result);
  if (!newton && !restitution) {
    result.solved = false;
    result.velocity = velocity_before;
    return result;
  }
  if (newton) result.energy_change = energy_change(result.velocity);
  // Newton's law with no answer (a body jammed between contacts, one of them closing
  // with e > 0, cannot leave at -e times its speed) or gaining energy: the plastic
  // impact, whose LCP always has one (Anitescu and Potra) and never gains energy.
  if (!newton || (restitution && result.energy_change > kImpactEnergyRounding * std::max(1.0, energy_before))) {
    result.plastic = true;
    result.failure.clear();
    if (!solve_turned_pyramid(rows, mobility, pyramid, false, velocity_before, lemke, result)) {
      result.solved = false;
      result.velocity = velocity_before;
      return result;
    }
    result.energy_change = energy_change(result.velocity);
  }
  bilateral_impulses(inverse_mass, rows, mobility, velocity_before, result);
  return result;
}

}  // namespace contactlab
