// The formulation interface: how one island's contact problem is posed and solved
// (seed 002 §4 step 10), the same call for all five formulations of the seeds:
//
//   lcp          seed 002's mixed LCP by Lemke, eqs. (18)-(21)    lcp_formulation.h
//   convex       Anitescu's convex relaxation (seed 004, 003)     convex_formulation.h
//   soft         Todorov's regularised convex problem (seed 004)  soft_formulation.h
//   quasistatic  Pang's quasi-static stepping (seed 003)          quasistatic_formulation.h
//   compliant    spring-dampers and Stribeck friction (seed 004)  compliant_formulation.h
//   hybrid       event detection and reset maps (seed 004)        hybrid_formulation.h
//
// Each reads the rows every formulation shares (contact/contact_rows.h: n~, D~, l~, mu,
// the targets of eq. 19, the Gram blocks), the island's contact state and v_free in
// island.velocity, and returns v^{l+1} in island.velocity with each contact's impulse,
// slip speed and mode and a report. Besides the solve, a formulation decides how the
// step poses the unconstrained motion it starts from (a free body's and an
// articulation's v_free and M^-1), whether seed 002's step-size search applies, and in
// how many passes a step is taken. make_formulation is the one place that names them.
//
// Form: an abstract class, one subclass per formulation. The step holds the one the
// options name (recreated when they name another, as the page switches live) and calls
// it without knowing which it is. The implementations carry scratch of different types
// (Lemke's tableau, the cone-edge LCP, the conic program) and share parts (quasistatic
// solves as lcp or as convex does), which members of a class keep together; the step
// never sees those types. A variant would make every call site visit all five types,
// and a table of functions would need the scratch kept apart from the functions. Calls
// are per island or per body, so the indirection costs nothing measurable.
//
// An event-driven formulation (hybrid) integrates the smooth dynamics between events
// and applies impulses at their instants, which no per-island velocity problem of one
// step can express: it says so by event_driven(options), and the step then hands it the
// bodies' and articulations' state for the whole step (advance_events) instead of
// posing islands.
#pragma once

#include <memory>

#include <Eigen/Core>

#include "base/options.h"
#include "base/status.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/free_rotation.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"
#include "formulation/island_impulses.h"
#include "formulation/island_problem.h"
#include "formulation/island_size.h"
#include "formulation/hybrid_advance.h"
#include "formulation/island_solution.h"
#include "formulation/solver_memory.h"

namespace contactlab {

class ContactFormulation {
 public:
  virtual ~ContactFormulation() = default;

  // The name the options give it ("lcp", "convex", ...; formulation_name).
  virtual const char* name() const = 0;

  // A free body's M^-1 and v_free at its pose and velocity (v, w) at the start of the
  // step, and the velocity it turns by with no contact (FreeRotation::turn_velocity:
  // the step turns it by eq. (10)-(12) on w^{l+1} + turn_velocity - w_free). By default
  // seed 002 eq. (15) for the gravity, v_free = v + h M^-1 k, and the torque-free
  // rotation of free_rotation.h for the gyroscopic term.
  virtual void free_body_motion(const Body& body, const Options& options, const Quat& orientation,
                                const Vec6& velocity, InverseMass& inverse_mass,
                                Vec6& free_velocity, Vec3& turn_velocity) const {
    const FreeRotation rotation =
        free_rotation(body, orientation, velocity.tail<3>(), options.time_step);
    inverse_mass = inverse_mass_at(body, orientation);
    free_velocity = velocity + options.time_step * inverse_mass.apply(external_force(body, options));
    free_velocity.tail<3>() = rotation.angular_velocity;
    turn_velocity = rotation.turn_velocity;
  }

  // An articulation's v_free and M_c^-1 (articulation_motion.h). By default eq. (15)
  // for the tree with its motors and joint friction, no added damping.
  virtual Status articulation_motion(const Articulation& articulation, const Options& options,
                                     const ArticulationState& state,
                                     ArticulationMotionWorkspace& workspace,
                                     ArticulationMotion& motion) const {
    return articulation_free_motion(articulation, options, state, 0.0, workspace, motion);
  }

