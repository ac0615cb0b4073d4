// Todorov's regularised convex formulation (seed 004) as a formulation: the soft
// contact problem of soft_island.h, pyramidal or elliptic (options.soft_cone), with the
// pyramid warm-started from earlier steps (SolverMemory::soft_warm_starts). Free bodies
// and articulations take the implicit damping b = options.soft_damping (seed 004,
// "implicit damping inertia") in their v_free and in the M^-1 the contacts act through.
#pragma once

#include "formulation/formulation.h"
#include "formulation/posed_problem_copy.h"
#include "formulation/soft_island.h"

namespace contactlab {

class SoftFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "soft"; }
  // Newton's law goes into the reference velocity v* (soft_island.h).
  bool folds_restitution_into_targets() const override { return false; }

  void free_body_motion(const Body& body, const Options& options, const Quat& orientation,
                        const Vec6& velocity, InverseMass& inverse_mass, Vec6& free_velocity,
                        Vec3& turn_velocity) const override {
    // The torque-free rotation first, then gravity and the damping on its velocity.
    const FreeRotation rotation =
        free_rotation(body, orientation, velocity.tail<3>(), options.time_step);
    Vec6 turned = velocity;
    turned.tail<3>() = rotation.angular_velocity;
    soft_damped_free_body(body, options, orientation, turned, external_force(body, options),
                          inverse_mass, free_velocity);
    turn_velocity = rotation.turn_velocity;
  }

  Status articulation_motion(const Articulation& articulation, const Options& options,
                             const ArticulationState& state, ArticulationMotionWorkspace& workspace,
                             ArticulationMotion& motion) const override {
    return articulation_free_motion(articulation, options, state, options.soft_damping,
                                    workspace, motion);
  }

  // An island of free bodies without torsional friction by Newton's method over a
  // sparse Hessian at every size, with the pyramid (soft_newton.h) and with the elliptic
  // cone (soft_newton_elliptic.h).
  bool solves_sparse(const Options&, const IslandShape& shape) const override {
    return shape.only_free_bodies && !shape.torsional_friction;
  }

  // (rows, phi, J v^l, v_free) => p, v^{l+1}; the modes from v^{l+1}.
  void solve_island(const Options& options, const IslandRows& rows,
                    const IslandContactState& contacts, SolverMemory& memory,
                    IslandDynamics& island, IslandSolution& solution) override {
    solve_soft_island(rows, contacts, options, memory.soft_warm_starts, workspace_, island,
                      solution.impulses, solution.report);
    classify_by_velocity(rows, island.velocity, solution);
  }

  // The elliptic cone's program (with the pyramid's answer when the pyramid answered
  // for it), or the pyramid's QP, posed densely or sparsely (soft_island.h).
  bool copy_last_problem(const Options& options, const IslandRows& rows, long long entries_left,
                         IslandProblem& problem) const override {
    if (options.soft_cone == 1) return copy_elliptic_problem(rows, workspace_, entries_left, problem);
    if (!rows.dense_gram) {
      return copy_soft_newton_problem(rows, workspace_.lcp, workspace_.newton, entries_left, problem);
    }
    return copy_edge_problem(rows, workspace_.lcp, workspace_.solver, entries_left, problem);
  }

 private:
  SoftIslandWorkspace workspace_;
};

}  // namespace contactlab
