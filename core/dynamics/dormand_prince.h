// Dormand and Prince's embedded Runge-Kutta pair 5(4) with its dense output
// (Dormand & Prince 1980; the continuous extension of Hairer, Norsett & Wanner,
// "Solving Ordinary Differential Equations I", II.6, as in their DOPRI5): the smooth
// dynamics between the events of seed 004's hybrid model ("Putting it all together").
//
// One step from (t0, y0) with h takes the seven stages k_i = f(t0 + c_i h, y0 + h
// sum_j a_ij k_j); y1 = y0 + h sum_i b_i k_i is fifth order, and the error estimate
// h sum_i (b_i - b*_i) k_i is the difference to the embedded fourth-order solution. The
// step is accepted when
//   err = sqrt(mean_i (e_i / (atol + rtol max(|y0_i|, |y1_i|)))^2) <= 1,
// and the next h is h 0.9 err^(-1/5), kept within [h/5, 5h] (a rejected step shrinks by
// at least 0.9). Between t0 and t0 + h the
// dense output is the fourth-order polynomial
//   y(t0 + theta h) = r1 + theta (r2 + (1 - theta) (r3 + theta (r4 + (1 - theta) r5))),
// exact for solutions that are polynomials of degree <= 4 in t (a body in free flight).
#pragma once

#include <functional>

#include <Eigen/Core>

namespace contactlab {

// y' = f(t, y), written into dy (sized by the caller to y's size).
using OdeRightHandSide = std::function<void(double t, const Eigen::VectorXd& y, Eigen::VectorXd& dy)>;

struct OdeTolerances {
  double relative = 1e-10;  // rtol, dimensionless
  double absolute = 1e-12;  // atol, in y's units
};

// One accepted step and what its dense output needs.
struct DormandPrinceStep {
  double start_time = 0;
  double size = 0;  // h [s]
  Eigen::VectorXd start_state;
  Eigen::VectorXd end_state;
  Eigen::VectorXd end_derivative;  // f(t0 + h, y1): the next step's first stage (FSAL)
  Eigen::VectorXd dense[5];        // r1 .. r5 of the interpolant

  double end_time() const { return start_time + size; }
  // y(t) for t in [start_time, end_time()].
  void interpolate(double time, Eigen::VectorXd& state) const;
};

// Takes one step from (time, state) no longer than max_size, shrinking the trial size
// until the error test passes; `trial_size` is updated to the next step's proposal.
// `derivative` is f(time, state) on entry. Returns false when the step size fell below
// min_size or the state turned non-finite (the step is then not taken).
bool dormand_prince_step(const OdeRightHandSide& f, double time, const Eigen::VectorXd& state,
                         const Eigen::VectorXd& derivative, double max_size, double min_size,
                         const OdeTolerances& tolerances, double& trial_size, DormandPrinceStep& step);

}  // namespace contactlab