  // Whether seed 002 step 3's step-size search (options.contact_search) may shorten a
  // step. By default it may.
  virtual bool allows_step_size_search() const { return true; }

  // Whether bodies carry their velocity from one step to the next, so that their
  // kinetic energy means something to the divergence check (step/divergence.h). By
  // default they do.
  virtual bool keeps_momentum() const { return true; }

  // Whether the step folds Newton's impact law v_n+ >= -e v_n- into the normal rows'
  // targets before the solve (contact/restitution.h). By default it does: the rows are
  // hard, and the law is a bound on them. Soft contact poses it in its reference
  // velocity, compliant contact takes e as its spring-damper's damping, and the
  // quasi-static model keeps no momentum to restitute (docs/restitution.md).
  virtual bool folds_restitution_into_targets() const { return true; }

  // Whether an island of this shape is posed from the rows' sparse parts alone
  // (contact_rows.h's ContactGram::SelfBlocksOnly), its size then capped by
  // kMaxSparseIslandUnknowns instead of kMaxIslandUnknowns (island_size.h). By default
  // never.
  virtual bool solves_sparse(const Options&, const IslandShape&) const { return false; }
  // The memory guard of an island posed sparsely: its contacts' unknowns
  // (island_contact_unknowns) past this are held still (island_size.h).
  virtual int sparse_island_cap() const { return kMaxSparseIslandUnknowns; }

  // Whether the formulation advances the bodies over the whole step itself, event
  // by event (advance_events), instead of the pipeline's islands. By default not.
  virtual bool event_driven(const Options&) const { return false; }

  // (state at time: the bodies' and the articulations', a wrench held on one body) =>
  // the state at time + h, the step's events and the active contacts; only called
  // when event_driven(options).
  virtual HybridStepResult advance_events(const Model&, const Options&, double time, std::vector<Vec3>&,
                                          std::vector<Quat>&, std::vector<Vec3>&, std::vector<Vec3>&,
                                          std::vector<ArticulationState>&, const BodyWrench&) {
    HybridStepResult unsupported;
    unsupported.outcome = HybridOutcome::Unsupported;
    unsupported.reached = time;
    return unsupported;
  }

  // The problem the last solve_island posed over `rows` (island_problem.h: seed 002's
  // LCP, the QP over the cone's rays, the elliptic cone program) with its answer, its
  // kind, matrix, offset, z, w, labels and method; when a fallback answered, `fallback`
  // set for the step to name it and write its answer (posed_problem_copy.h's
  // express_fallback_answer). False, and `problem` untouched, when no problem was posed
  // (lcp's rows held a non-finite number). One whose dense matrix would pass the
  // `entries_left` the step may still keep (island_problem.h's too_large_to_keep) keeps
  // its size alone, told before anything of its size is formed. By default there is none
  // (compliant, hybrid).
  virtual bool copy_last_problem(const Options&, const IslandRows&, long long /*entries_left*/,
                                 IslandProblem&) const {
    return false;
  }

  // Passes of the step pipeline per time step, each of h / count. By default 1.
  virtual int substep_count(const Model&, const Options&) const { return 1; }

  // (rows, contact state, v_free in island.velocity, memory) => v^{l+1} in
  // island.velocity, per contact the impulse, slip speed and mode, the report, and the
  // memory for the next step. `solution.report` is reset by the caller; the rows hold
  // at least one contact, limit or joint friction row.
  virtual void solve_island(const Options& options, const IslandRows& rows,
                            const IslandContactState& contacts, SolverMemory& memory,
                            IslandDynamics& island, IslandSolution& solution) = 0;
};

// The formulation options.formulation names, with empty scratch.
std::unique_ptr<ContactFormulation> make_formulation(const Options& options);

}  // namespace contactlab
