#include "conic/interior_point.h"

#include <gtest/gtest.h>

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "lcp/lemke.h"
#include "test_random.h"

namespace contactlab {
namespace {

// A random point strictly inside R_+^l x Q^{m_1} x ...
Eigen::VectorXd random_interior(TestRandom& random, int orthant, const std::vector<int>& cones) {
  int rows = orthant;
  for (int size : cones) rows += size;
  Eigen::VectorXd u(rows);
  for (int i = 0; i < orthant; ++i) u[i] = random.uniform(0.05, 2);
  int offset = orthant;
  for (int size : cones) {
    double squared = 0;
    for (int i = offset + 1; i < offset + size; ++i) {
      u[i] = random.uniform(-1, 1);
      squared += u[i] * u[i];
    }
    u[offset] = std::sqrt(squared) + random.uniform(0.05, 1);
    offset += size;
  }
  return u;
}

void expect_solved(const ConicProblem& problem, const ConicSolution& solution,
                   double tolerance = 1e-9) {
  EXPECT_EQ(solution.status, ConicStatus::Solved) << solution.message;
  const ConicCertificate certificate = check_conic_solution(problem, solution);
  EXPECT_TRUE(certificate.passes(tolerance)) << "worst scaled residual " << certificate.worst();
}

// Every returned number is finite, whatever the status.
void expect_finite(const ConicSolution& solution) {
  EXPECT_TRUE(solution.x.allFinite());
  EXPECT_TRUE(solution.s.allFinite());
  EXPECT_TRUE(solution.y.allFinite());
  EXPECT_TRUE(solution.z.allFinite());
  EXPECT_TRUE(std::isfinite(solution.primal_residual));
  EXPECT_TRUE(std::isfinite(solution.dual_residual));
  EXPECT_TRUE(std::isfinite(solution.gap));
}

// ---- closed-form problems -------------------------------------------------------------

// min -x1 - x2 s.t. x1 + 2 x2 <= 4, 3 x1 + x2 <= 6, x >= 0: the vertex of the first two rows,
// x = (1.6, 1.2), with multipliers z = (0.4, 0.2, 0, 0) from G^T z = -c, objective -2.8.
TEST(ConicInteriorPoint, LinearProgramWithKnownVertex) {
  ConicProblem problem;
  problem.c = Eigen::Vector2d(-1, -1);
  problem.G.resize(4, 2);
  problem.G << 1, 2,
               3, 1,
               -1, 0,
               0, -1;
  problem.h = Eigen::Vector4d(4, 6, 0, 0);
  problem.orthant_size = 4;
  for (bool equilibrate : {true, false}) {
    ConicSettings settings;
    settings.equilibrate = equilibrate;
    const ConicSolution solution = solve_conic(problem, settings);
    expect_solved(problem, solution);
    EXPECT_NEAR(solution.x[0], 1.6, 1e-8);
    EXPECT_NEAR(solution.x[1], 1.2, 1e-8);
    EXPECT_NEAR(solution.z[0], 0.4, 1e-8);
    EXPECT_NEAR(solution.z[1], 0.2, 1e-8);
    EXPECT_NEAR(solution.z[2], 0, 1e-8);
    EXPECT_NEAR(problem.c.dot(solution.x), -2.8, 1e-8);
    EXPECT_GT(solution.iterations, 0);
  }
}

// min 1/2 ||x||^2 s.t. a^T x >= 1: x = a / ||a||^2, multiplier 1 / ||a||^2; a = (1, 2, 2).
TEST(ConicInteriorPoint, QuadraticProgramWithOneActiveConstraint) {
  ConicProblem problem;
  problem.P = Eigen::MatrixXd::Identity(3, 3);
  problem.c = Eigen::VectorXd::Zero(3);
  problem.G = -Eigen::RowVector3d(1, 2, 2);
  problem.h = -Eigen::VectorXd::Ones(1);
  problem.orthant_size = 1;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_LT((solution.x - Eigen::Vector3d(1, 2, 2) / 9).lpNorm<Eigen::Infinity>(), 1e-8);
  EXPECT_NEAR(solution.z[0], 1.0 / 9, 1e-8);
}

// Projection of a = (0.5, 0.3, -0.4) onto the probability simplex: x_i = max(a_i - theta, 0)
// with sum 1 gives theta = -0.1, x = (0.6, 0.4, 0); the equality multiplier is y = theta.
TEST(ConicInteriorPoint, SimplexProjectionMixesEqualitiesAndBounds) {
  ConicProblem problem;
  problem.P = Eigen::MatrixXd::Identity(3, 3);
  problem.c = -Eigen::Vector3d(0.5, 0.3, -0.4);
  problem.A = Eigen::RowVector3d(1, 1, 1);
  problem.b = Eigen::VectorXd::Ones(1);
  problem.G = -Eigen::MatrixXd::Identity(3, 3);
  problem.h = Eigen::VectorXd::Zero(3);
  problem.orthant_size = 3;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_LT((solution.x - Eigen::Vector3d(0.6, 0.4, 0)).lpNorm<Eigen::Infinity>(), 1e-8);
  EXPECT_NEAR(solution.y[0], -0.1, 1e-8);
  EXPECT_NEAR(solution.z[2], 0.3, 1e-8);  // x3's bound: z3 = y - a3 + x3 = -0.1 + 0.4
}

// min 1/2 x^T P x + c^T x s.t. A x = b: the KKT system [[P, A^T], [A, 0]] [x; y] = [-c; b],
// solved by Eigen's LU, is the reference.
TEST(ConicInteriorPoint, EqualityConstrainedQuadraticProgram) {
  TestRandom random(12);
  const int n = 15, p = 5;
  const Eigen::MatrixXd B = random_matrix(random, n, n);
  ConicProblem problem;
  problem.P = B * B.transpose() + 0.1 * Eigen::MatrixXd::Identity(n, n);
  problem.c = random_vector(random, n);
  problem.A = random_matrix(random, p, n);
  problem.b = random_vector(random, p);
  Eigen::MatrixXd kkt = Eigen::MatrixXd::Zero(n + p, n + p);
  kkt.topLeftCorner(n, n) = problem.P;
  kkt.topRightCorner(n, p) = problem.A.transpose();
  kkt.bottomLeftCorner(p, n) = problem.A;
  Eigen::VectorXd rhs(n + p);
  rhs << -problem.c, problem.b;
  const Eigen::VectorXd reference = kkt.fullPivLu().solve(rhs);

  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_LT((solution.x - reference.head(n)).lpNorm<Eigen::Infinity>(), 1e-7);
  EXPECT_LT((solution.y - reference.tail(p)).lpNorm<Eigen::Infinity>(), 1e-7);
  EXPECT_EQ(solution.s.size(), 0);
}

// A QP with P positive definite and only x >= 0 is the LCP w = P x + c >= 0, x >= 0,
// x^T w = 0 (its KKT conditions): Lemke's method (lemke.h) is the reference.
TEST(ConicInteriorPoint, BoundConstrainedQuadraticProgramMatchesLemke) {
  for (int n : {6, 25, 40}) {
    TestRandom random(100 + n);
    const Eigen::MatrixXd B = random_matrix(random, n, n);
    ConicProblem problem;
    problem.P = B * B.transpose() + 0.05 * Eigen::MatrixXd::Identity(n, n);
    problem.c = random_vector(random, n) * 3;
    problem.G = -Eigen::MatrixXd::Identity(n, n);
    problem.h = Eigen::VectorXd::Zero(n);
    problem.orthant_size = n;
    const ConicSolution solution = solve_conic(problem);
    expect_solved(problem, solution);

    LemkeSolver lemke;
    const LcpSolution lcp = lemke.solve(problem.P, problem.c, LemkeSettings{});
    ASSERT_EQ(lcp.status, LcpStatus::Solved) << lcp.message;
    EXPECT_LT((solution.x - lcp.z).lpNorm<Eigen::Infinity>(), 1e-7 * (1 + lcp.z.norm()));
    // the bound multipliers are the LCP's w
    EXPECT_LT((solution.z - lcp.w).lpNorm<Eigen::Infinity>(), 1e-7 * (1 + lcp.w.norm()));
  }
}

// Projection of (t0, y0) onto Q^m: itself when ||y0|| <= t0, 0 when ||y0|| <= -t0, else
// (t0 + ||y0||) / 2 (1, y0 / ||y0||). As a conic QP: min 1/2 ||x - x0||^2, -x + s = 0, s in Q^m.
Eigen::VectorXd project_onto_second_order_cone(const Eigen::VectorXd& point) {
  const double t = point[0];
  const double norm = point.tail(point.size() - 1).norm();
  if (norm <= t) return point;
  if (norm <= -t) return Eigen::VectorXd::Zero(point.size());
  Eigen::VectorXd projection(point.size());
  projection[0] = 1;
  projection.tail(point.size() - 1) = point.tail(point.size() - 1) / norm;
  return (t + norm) / 2 * projection;
}

TEST(ConicInteriorPoint, ProjectionOntoSecondOrderCone) {
  TestRandom random(5);
  const std::vector<Eigen::VectorXd> points = {
      Eigen::Vector3d(1, 2, 2),           // outside: (1 + 2 sqrt 2) / 2 (1, 1/sqrt 2, 1/sqrt 2)
      Eigen::Vector3d(3, 1, -2),          // inside
      Eigen::Vector3d(-4, 1, 2),          // in the polar cone: 0
      Eigen::VectorXd(Eigen::Matrix<double, 5, 1>(0.5, -1, 2, 0.3, 1)),
      Eigen::VectorXd::Constant(1, -2.5)  // Q^1 is the half-line: 0
  };
  for (const Eigen::VectorXd& point : points) {
    const int m = static_cast<int>(point.size());
    ConicProblem problem;
    problem.P = Eigen::MatrixXd::Identity(m, m);
    problem.c = -point;
    problem.G = -Eigen::MatrixXd::Identity(m, m);
    problem.h = Eigen::VectorXd::Zero(m);
    problem.cone_sizes = {m};
    const ConicSolution solution = solve_conic(problem);
    expect_solved(problem, solution);
    EXPECT_LT((solution.x - project_onto_second_order_cone(point)).lpNorm<Eigen::Infinity>(), 1e-8)
        << "point " << point.transpose();
  }
}

// Projection onto the Coulomb cone ||x_t|| <= mu x_n of x0 = (n0, t0): itself inside, 0 in
// the polar cone mu ||t0|| <= -n0, otherwise onto the ray through (1, mu t0 / ||t0||):
// x = (n0 + mu ||t0||) / (1 + mu^2) (1, mu t0 / ||t0||). The cone is (mu x_n, x_t) in Q^3,
// i.e. G = -diag(mu, 1, 1), h = 0: the friction cone of Todorov's SOCP (seed 004).
Eigen::Vector3d project_onto_friction_cone(const Eigen::Vector3d& point, double mu) {
  const double normal = point[0];
  const double tangential = point.tail<2>().norm();
  if (tangential <= mu * normal) return point;
  if (mu * tangential <= -normal) return Eigen::Vector3d::Zero();
  const double scale = (normal + mu * tangential) / (1 + mu * mu);
  return scale * Eigen::Vector3d(1, mu * point[1] / tangential, mu * point[2] / tangential);
}

TEST(ConicInteriorPoint, FrictionConeProjectionForSeveralContacts) {
  const std::vector<Eigen::Vector3d> points = {Eigen::Vector3d(1, 2, 1), Eigen::Vector3d(1, 0.1, 0.2),
                                               Eigen::Vector3d(-1, 0.1, 0), Eigen::Vector3d(0.2, -3, 4),
                                               Eigen::Vector3d(2, 0, 0)};
  const std::vector<double> frictions = {0.3, 0.5, 0.5, 1.2, 0.8};
  const int contacts = static_cast<int>(points.size());
  ConicProblem problem;
  problem.P = Eigen::MatrixXd::Identity(3 * contacts, 3 * contacts);
  problem.c.resize(3 * contacts);
  problem.G = Eigen::MatrixXd::Zero(3 * contacts, 3 * contacts);
  problem.h = Eigen::VectorXd::Zero(3 * contacts);
  for (int k = 0; k < contacts; ++k) {
    problem.c.segment<3>(3 * k) = -points[k];
    problem.G(3 * k, 3 * k) = -frictions[k];
    problem.G(3 * k + 1, 3 * k + 1) = -1;
    problem.G(3 * k + 2, 3 * k + 2) = -1;
    problem.cone_sizes.push_back(3);
  }
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  for (int k = 0; k < contacts; ++k) {
    const Eigen::Vector3d expected = project_onto_friction_cone(points[k], frictions[k]);
    EXPECT_LT((solution.x.segment<3>(3 * k) - expected).lpNorm<Eigen::Infinity>(), 1e-8)
        << "contact " << k;
  }
}

// Wolfe's minimum-norm point of the convex hull of the columns of V: min 1/2 ||V w||^2,
// sum w = 1, w >= 0. P = V^T V is singular and w is not unique, the point V w is.
TEST(ConicInteriorPoint, MinimumNormPointOfPolytopes) {
  struct Case {
    Eigen::MatrixXd vertices;
    Eigen::Vector3d nearest;
  };
  Eigen::MatrixXd pyramid(3, 5);  // square z = 1 with corners (+-1, +-1) and apex (0, 0, 2)
  pyramid << 1, -1, -1, 1, 0,
             1, 1, -1, -1, 0,
             1, 1, 1, 1, 2;
  Eigen::MatrixXd triangle(3, 3);  // nearest point on the edge x = 1: (1, 0, 0)
  triangle << 1, 1, 3,
              -1, 1, 0,
              0, 0, 0;
  const std::vector<Case> cases = {{pyramid, Eigen::Vector3d(0, 0, 1)},
                                   {triangle, Eigen::Vector3d(1, 0, 0)}};
  for (const Case& polytope : cases) {
    const int k = static_cast<int>(polytope.vertices.cols());
    ConicProblem problem;
    problem.P = polytope.vertices.transpose() * polytope.vertices;
    problem.c = Eigen::VectorXd::Zero(k);
    problem.A = Eigen::RowVectorXd::Ones(k);
    problem.b = Eigen::VectorXd::Ones(1);
    problem.G = -Eigen::MatrixXd::Identity(k, k);
    problem.h = Eigen::VectorXd::Zero(k);
    problem.orthant_size = k;
    const ConicSolution solution = solve_conic(problem);
    expect_solved(problem, solution);
    EXPECT_LT((polytope.vertices * solution.x - polytope.nearest).lpNorm<Eigen::Infinity>(), 1e-7);
  }
}

// ---- the formulations the solver serves ------------------------------------------------

// Anitescu's convex relaxation (seed 004) for a point mass m on the ground, falling and
// sliding, with a pyramid of 4 friction directions d_i: the primal QP in v',
//   min 1/2 (v' - v)^T M (v' - v)  s.t.  (n + mu d_i) v' + phi / h >= 0,
// and its dual in beta >= 0, min 1/2 beta^T J M^-1 J^T beta + beta^T (J v + phi / h), must
// give the same velocity v' = v + M^-1 J^T beta (Lagrangian duality), and the primal's
// multipliers must solve the dual.
TEST(ConicInteriorPoint, AnitescuPrimalAndDualAgree) {
  const double mass = 2, mu = 0.5, phi_over_h = 0.1;
  const Eigen::Matrix3d M = mass * Eigen::Matrix3d::Identity();
  const Eigen::Vector3d v_minus(1.0, 0.4, -2.0);
  Eigen::MatrixXd J(4, 3);  // rows n + mu d_i, n = (0, 0, 1)
  J << mu, 0, 1,
       -mu, 0, 1,
       0, mu, 1,
       0, -mu, 1;
  ConicProblem primal;
  primal.P = M;
  primal.c = -M * v_minus;
  primal.G = -J;
  primal.h = Eigen::VectorXd::Constant(4, phi_over_h);
  primal.orthant_size = 4;
  const ConicSolution primal_solution = solve_conic(primal);
  expect_solved(primal, primal_solution);

  const Eigen::Matrix3d M_inverse = M.inverse();
  ConicProblem dual;
  dual.P = J * M_inverse * J.transpose();  // 4 x 4 of rank 3
  dual.c = J * v_minus + Eigen::VectorXd::Constant(4, phi_over_h);
  dual.G = -Eigen::MatrixXd::Identity(4, 4);
  dual.h = Eigen::VectorXd::Zero(4);
  dual.orthant_size = 4;
  const ConicSolution dual_solution = solve_conic(dual);
  expect_solved(dual, dual_solution);

  const Eigen::Vector3d v_from_dual = v_minus + M_inverse * J.transpose() * dual_solution.x;
  EXPECT_LT((primal_solution.x - v_from_dual).lpNorm<Eigen::Infinity>(), 1e-7);
  // the primal multipliers are impulses beta: they reproduce v' too
  const Eigen::Vector3d v_from_multipliers =
      v_minus + M_inverse * J.transpose() * primal_solution.z;
  EXPECT_LT((primal_solution.x - v_from_multipliers).lpNorm<Eigen::Infinity>(), 1e-7);
  // the relaxation: phi / h + (n + mu d_i) v' >= 0 holds at the answer
  EXPECT_GE((J * primal_solution.x).minCoeff() + phi_over_h, -1e-8);
}

// ---- infeasible and unbounded problems ---------------------------------------------------

void expect_certificate(const ConicProblem& problem, const ConicSolution& solution,
                        ConicStatus expected) {
  EXPECT_EQ(solution.status, expected) << solution.message;
  EXPECT_TRUE(check_conic_infeasibility(problem, solution).passes(1e-8));
  expect_finite(solution);
}

TEST(ConicInteriorPoint, InfeasibleProblemsAreCertified) {
  // x >= 1 and x <= 0
  ConicProblem bounds;
  bounds.c = Eigen::VectorXd::Ones(1);
  bounds.G = Eigen::Vector2d(-1, 1);
  bounds.h = Eigen::Vector2d(-1, 0);
  bounds.orthant_size = 2;
  expect_certificate(bounds, solve_conic(bounds), ConicStatus::PrimalInfeasible);

  // ||(x2, x3)|| <= x1 and x1 <= -1
  ConicProblem cone;
  cone.c = Eigen::Vector3d(1, 0, 0);
  cone.G.resize(4, 3);
  cone.G << 1, 0, 0,
            -1, 0, 0,
            0, -1, 0,
            0, 0, -1;
  cone.h = Eigen::Vector4d(-1, 0, 0, 0);
  cone.orthant_size = 1;
  cone.cone_sizes = {3};
  expect_certificate(cone, solve_conic(cone), ConicStatus::PrimalInfeasible);

  // x1 + x2 = 1 and x1 + x2 = 2, with x >= 0 and a quadratic objective
  ConicProblem equalities;
  equalities.P = Eigen::MatrixXd::Identity(2, 2);
  equalities.c = Eigen::Vector2d(1, 1);
  equalities.A = Eigen::MatrixXd::Ones(2, 2);
  equalities.b = Eigen::Vector2d(1, 2);
  equalities.G = -Eigen::MatrixXd::Identity(2, 2);
  equalities.h = Eigen::VectorXd::Zero(2);
  equalities.orthant_size = 2;
  expect_certificate(equalities, solve_conic(equalities), ConicStatus::PrimalInfeasible);
}

TEST(ConicInteriorPoint, UnboundedProblemsAreCertified) {
  // min -x1 - x2 s.t. x1 - x2 <= 1, x >= 0
  ConicProblem lp;
  lp.c = Eigen::Vector2d(-1, -1);
  lp.G.resize(3, 2);
  lp.G << 1, -1,
          -1, 0,
          0, -1;
  lp.h = Eigen::Vector3d(1, 0, 0);
  lp.orthant_size = 3;
  expect_certificate(lp, solve_conic(lp), ConicStatus::DualInfeasible);

  // min 1/2 x1^2 - x2 s.t. x2 >= 0: P is singular along the ray x2
  ConicProblem qp;
  qp.P = Eigen::Matrix2d(Eigen::Vector2d(1, 0).asDiagonal());
  qp.c = Eigen::Vector2d(0, -1);
  qp.G = Eigen::RowVector2d(0, -1);
  qp.h = Eigen::VectorXd::Zero(1);
  qp.orthant_size = 1;
  expect_certificate(qp, solve_conic(qp), ConicStatus::DualInfeasible);

  // min -t s.t. ||y|| <= t
  ConicProblem socp;
  socp.c = Eigen::Vector3d(-1, 0, 0);
  socp.G = -Eigen::MatrixXd::Identity(3, 3);
  socp.h = Eigen::VectorXd::Zero(3);
  socp.cone_sizes = {3};
  expect_certificate(socp, solve_conic(socp), ConicStatus::DualInfeasible);

  // min x1 - x2 s.t. x1 >= 0: x2 appears in no constraint, so the KKT matrix is singular
  ConicProblem free_variable;
  free_variable.c = Eigen::Vector2d(1, -1);
  free_variable.G = Eigen::RowVector2d(-1, 0);
  free_variable.h = Eigen::VectorXd::Zero(1);
  free_variable.orthant_size = 1;
  expect_certificate(free_variable, solve_conic(free_variable), ConicStatus::DualInfeasible);
}

// ---- random problems -------------------------------------------------------------------

// A problem that is feasible (x0, s0 in K) and dual feasible (y0, z0 in K), so it has a
// finite optimum: b = A x0, h = G x0 + s0, c = -(P x0 + A^T y0 + G^T z0). Half the orthant
// rows of s0 and z0 are complementary zeros, P = B B^T has a random rank (0 gives an LP).
ConicProblem random_feasible_problem(TestRandom& random, int max_variables) {
  ConicProblem problem;
  const int n = random.integer(1, max_variables);
  const int p = random.integer(0, n / 2);
  const int orthant = random.integer(0, 30);
  const int cone_count = random.integer(0, 8);
  const int cone_size = random.integer(1, 5);
  problem.orthant_size = orthant;
  problem.cone_sizes.assign(cone_count, cone_size);
  const int m = orthant + cone_count * cone_size;
  const Eigen::MatrixXd B = random_matrix(random, n, random.integer(0, n));
  problem.P = B * B.transpose();
  problem.A = random_matrix(random, p, n);
  problem.G = random_matrix(random, m, n);
  const Eigen::VectorXd x0 = random_vector(random, n);
  Eigen::VectorXd s0 = random_interior(random, orthant, problem.cone_sizes);
  Eigen::VectorXd z0 = random_interior(random, orthant, problem.cone_sizes);
  for (int i = 0; i < orthant; ++i) (random.integer(0, 1) == 0 ? s0 : z0)[i] = 0;
  problem.b = problem.A * x0;
  problem.h = problem.G * x0 + s0;
  problem.c = -(problem.P * x0 + problem.A.transpose() * random_vector(random, p) +
                problem.G.transpose() * z0);
  return problem;
}

TEST(ConicInteriorPoint, RandomFeasibleProblemsPassTheCertificate) {
  TestRandom random(2024);
  for (int trial = 0; trial < 60; ++trial) {
    const ConicProblem problem = random_feasible_problem(random, trial < 50 ? 30 : 80);
    const ConicSolution solution = solve_conic(problem);
    EXPECT_EQ(solution.status, ConicStatus::Solved) << "trial " << trial << ": " << solution.message;
    EXPECT_TRUE(check_conic_solution(problem, solution).passes(1e-8)) << "trial " << trial;
    EXPECT_LE(solution.iterations, 30) << "trial " << trial;
  }
}

// ---- degenerate problems -----------------------------------------------------------------

TEST(ConicInteriorPoint, RedundantEqualityRows) {
  // the simplex projection with its equality row given three times (once scaled by 2)
  ConicProblem problem;
  problem.P = Eigen::MatrixXd::Identity(3, 3);
  problem.c = -Eigen::Vector3d(0.5, 0.3, -0.4);
  problem.A.resize(3, 3);
  problem.A << 1, 1, 1,
               1, 1, 1,
               2, 2, 2;
  problem.b = Eigen::Vector3d(1, 1, 2);
  problem.G = -Eigen::MatrixXd::Identity(3, 3);
  problem.h = Eigen::VectorXd::Zero(3);
  problem.orthant_size = 3;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_LT((solution.x - Eigen::Vector3d(0.6, 0.4, 0)).lpNorm<Eigen::Infinity>(), 1e-8);
  // the multipliers are not unique, their combination A^T y is: -0.1 on every variable
  const Eigen::Vector3d combined = problem.A.transpose() * solution.y;
  EXPECT_LT((combined - Eigen::Vector3d::Constant(-0.1)).lpNorm<Eigen::Infinity>(), 1e-8);
}

TEST(ConicInteriorPoint, LinearProgramWithEqualitiesAndNoQuadraticTerm) {
  // min x1 + 2 x2 + 3 x3 s.t. x1 + x2 + x3 = 1, x >= 0: x = e1, y = -1, z = (0, 1, 2)
  ConicProblem problem;
  problem.c = Eigen::Vector3d(1, 2, 3);
  problem.A = Eigen::RowVector3d(1, 1, 1);
  problem.b = Eigen::VectorXd::Ones(1);
  problem.G = -Eigen::MatrixXd::Identity(3, 3);
  problem.h = Eigen::VectorXd::Zero(3);
  problem.orthant_size = 3;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_LT((solution.x - Eigen::Vector3d(1, 0, 0)).lpNorm<Eigen::Infinity>(), 1e-8);
  EXPECT_NEAR(solution.y[0], -1, 1e-8);
  EXPECT_LT((solution.z - Eigen::Vector3d(0, 1, 2)).lpNorm<Eigen::Infinity>(), 1e-8);
}

TEST(ConicInteriorPoint, ZeroRowsOfG) {
  // the one-constraint QP with extra rows 0 x <= 1 (never active) and 0 x <= 0 (s = 0 is
  // forced: the slack interior is empty), and a duplicated active row
  ConicProblem problem;
  problem.P = Eigen::MatrixXd::Identity(3, 3);
  problem.c = Eigen::VectorXd::Zero(3);
  problem.G = Eigen::MatrixXd::Zero(4, 3);
  problem.G.row(0) = -Eigen::RowVector3d(1, 2, 2);
  problem.G.row(3) = -Eigen::RowVector3d(1, 2, 2);
  problem.h = Eigen::Vector4d(-1, 1, 0, -1);
  problem.orthant_size = 4;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_LT((solution.x - Eigen::Vector3d(1, 2, 2) / 9).lpNorm<Eigen::Infinity>(), 1e-8);
  EXPECT_NEAR(solution.z[0] + solution.z[3], 1.0 / 9, 1e-8);
}

TEST(ConicInteriorPoint, VariableWithoutConstraintsOrCost) {
  // min 1/2 x1^2 - x1 with x2 in no constraint and no cost: any x2 is optimal
  ConicProblem problem;
  problem.P = Eigen::Matrix2d(Eigen::Vector2d(1, 0).asDiagonal());
  problem.c = Eigen::Vector2d(-1, 0);
  problem.G = Eigen::RowVector2d(1, 0);
  problem.h = Eigen::VectorXd::Constant(1, 2);
  problem.orthant_size = 1;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  EXPECT_NEAR(solution.x[0], 1, 1e-8);
}

TEST(ConicInteriorPoint, UnconstrainedQuadraticProgram) {
  // min 1/2 x^T P x + c^T x: P x = -c
  ConicProblem problem;
  problem.P.resize(2, 2);
  problem.P << 4, 1,
               1, 3;
  problem.c = Eigen::Vector2d(1, 2);
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution);
  const Eigen::Vector2d expected = problem.P.llt().solve(-problem.c);
  EXPECT_LT((solution.x - expected).lpNorm<Eigen::Infinity>(), 1e-9);
}

// ---- the contract of the result -------------------------------------------------------------

TEST(ConicInteriorPoint, InvalidInputIsReportedWithTheField) {
  ConicProblem problem;
  problem.c = Eigen::Vector2d(1, 1);
  problem.G = -Eigen::MatrixXd::Identity(2, 2);
  problem.h = Eigen::Vector2d(0, std::numeric_limits<double>::quiet_NaN());
  problem.orthant_size = 2;
  ConicSolution solution = solve_conic(problem);
  EXPECT_EQ(solution.status, ConicStatus::InvalidInput);
  EXPECT_NE(solution.message.find("h:"), std::string::npos) << solution.message;
  expect_finite(solution);

  problem.h = Eigen::Vector2d::Zero();
  problem.cone_sizes = {0};
  solution = solve_conic(problem);
  EXPECT_EQ(solution.status, ConicStatus::InvalidInput);
  EXPECT_NE(solution.message.find("cone_sizes[0]"), std::string::npos) << solution.message;

  problem.cone_sizes.clear();
  ConicSettings settings;
  settings.max_iterations = 0;
  solution = solve_conic(problem, settings);
  EXPECT_EQ(solution.status, ConicStatus::InvalidInput);
  EXPECT_NE(solution.message.find("max_iterations"), std::string::npos) << solution.message;
}

TEST(ConicInteriorPoint, IterationLimitReturnsTheBestFiniteIterate) {
  TestRandom random(77);
  const ConicProblem problem = random_feasible_problem(random, 30);
  ConicSettings settings;
  settings.max_iterations = 2;
  const ConicSolution solution = solve_conic(problem, settings);
  EXPECT_EQ(solution.status, ConicStatus::IterationLimit) << solution.message;
  EXPECT_EQ(solution.iterations, 2);
  expect_finite(solution);
  // the reported residuals are those of the returned point
  const ConicCertificate certificate = check_conic_solution(problem, solution);
  EXPECT_EQ(solution.dual_residual, std::max(certificate.stationarity, certificate.multiplier_cone));
  EXPECT_EQ(solution.gap, certificate.complementarity);
}

TEST(ConicInteriorPoint, RepeatedSolvesAreBitIdentical) {
  TestRandom random(99);
  const ConicProblem problem = random_feasible_problem(random, 40);
  const ConicSolution first = solve_conic(problem);
  const ConicSolution second = solve_conic(problem);
  ASSERT_EQ(first.status, ConicStatus::Solved);
  EXPECT_EQ(first.iterations, second.iterations);
  EXPECT_EQ(first.x, second.x);
  EXPECT_EQ(first.y, second.y);
  EXPECT_EQ(first.z, second.z);
  EXPECT_EQ(first.s, second.s);
}

// Data spread over 1e+-8 between rows and columns: equilibration keeps the solve accurate.
TEST(ConicInteriorPoint, BadlyScaledDataIsEquilibrated) {
  TestRandom random(3);
  ConicProblem problem = random_feasible_problem(random, 20);
  const int n = static_cast<int>(problem.c.size());
  Eigen::VectorXd column_scale(n);
  for (int j = 0; j < n; ++j) column_scale[j] = j % 3 == 0 ? 1e4 : (j % 3 == 1 ? 1e-4 : 1);
  const Eigen::MatrixXd D = column_scale.asDiagonal();
  problem.P = D * problem.P * D;
  problem.c = D * problem.c;
  problem.A = problem.A * D;
  problem.G = problem.G * D;
  problem.G.topRows(problem.orthant_size) *= 1e4;
  problem.h.head(problem.orthant_size) *= 1e4;
  const ConicSolution solution = solve_conic(problem);
  expect_solved(problem, solution, 1e-8);
  expect_finite(solution);
}

}  // namespace
}  // namespace contactlab
