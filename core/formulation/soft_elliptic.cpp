#include "formulation/soft_elliptic.h"

#include <algorithm>
#include <cmath>

#include "conic/interior_point.h"
#include "formulation/cone_edge_problem.h"
#include "formulation/edge_active_set.h"

namespace contactlab {
namespace {

// Contact c's frame unknowns: p_n, and p_t1, p_t2 with friction.
int frame_dimension(const IslandRows& rows, int c) {
  return rows.friction_coefficient[c] > 0 ? 3 : 1;
}

// Contact c's torsion row, or -1.
int torsion_of(const IslandRows& rows, int c) {
  return rows.torsion_count > 0 ? rows.contact_torsion[c] : -1;
}

// Its unknowns: the frame's, then p_s with torsional friction.
int contact_dimension(const IslandRows& rows, int c) {
  return frame_dimension(rows, c) + (torsion_of(rows, c) >= 0 ? 1 : 0);
}

}  // namespace

void build_elliptic_objective(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                     const Eigen::VectorXd& torsion_regularisation,
                     const std::vector<int>& first, Eigen::MatrixXd& P) {
  const int k = rows.contact_count;
  for (int c = 0; c < k; ++c) {
    const int dc = frame_dimension(rows, c);
    for (int e = c; e < k; ++e) {
      if (!rows.contacts_coupled[c * k + e]) continue;
      const Mat3& w = rows.block(c, e);
      const int de = frame_dimension(rows, e);
      for (int a = 0; a < dc; ++a) {
        for (int b = 0; b < de; ++b) {
          const double value = c == e ? w(std::min(a, b), std::max(a, b)) : w(a, b);
          P(first[c] + a, first[e] + b) = value;
          P(first[e] + b, first[c] + a) = value;
        }
      }
    }
    for (int a = 0; a < dc; ++a) P(first[c] + a, first[c] + a) += regularisation[c][a];
  }
  for (int l = 0; l < rows.joint_row_count(); ++l) {
    const int row = first[k + l];
    for (int e = 0; e < k; ++e) {
      const Vec3& entry = rows.limit_contact[l * k + e];
      for (int b = 0; b < frame_dimension(rows, e); ++b) {
        P(row, first[e] + b) = entry[b];
        P(first[e] + b, row) = entry[b];
      }
    }
    for (int m = l; m < rows.joint_row_count(); ++m) {
      P(row, first[k + m]) = P(first[k + m], row) = rows.limit_limit(l, m);
    }
  }
  // p_s of torsion row t against the frames, the joint rows and the other torsion rows.
  for (int t = 0; t < rows.torsion_count; ++t) {
    const int c = rows.torsion[t].contact;
    const int row = first[c] + frame_dimension(rows, c);
    for (int e = 0; e < k; ++e) {
      if (!rows.contacts_coupled[c * k + e]) continue;
      const Vec3& entry = rows.torsion_contact_entry(t, e);
      for (int b = 0; b < frame_dimension(rows, e); ++b) {
        P(row, first[e] + b) = entry[b];
        P(first[e] + b, row) = entry[b];
      }
    }
    for (int l = 0; l < rows.joint_row_count(); ++l) {
      P(row, first[k + l]) = P(first[k + l], row) = rows.joint_torsion_entry(l, t);
    }
    for (int r = 0; r < rows.torsion_count; ++r) {
      const int other = rows.torsion[r].contact;
      P(row, first[other] + frame_dimension(rows, other)) = rows.torsion_torsion_entry(t, r);
    }
    P(row, row) += torsion_regularisation[t];
  }
}

namespace {

constexpr int kGuessRounds = 4;
constexpr double kGuessTolerance = 1e-9;

double tangential_norm(const Eigen::VectorXd& v, int first) {
  return std::sqrt(v[first + 1] * v[first + 1] + v[first + 2] * v[first + 2]);
}

// x = argmin over the holding unknowns, the others zero but a joint friction row at a
// bound at +-b: P_BB x_B = -c_B - P_BF x_F, and g = P x + c. False when P_BB is not
// positive definite.
bool solve_holding(const IslandRows& rows, SoftEllipticWorkspace& ws) {
  const ConicProblem& program = ws.program;
  const int k = rows.contact_count;
  const int n = static_cast<int>(program.c.size());
  const int first_friction = k + rows.limit_count;
  ws.unknown_of.assign(n, -1);
  ws.x.setZero(n);
  int count = 0;
  const int entries = first_friction + rows.joint_friction_count;
  for (int i = first_friction; i < entries; ++i) {
    const double bound = rows.joint_friction[i - first_friction].bound;
    if (ws.holding[i] == kAtUpperBound) ws.x[ws.first_variable[i]] = bound;
    if (ws.holding[i] == kAtLowerBound) ws.x[ws.first_variable[i]] = -bound;
  }
  for (int i = 0; i < entries; ++i) {
    if (ws.holding[i] != kFree) continue;
    const int end = i + 1 < entries ? ws.first_variable[i + 1] : n;
    for (int v = ws.first_variable[i]; v < end; ++v) ws.unknown_of[v] = count++;
  }
  ws.reduced.setZero(count, count);
  ws.solution.resize(count);
  for (int b = 0; b < n; ++b) {
    const int column = ws.unknown_of[b];
    if (column < 0) continue;
    ws.solution[column] = -program.c[b];
    for (int a = b; a < n; ++a) {
      if (ws.unknown_of[a] >= 0) ws.reduced(ws.unknown_of[a], column) = program.P(a, b);
    }
  }
  for (int v = 0; v < n; ++v) {  // the joint friction rows at a bound
    if (ws.unknown_of[v] >= 0 || ws.x[v] == 0) continue;
    for (int a = 0; a < n; ++a) {
      if (ws.unknown_of[a] >= 0) ws.solution[ws.unknown_of[a]] -= program.P(a, v) * ws.x[v];
    }
  }
  if (!ws.factor.factor(ws.reduced)) return false;
  ws.factor.solve_in_place(ws.solution);
  for (int v = 0; v < n; ++v) {
    if (ws.unknown_of[v] >= 0) ws.x[v] = ws.solution[ws.unknown_of[v]];
  }
  ws.gradient = program.c;
  for (int b = 0; b < n; ++b) {
    const double x = ws.x[b];
    if (x == 0) continue;
    for (int a = 0; a < n; ++a) ws.gradient[a] += program.P(a, b) * x;
  }
  return true;
}

// The guess with no sliding contact and no slipping joint (soft_elliptic.h): true,
// with the answer in ws.x, when a guess passed the optimality conditions.
bool solve_without_sliding(const IslandRows& rows, SoftEllipticWorkspace& ws) {
  const ConicProblem& program = ws.program;
  const int k = rows.contact_count;
  const int first_friction = k + rows.limit_count;
  const int entries = first_friction + rows.joint_friction_count;
  ws.holding.resize(entries);
  for (int i = 0; i < entries; ++i) ws.holding[i] = program.c[ws.first_variable[i]] < 0 ? 1 : 0;
  for (int i = first_friction; i < entries; ++i) ws.holding[i] = kFree;  // every joint sticks
  for (int round = 0; round < kGuessRounds; ++round) {
    if (!solve_holding(rows, ws)) return false;
    double scale = 1;
    for (Eigen::Index i = 0; i < program.c.size(); ++i) {
      scale = std::max({scale, std::abs(program.c[i]), std::abs(ws.gradient[i] - program.c[i])});
    }
    const double allowed = kGuessTolerance * scale;
    bool valid = true;
    bool changed = false;
    for (int i = 0; i < entries; ++i) {
      const int first = ws.first_variable[i];
      if (i >= first_friction) {
        // A sticking joint: g = 0 and |tau| within its bound; one whose tau passed the
        // bound slips at it next round, and one at a bound whose g has the sign of its
        // impulse sticks again.
        const char state = ws.holding[i];
        const char next = next_joint_friction_state(
            state, ws.x[first], ws.gradient[first], rows.joint_friction[i - first_friction].bound,
            allowed);
        if (state == kFree) valid = valid && std::abs(ws.gradient[first]) <= allowed;
        if (next != state) {
          ws.holding[i] = next;
          changed = true;
          valid = false;
        }
        continue;
      }
      const bool cone = i < k && frame_dimension(rows, i) == 3;
      const double mu = i < k ? rows.friction_coefficient[i] : 0.0;
      // With torsional friction, p_s, bounded by p_n.
      const int spin = i < k && torsion_of(rows, i) >= 0 ? first + frame_dimension(rows, i) : -1;
      if (ws.holding[i]) {
        const double normal = ws.x[first];
        double gradient_size = std::abs(ws.gradient[first]);
        if (cone)
          gradient_size = std::max(
              {gradient_size, std::abs(ws.gradient[first + 1]), std::abs(ws.gradient[first + 2])});
        if (spin >= 0) gradient_size = std::max(gradient_size, std::abs(ws.gradient[spin]));
        valid = valid && gradient_size <= allowed;
        if (normal < -allowed) {
          ws.holding[i] = 0;
          changed = true;
          valid = false;
        } else if (cone && tangential_norm(ws.x, first) > mu * normal + allowed) {
          return false;  // sliding: the cone's surface
        } else if (spin >= 0 && std::abs(ws.x[spin]) > normal + allowed) {
          return false;  // spinning: the torsional bound
        }
      } else {
        // Open: g in the dual of the product cone, g_n >= mu ||g_t|| + |g_s|.
        double margin = cone ? ws.gradient[first] - mu * tangential_norm(ws.gradient, first)
                             : ws.gradient[first];
        if (spin >= 0) margin -= std::abs(ws.gradient[spin]);
        if (margin < -allowed) {
          ws.holding[i] = 1;
          changed = true;
          valid = false;
        }
      }
    }
    if (valid) return true;
    if (!changed) return false;
  }
  return false;
}

}  // namespace

bool solve_soft_elliptic(const IslandRows& rows, const std::vector<Vec3>& regularisation,
                         const std::vector<Vec3>& offset, const Eigen::VectorXd& limit_offset,
                         const Eigen::VectorXd& torsion_regularisation,
                         const Eigen::VectorXd& torsion_offset, SoftEllipticWorkspace& ws,
                         IslandDynamics& island, IslandImpulses& impulses,
                         IslandSolveReport& report, SolverFallback& failure) {
  ws.answered_by = nullptr;
  const int k = rows.contact_count;
  const int limits = rows.limit_count;
  const int frictions = rows.joint_friction_count;
  const int joint_rows = limits + frictions;
  const int torsions = rows.torsion_count;
  // (rows) => the unknowns: 3 per contact with friction, 1 without, 1 more with
  // torsional friction, 1 per limit and per joint friction row.
  ws.first_variable.resize(k + joint_rows);
  int n = 0;
  int one_sided = limits;  // p_n >= 0 (mu = 0) and c_l >= 0
  for (int c = 0; c < k; ++c) {
    ws.first_variable[c] = n;
    n += contact_dimension(rows, c);
    if (frame_dimension(rows, c) == 1) ++one_sided;
  }
  for (int l = 0; l < joint_rows; ++l) ws.first_variable[k + l] = n++;
  const int cones = k + limits - one_sided;
  // and -b <= tau <= b, and -p_n <= p_s <= p_n
  const int orthant = one_sided + 2 * frictions + 2 * torsions;
  const int m = orthant + 3 * cones;
  report.problem_size = n;

  // (R, J v_free - v*, limit offsets) => P, c
  ConicProblem& program = ws.program;
  program.P.setZero(n, n);
  build_elliptic_objective(rows, regularisation, torsion_regularisation, ws.first_variable, program.P);
  program.c.resize(n);
  for (int c = 0; c < k; ++c) {
    for (int a = 0; a < frame_dimension(rows, c); ++a)
      program.c[ws.first_variable[c] + a] = offset[c][a];
  }
  for (int t = 0; t < torsions; ++t) {
    const int c = rows.torsion[t].contact;
    program.c[ws.first_variable[c] + frame_dimension(rows, c)] = torsion_offset[t];
  }
  for (int l = 0; l < joint_rows; ++l) program.c[ws.first_variable[k + l]] = limit_offset[l];
  program.A.resize(0, 0);
  program.b.resize(0);

  // Cone rows, s = h - G x: first p_n >= 0 (mu = 0), c_l >= 0, b - tau >= 0 and
  // b + tau >= 0, p_n - p_s >= 0 and p_n + p_s >= 0, then (mu p_n, p_t1, p_t2) in Q^3.
  program.G.setZero(m, n);
  program.h.setZero(m);
  program.orthant_size = orthant;
  program.cone_sizes.assign(cones, 3);
  int row = 0;
  for (int c = 0; c < k; ++c) {
    if (frame_dimension(rows, c) == 1) program.G(row++, ws.first_variable[c]) = -1;
  }
  for (int l = 0; l < limits; ++l) program.G(row++, ws.first_variable[k + l]) = -1;
  for (int f = 0; f < frictions; ++f) {
    const int variable = ws.first_variable[k + limits + f];
    const double bound = rows.joint_friction[f].bound;
    program.h[row] = bound;
    program.G(row++, variable) = 1;
    program.h[row] = bound;
    program.G(row++, variable) = -1;
  }
  for (int t = 0; t < torsions; ++t) {
    const int c = rows.torsion[t].contact;
    const int normal = ws.first_variable[c];
    const int spin = normal + frame_dimension(rows, c);
    program.G(row, spin) = 1;
    program.G(row++, normal) = -1;
    program.G(row, spin) = -1;
    program.G(row++, normal) = -1;
  }
  for (int c = 0; c < k; ++c) {
    if (frame_dimension(rows, c) == 1) continue;
    const int first = ws.first_variable[c];
    program.G(row++, first) = -rows.friction_coefficient[c];
    program.G(row++, first + 1) = -1;
    program.G(row++, first + 2) = -1;
  }

  ws.answered_by = "no-sliding guess";
  if (!solve_without_sliding(rows, ws)) {
    ws.answered_by = nullptr;
    const ConicSolution solution = solve_conic(program);
    report.iterations += solution.iterations;
    if (solution.status != ConicStatus::Solved) {
      failure.reason = FallbackReason::EllipticToPyramid;
      failure.interior_point = solution.status;
      failure.detail = solution.message;
      return false;
    }
    ws.x = solution.x;
    ws.answered_by = "interior point";
  }

  // x => impulses, v^{l+1} = v_free + M^-1 H (impulses)
  impulses.reset(k, limits, frictions);
  for (int c = 0; c < k; ++c) {
    const int first = ws.first_variable[c];
    impulses.contact[c] = frame_dimension(rows, c) == 3
                              ? Vec3(ws.x[first], ws.x[first + 1], ws.x[first + 2])
                              : Vec3(std::max(0.0, ws.x[first]), 0, 0);
  }
  for (int t = 0; t < torsions; ++t) {
    const int c = rows.torsion[t].contact;
    const double bound = impulses.contact[c].x();
    const double impulse = ws.x[ws.first_variable[c] + frame_dimension(rows, c)];
    impulses.torsion[c] = std::min(bound, std::max(-bound, impulse));
  }
  for (int l = 0; l < limits; ++l)
    impulses.limit[l] = std::max(0.0, ws.x[ws.first_variable[k + l]]);
  for (int f = 0; f < frictions; ++f) {
    const double bound = rows.joint_friction[f].bound;
    impulses.joint_friction[f] =
        std::min(bound, std::max(-bound, ws.x[ws.first_variable[k + limits + f]]));
  }
  apply_island_impulses(rows, impulses, island.velocity);
  return true;
}

}  // namespace contactlab
