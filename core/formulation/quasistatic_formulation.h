// Pang's quasi-static time stepping (seed 003) as a formulation: every body poses
// the quasi-static objective of quasistatic_motion.h in place of eq. (15)'s v_free and
// M^-1, and the island is solved as a convex QP (options.quasistatic_problem 0 "qp",
// Anitescu's friction constraints, as the convex formulation does) or as seed 002's
// LCP (1 "lcp", Stewart-Trinkle friction, as the lcp formulation does), for the
// comparison seed 003 makes. Each shares its warm starts with the formulation it
// solves as. With options.quasistatic_model 1 "pure" the objects keep no inertia at
// all and each island is solved as seed 003's force balance (quasistatic_pure.h),
// which reports an island no contact forces balance as infeasible.
#pragma once

#include "formulation/convex_formulation.h"
#include "formulation/formulation.h"
#include "formulation/island_size.h"
#include "formulation/lcp_formulation.h"
#include "formulation/quasistatic_motion.h"
#include "formulation/quasistatic_pure.h"

namespace contactlab {

class QuasistaticFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "quasistatic"; }
  // Each step starts at rest: a velocity is the step's displacement over h.
  bool keeps_momentum() const override { return false; }
  // Force balance has no impacts: a body that meets another has no momentum to give
  // back, so restitution does not apply.
  bool folds_restitution_into_targets() const override { return false; }

  // The body starts every step at rest: its velocity plays no part, and it turns by
  // the solved velocity alone.
  void free_body_motion(const Body& body, const Options& options, const Quat& orientation,
                        const Vec6&, InverseMass& inverse_mass, Vec6& free_velocity,
                        Vec3& turn_velocity) const override {
    quasistatic_free_body(body, options, orientation, inverse_mass, free_velocity);
    turn_velocity = free_velocity.tail<3>();
  }

  Status articulation_motion(const Articulation& articulation, const Options& options,
                             const ArticulationState& state, ArticulationMotionWorkspace& workspace,
                             ArticulationMotion& motion) const override {
    if (options.quasistatic_model == 1) CONTACTLAB_RETURN_IF_ERROR(pure_balance_supported(articulation));
    return quasistatic_articulation_motion(articulation, options, state, workspace, motion);
  }

  // Its "qp" problem poses an island of free bodies without torsion rows sparsely past
  // kQuasistaticNewtonUnknowns (island_size.h), solved by convex's method of
  // multipliers (convex_newton.h) with M_q and v_q in place of M and v_free.
  bool solves_sparse(const Options& options, const IslandShape& shape) const override {
    return options.quasistatic_problem == 0 && options.quasistatic_model == 0 && shape.only_free_bodies &&
           !shape.torsional_friction &&
           island_contact_unknowns(shape.contacts, options.friction_edges) > kQuasistaticNewtonUnknowns;
  }

  void solve_island(const Options& options, const IslandRows& rows,
                    const IslandContactState& contacts, SolverMemory& memory,
                    IslandDynamics& island, IslandSolution& solution) override {
    if (options.quasistatic_model == 1) {
      solve_pure_quasistatic(rows, island, pure_, solution);
      return;
    }
    if (options.quasistatic_problem == 1) {
      lcp_.solve_island(options, rows, contacts, memory, island, solution);
      return;
    }
    convex_.solve_island(options, rows, contacts, memory, island, solution);
  }

  // The problem of the formulation it solved as, or the pure model's force balance.
  bool copy_last_problem(const Options& options, const IslandRows& rows, long long entries_left,
                         IslandProblem& problem) const override {
    if (options.quasistatic_model == 1) return copy_pure_problem(rows, pure_, entries_left, problem);
    if (options.quasistatic_problem == 1) return lcp_.copy_last_problem(options, rows, entries_left, problem);
    return convex_.copy_last_problem(options, rows, entries_left, problem);
  }

 private:
  LcpFormulation lcp_;
  ConvexFormulation convex_;
  QuasistaticPureWorkspace pure_;
};

}  // namespace contactlab
