// The broad phase of the hybrid model's guards: which geom pairs can touch before the
// end of the reported step, so that only those are handed to the narrow phase.
//
// Every point of a free body moves at most s_b = (|v| + w_max r) T + 1/2 |g| T^2 in a
// time T under gravity alone (r its bounding radius, w_max = sqrt(w' I w / I_min) >= |w|,
// which the torque-free motion conserves). Each geom's box at the state is grown by
// its body's allowance 2 s_b + margin (room for the forces of static contacts) and by
// margin / 2; a pair is near when its two boxes overlap (planes are unbounded). The
// sweep is trusted only while every body stays within its allowance: a body's point
// has moved at most |p - p0| + r theta (theta the rotation since), and when that
// exceeds the allowance at an integrator step's end, the broad phase is built again
// from there.
#pragma once

#include <Eigen/Core>

#include "base/options.h"
#include "dynamics/model.h"
#include "formulation/hybrid_bodies.h"

namespace contactlab {

// (y, T, margin) => bodies.near_pairs and the sweep's reference, for the pairs that
// can come within `margin` within T.
void sweep_hybrid_pairs(const Model& model, const Options& options, const Eigen::VectorXd& state, double duration,
                        double margin, HybridBodies& bodies);

// Whether some body at y has left the allowance of the last sweep.
bool hybrid_sweep_exceeded(const HybridBodies& bodies, const Eigen::VectorXd& state);

}  // namespace contactlab
