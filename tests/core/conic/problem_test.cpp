#include "conic/problem.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace contactlab {
namespace {

// min 1/2 ||x||^2 + x1 + x2 s.t. x1 + x2 = 1, x >= 0 and ||x|| <= 2 (the cone row block
// s = h - G x = (2, x1, x2)): every field set and valid.
ConicProblem valid_problem() {
  ConicProblem problem;
  problem.P = Eigen::MatrixXd::Identity(2, 2);
  problem.c = Eigen::Vector2d(1, 1);
  problem.A = Eigen::RowVector2d(1, 1);
  problem.b = Eigen::VectorXd::Ones(1);
  problem.G.resize(5, 2);
  problem.G << -1, 0,
               0, -1,
               0, 0,
               -1, 0,
               0, -1;
  problem.h = Eigen::VectorXd::Zero(5);
  problem.h[2] = 2;
  problem.orthant_size = 2;
  problem.cone_sizes = {3};
  return problem;
}

bool message_names(const Status& status, const std::string& field) {
  return !status.ok() && status.message().rfind(field, 0) == 0;
}

TEST(ConicProblem, ValidProblemPasses) {
  EXPECT_TRUE(validate_conic_problem(valid_problem()).ok());
}

TEST(ConicProblem, EmptyMatricesAreAcceptedWhereTheyMeanZero) {
  ConicProblem problem;
  problem.c = Eigen::Vector2d(1, -1);
  EXPECT_TRUE(validate_conic_problem(problem).ok());  // no P, no rows at all
  problem.A = Eigen::MatrixXd::Zero(0, 2);           // 0 x n is fine too
  EXPECT_TRUE(validate_conic_problem(problem).ok());
}

TEST(ConicProblem, EachBadFieldIsNamed) {
  ConicProblem problem = valid_problem();
  problem.c.resize(0);
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "c:"));

  problem = valid_problem();
  problem.P = Eigen::MatrixXd::Identity(3, 3);
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "P:"));

  problem = valid_problem();
  problem.P(0, 1) = 0.5;  // P(1, 0) stays 0
  const Status asymmetric = validate_conic_problem(problem);
  EXPECT_TRUE(message_names(asymmetric, "P:"));
  EXPECT_NE(asymmetric.message().find("symmetric"), std::string::npos);

  problem = valid_problem();
  problem.b = Eigen::Vector2d(1, 1);  // A has one row
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "A:"));

  problem = valid_problem();
  problem.G = Eigen::MatrixXd::Zero(5, 3);
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "G:"));

  problem = valid_problem();
  problem.h[4] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "h:"));

  problem = valid_problem();
  problem.A(0, 1) = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "A:"));

  problem = valid_problem();
  problem.orthant_size = -1;
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "orthant_size:"));

  problem = valid_problem();
  problem.cone_sizes = {3, 0};
  problem.orthant_size = 2;
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "cone_sizes[1]:"));

  problem = valid_problem();
  problem.cone_sizes = {2};  // 2 + 2 rows, G has 5
  EXPECT_TRUE(message_names(validate_conic_problem(problem), "orthant_size + sum of cone_sizes:"));
}

TEST(ConicProblem, SettingsOutOfRangeAreNamed) {
  EXPECT_TRUE(validate_conic_settings(ConicSettings{}).ok());
  ConicSettings settings;
  settings.tolerance = 0;
  EXPECT_TRUE(message_names(validate_conic_settings(settings), "tolerance:"));
  settings = ConicSettings{};
  settings.infeasibility_tolerance = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(message_names(validate_conic_settings(settings), "infeasibility_tolerance:"));
  settings = ConicSettings{};
  settings.max_iterations = 0;
  EXPECT_TRUE(message_names(validate_conic_settings(settings), "max_iterations:"));
  settings = ConicSettings{};
  settings.step_fraction = 1;
  EXPECT_TRUE(message_names(validate_conic_settings(settings), "step_fraction:"));
  settings = ConicSettings{};
  settings.static_regularization = -1e-9;
  EXPECT_TRUE(message_names(validate_conic_settings(settings), "static_regularization:"));
  settings = ConicSettings{};
  settings.refinement_steps = 101;
  EXPECT_TRUE(message_names(validate_conic_settings(settings), "refinement_steps:"));
}

TEST(ConicProblem, StatusNamesAreDistinct) {
  const ConicStatus statuses[] = {ConicStatus::Solved,           ConicStatus::PrimalInfeasible,
                                  ConicStatus::DualInfeasible,   ConicStatus::IterationLimit,
                                  ConicStatus::NumericalFailure, ConicStatus::InvalidInput};
  for (ConicStatus a : statuses) {
    for (ConicStatus b : statuses) {
      if (a != b) {
        EXPECT_NE(std::string(conic_status_name(a)), std::string(conic_status_name(b)));
      }
    }
  }
  EXPECT_EQ(std::string(conic_status_name(ConicStatus::Solved)), "solved");
}

}  // namespace
}  // namespace contactlab
