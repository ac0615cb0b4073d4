// Seed 003's force balance, read off a step of the quasi-static formulation
// (formulation/quasistatic_motion.h) to check it.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/options.h"
#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

// The force balance of one step, Q dq + b - J^T lambda, divided by h so it is a force:
// per free body the wrench eps_q M v / h - (m g, 0) - sum of contact wrenches
// [N, N m] (torques about the centre of mass, world frame), and per articulation
// coordinate (eps_q M_uu v / h - tau_u or K (q^{l+1} - q_cmd)) - J^T f [N or N m].
// Contact forces are the recorded ones (end.contacts); joint-limit impulses are not
// recorded and so are not included. `start` is the data before the step, `end` after.
struct QuasistaticBalance {
  std::vector<Vec6> body;                   // per model body (zero for static bodies and links)
  std::vector<Eigen::VectorXd> articulation;  // per articulation, per velocity coordinate
  double largest = 0;                       // the largest magnitude of any entry
};
QuasistaticBalance quasistatic_balance(const Model& model, const Options& options,
                                       const Data& start, const Data& end);

}  // namespace contactlab
