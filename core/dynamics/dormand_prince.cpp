#include "dynamics/dormand_prince.h"

#include <algorithm>
#include <cmath>

namespace contactlab {
namespace {

// The Butcher tableau (c, a, b) of Dormand & Prince's 5(4) pair; b is a's last row.
constexpr double kDormandPrinceStageTime[7] = {0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1};
constexpr double kDormandPrinceStageWeights[7][6] = {
    {0, 0, 0, 0, 0, 0},
    {1.0 / 5, 0, 0, 0, 0, 0},
    {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
    {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656, 0},
    {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84},
};
// b - b*: the fifth- minus the fourth-order weights.
constexpr double kDormandPrinceErrorWeights[7] = {71.0 / 57600,     0, -71.0 / 16695, 71.0 / 1920,
                                     -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
// The dense output's r5 = h sum_i d_i k_i.
constexpr double kDormandPrinceDenseWeights[7] = {-12715105075.0 / 11282082432, 0, 87487479700.0 / 32700410799,
                                     -10690763975.0 / 1880347072, 701980252875.0 / 199316789632,
                                     -1453857185.0 / 822651844, 69997945.0 / 29380423};

double dormand_prince_error_norm(const Eigen::VectorXd& error, const Eigen::VectorXd& y0, const Eigen::VectorXd& y1,
                         const OdeTolerances& tolerances) {
  double sum = 0;
  for (Eigen::Index i = 0; i < error.size(); ++i) {
    const double scale = tolerances.absolute + tolerances.relative * std::max(std::abs(y0[i]), std::abs(y1[i]));
    const double ratio = error[i] / scale;
    sum += ratio * ratio;
  }
  return error.size() == 0 ? 0.0 : std::sqrt(sum / static_cast<double>(error.size()));
}

// The step-size factor 0.9 err^(-1/5) within [0.2, 5], by Newton's iteration on
// r^5 = err from r = 1 (monotone after its first step), with + * / only: the C
// library's pow may round differently natively and in WebAssembly.
double dormand_prince_size_factor(double norm) {
  if (norm <= 1.8e-4) return 5.0;   // 0.9 err^(-1/5) >= 5
  if (norm >= 1.9e3) return 0.2;    // <= 0.2
  double root = 1;
  for (int i = 0; i < 60; ++i) {
    const double square = root * root;
    root = (4 * root + norm / (square * square)) / 5;
  }
  return std::clamp(0.9 / root, 0.2, 5.0);
}

}  // namespace

void DormandPrinceStep::interpolate(double time, Eigen::VectorXd& state) const {
  const double theta = size > 0 ? (time - start_time) / size : 1.0;
  const double rest = 1 - theta;
  state = dense[0] + theta * (dense[1] + rest * (dense[2] + theta * (dense[3] + rest * dense[4])));
}

bool dormand_prince_step(const OdeRightHandSide& f, double time, const Eigen::VectorXd& state,
                         const Eigen::VectorXd& derivative, double max_size, double min_size,
                         const OdeTolerances& tolerances, double& trial_size, DormandPrinceStep& step) {
  const Eigen::Index n = state.size();
  Eigen::VectorXd stages[7];
  stages[0] = derivative;
  for (int i = 1; i < 7; ++i) stages[i].resize(n);
  Eigen::VectorXd stage_state(n);
  double h = std::min(trial_size, max_size);
  while (h >= min_size) {
    // (t0, y0, h) => k_2 .. k_7; k_7 = f(t0 + h, y1).
    for (int i = 1; i < 7; ++i) {
      stage_state = state;
      for (int j = 0; j < i; ++j) {
        if (kDormandPrinceStageWeights[i][j] != 0) stage_state += h * kDormandPrinceStageWeights[i][j] * stages[j];
      }
      f(time + kDormandPrinceStageTime[i] * h, stage_state, stages[i]);
    }
    // y1 = the last stage's state (b is a's last row); err from b - b*.
    Eigen::VectorXd error = Eigen::VectorXd::Zero(n);
    for (int i = 0; i < 7; ++i) {
      if (kDormandPrinceErrorWeights[i] != 0) error += h * kDormandPrinceErrorWeights[i] * stages[i];
    }
    const double norm = dormand_prince_error_norm(error, state, stage_state, tolerances);
    if (!std::isfinite(norm) || !stage_state.allFinite()) {
      h *= 0.2;
      continue;
    }
    const double factor = dormand_prince_size_factor(norm);
    if (norm > 1) {
      h *= std::min(factor, 0.9);
      continue;
    }
    step.start_time = time;
    step.size = h;
    step.start_state = state;
    step.end_state = stage_state;
    step.end_derivative = stages[6];
    // The interpolant's coefficients r1 .. r5.
    const Eigen::VectorXd difference = stage_state - state;
    step.dense[0] = state;
    step.dense[1] = difference;
    step.dense[2] = h * stages[0] - difference;
    step.dense[3] = difference - h * stages[6] - step.dense[2];
    step.dense[4] = Eigen::VectorXd::Zero(n);
    for (int i = 0; i < 7; ++i) {
      if (kDormandPrinceDenseWeights[i] != 0) step.dense[4] += h * kDormandPrinceDenseWeights[i] * stages[i];
    }
    trial_size = h * factor;
    return true;
  }
  return false;
}

}  // namespace contactlab
