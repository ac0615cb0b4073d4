// The coordinates the step moves articulations in (options.coordinates): reduced, the
// tree's joint coordinates (seed 002 eqs. (12)-(17)), or maximal, every link a body of
// its own with the joints as rows (dynamics/articulation/maximal_motion.h). The step
// (step.cpp) asks these for what differs between the two and never which one runs;
// the formulation's articulation_motion poses v_free and M^-1 in them.
#pragma once

#include <Eigen/Core>

#include "base/options.h"
#include "contact/island_dynamics.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/model.h"
#include "step/data.h"
#include "step/step_workspace.h"

namespace contactlab {

class ArticulationCoordinates {
 public:
  virtual ~ArticulationCoordinates() = default;

  // At a pass's start: the state these coordinates step from.
  virtual void start(const Articulation& articulation, ArticulationState& state) const = 0;

  // How many velocities the articulation has in these coordinates.
  virtual int velocity_size(const Articulation& articulation) const = 0;

  // (its index, state and M^-1 in these coordinates) => the articulation as a member of
  // the island.
  virtual void add_to_island(int index, const Articulation& articulation, const ArticulationState& state,
                             const Eigen::MatrixXd& inverse_mass, IslandDynamics& island) const = 0;

  // Where the island's v^{l+1} of the articulation is stored.
  virtual Eigen::VectorXd& velocities(ArticulationState& state) const = 0;

  // Seed 002 eq. (12) for articulation `index`, v^{l+1} known: its motors' efforts,
  // q^{l+1} and its link bodies.
  virtual void integrate(const Model& model, const Options& options, int index, Data& data,
                         StepWorkspace& ws) const = 0;
};

// The coordinates options.coordinates names.
const ArticulationCoordinates& articulation_coordinates(const Options& options);

}  // namespace contactlab
