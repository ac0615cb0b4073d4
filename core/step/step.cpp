// One time step, following seed 002 §4 as a pipeline:
//
//   contacts   (q, v)                  => contact points            step 4
//              (a compliant substep: carried from the step's start, carried_contacts.h)
//   islands    (contacts)              => groups of bodies          step 9
//   trees      (q, v, set points)      => v_free, M_c^-1 per articulation  eqs. (14)-(17)
//   per island:
//     forces   (q, v)                  => k, M^-1, v_free           steps 6-8, eq. (15)
//              (q, v, drag)            => the drag's pull in v_free  drag_spring.h
//     rows     (contacts, limits, q, v) => n~, l~, D~, mu~, eps      eqs. (4), (9), (13), (19)
//              (J v^l, e)               => Newton's impact law in eps  seed 004
//              (joint friction)         => bounded joint rows, |tau| <= c h   eq. (14)
//     solve    (rows, v_free)          => impulses, v^{l+1}         eqs. (18)-(21), Lemke
//     record   (impulses, modes)       => contact forces and modes
//   integrate  (q, v^{l+1})            => q^{l+1}                   eq. (12)
//              (H, v^{l+1})            => loop closures' rates      baumgarte.h
//              (floating trees)        => momentum and energy kept  floating_momentum.h
//
// The formulation (formulation/formulation.h) poses and solves each island's problem,
// and poses the forces stage's v_free and M^-1; the step never asks which one runs.
//
// GraspIt! moves the bodies first (step 2) and then solves for the velocity; here
// the same sequence starts one stage later: contacts are found at q^l, v^{l+1} is
// solved, and q^{l+1} = q^l + h G v^{l+1} (the semi-implicit form of seed 004).
#include "step/step.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <utility>
#include <vector>

#include "contact/anisotropic_friction.h"
#include "contact/carried_contacts.h"
#include "contact/friction_coefficient.h"
#include "contact/joint_rows.h"
#include "contact/restitution.h"
#include "contact/torsional_friction.h"
#include "dynamics/drag_spring.h"
#include "dynamics/integrate.h"
#include "formulation/island_size.h"
#include "formulation/posed_problem_copy.h"
#include "formulation/problem_certificate.h"
#include "step/articulation_coordinates.h"
#include "step/divergence.h"
#include "step/event_driven_step.h"
#include "step/prescribed_efforts.h"
#include "step/robot_commands.h"
#include "step/step_size_search.h"
#include "step/tunnelling.h"

namespace contactlab {
namespace {

// The formulation options.formulation names, made again when it changes between
// steps (the page switches it live).
ContactFormulation& formulation_for(const Options& options, StepWorkspace& ws) {
  if (!ws.formulation || ws.formulation_made_for != options.formulation) {
    ws.formulation = make_formulation(options);
    ws.formulation_made_for = options.formulation;
  }
  return *ws.formulation;
}

// The first failure's kind becomes the step's status; every fallback is kept, in order.
void note_fallbacks(SolverStatus status, const std::vector<SolverFallback>& fallbacks,
                    SolverStats& stats) {
  if (stats.status == SolverStatus::Solved || stats.status == SolverStatus::NoContacts) {
    stats.status = status;
  }
  stats.fallbacks.insert(stats.fallbacks.end(), fallbacks.begin(), fallbacks.end());
}

// The island's problem, when the formulation posed one, into the statistics with its
// certificate; one a fallback answered with that answer and the fallback's name. A
// problem whose matrix would take the step's kept entries past kMaxKeptProblemEntries
// keeps only its size, which the formulation decides before forming it.
void keep_island_problem(const ContactFormulation& formulation, const Options& options, int island,
                         const IslandRows& rows, const IslandSolution& solution, SolverStats& stats) {
  long long kept = 0;
  for (const IslandProblem& problem : stats.island_problems) kept += problem.matrix.size();
  IslandProblem problem;
  if (!formulation.copy_last_problem(options, rows, kMaxKeptProblemEntries - kept, problem)) return;
  if (!problem.fallback.empty()) {
    const std::vector<SolverFallback>& fallbacks = solution.report.fallbacks;
    if (!fallbacks.empty()) problem.fallback = fallback_name(fallbacks.front().reason);
    express_fallback_answer(rows, solution.impulses, problem);
  }
  problem.formulation = formulation.name();
  problem.island = island;
  problem.contact_count = rows.contact_count;
  problem.iterations = solution.report.pivots + solution.report.iterations;
  problem.contacts = rows.contacts;
  problem.certificate = certify_island_problem(problem);
  stats.island_problems.push_back(std::move(problem));
}

// An island's report into the step's statistics, which sum over islands.
void add_island_report(const IslandSolveReport& report, SolverStats& stats) {
  stats.lcp_size += report.problem_size;
  stats.pivots += report.pivots;
  stats.iterations += report.iterations;
  if (report.warm_start_used) ++stats.warm_starts;
  note_fallbacks(report.status, report.fallbacks, stats);
}

// What decides between the island's dense and sparse problem (island_size.h).
IslandShape island_shape(const Model& model, const Options& options, const StepWorkspace& ws) {
  IslandShape shape;
  shape.contacts = static_cast<long long>(ws.island_contacts.size());
  for (const IslandMember& member : ws.island.members()) {
    shape.only_free_bodies = shape.only_free_bodies && member.body >= 0;
  }
  for (int i : ws.island_contacts) {
    const DetectedContact& contact = ws.contacts[i];
    if (contact_torsional_friction(model, options, contact.geom_a, contact.geom_b) > 0) {
      shape.torsional_friction = true;
      break;
    }
  }
  return shape;
}

// An island whose contacts make more unknowns than its cap (kMaxIslandUnknowns, or
// the formulation's sparse_island_cap() for a sparse problem) keeps its bodies still
// this step, reported as a fallback; true when it did.
bool hold_oversized_island(const Options& options, int cap, StepWorkspace& ws, SolverStats& stats) {
  const long long unknowns =
      island_contact_unknowns(static_cast<long long>(ws.island_contacts.size()), options.friction_edges);
  if (unknowns <= cap) return false;
  SolverFallback too_large{FallbackReason::IslandTooLarge};
  too_large.size_cap = cap;
  too_large.problem_size = static_cast<int>(std::min<long long>(unknowns, INT_MAX));
  note_fallbacks(SolverStatus::TooLarge, {too_large}, stats);
  ws.island.velocity.setZero();
  return true;
}

// The state of the island's contacts at the start of the step, contact by contact:
// the geoms that touch, their feature and point, phi, the relative velocity at v^l in
// the contact frame and, with torsional friction, the spin about n, and mu_s, mu_d
// (contact/friction_coefficient.h).
void gather_contact_state(const Model& model, const Options& options, const IslandRows& rows,
                          StepWorkspace& ws) {
  IslandContactState& state = ws.contact_state;
  const int k = rows.contact_count;
  state.geoms.resize(k);
  state.feature.resize(k);
  state.position.resize(k);
  state.distance.resize(k);
  state.start_velocity.resize(k);
  state.start_torsion_velocity.assign(k, 0.0);
  state.static_friction.resize(k);
  state.kinetic_friction.resize(k);
  for (int c = 0; c < k; ++c) {
    const DetectedContact& contact = ws.contacts[rows.contacts[c]];
    state.geoms[c] = {contact.geom_a, contact.geom_b};
    state.feature[c] = contact.point.feature;
    state.position[c] = contact.point.position;
    state.distance[c] = contact.point.distance;
    state.start_velocity[c] = rows.frame_velocity(c, ws.island.velocity);
    // An anisotropic contact's rows are the scaled cone's, whose mu is the larger one.
    const FrictionPair friction =
        largest_friction(contact_friction(model, options, contact.geom_a, contact.geom_b));
    state.static_friction[c] = friction.static_coefficient;
    state.kinetic_friction[c] = friction.kinetic_coefficient;
  }
  for (int t = 0; t < rows.torsion_count; ++t) {
    state.start_torsion_velocity[rows.torsion[t].contact] =
        rows.torsion_velocity(t, ws.island.velocity);
  }
}

// (impulses, slip speeds, modes) => forces and modes of the island's contacts.
void record_island_contacts(const IslandRows& rows, const IslandSolution& solution,
                            double time_step, std::vector<ContactRecord>& records) {
  for (int c = 0; c < rows.contact_count; ++c) {
    ContactRecord& record = records[rows.contacts[c]];
    const Vec3& impulse = solution.impulses.contact[c];
    record.normal_force = impulse.x() / time_step;
    record.friction_force =
        (rows.frame[c].col(1) * impulse.y() + rows.frame[c].col(2) * impulse.z()) / time_step;
    record.friction_coefficient = rows.friction_coefficient[c];
    record.slip_speed = solution.slip_speed[c];
    record.mode = solution.mode[c];
  }
}

// (impulses) => the island's joint limits and their forces c_l / h.
void record_island_limits(const IslandRows& rows, const IslandSolution& solution, double time_step,
                          std::vector<JointLimitRecord>& records) {
  for (int l = 0; l < rows.limit_count; ++l) {
    const LimitRow& limit = rows.limits[l];
    records.push_back({limit.articulation, limit.link, limit.sign, solution.impulses.limit[l] / time_step});
  }
}

// The island's joint friction impulses => torques tau / h, sticking inside c h.
void record_island_joint_frictions(const IslandRows& rows, const IslandSolution& solution, double time_step,
                                   std::vector<JointFrictionRecord>& records) {
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    const JointFrictionRow& friction = rows.joint_friction[f];
    const double impulse = solution.impulses.joint_friction[f];
    records.push_back({friction.articulation, friction.link, std::abs(impulse) < friction.bound * (1 - 1e-9),
                       impulse / time_step});
  }
}

// v^{l+1} => each contact's relative velocity (plots of contact velocity).
void record_contact_velocities(const IslandRows& rows, const Eigen::VectorXd& velocity,
                               std::vector<ContactRecord>& records) {
  for (int c = 0; c < rows.contact_count; ++c) {
    ContactRecord& record = records[rows.contacts[c]];
    const Vec3 frame_velocity = rows.frame_velocity(c, velocity);
    record.normal_velocity = frame_velocity.x();
    // (An anisotropic contact's tangents are scaled by s: the unit tangent t = t' / s and
    // its rate t . v = (t' . v) / s.)
    const Eigen::Vector2d& scale = rows.friction_scale[c];
    record.tangential_velocity =
        rows.frame[c].col(1) * (frame_velocity.y() / (scale.x() * scale.x())) +
        rows.frame[c].col(2) * (frame_velocity.z() / (scale.y() * scale.y()));
  }
}

// Seed 002 §4 step 6-8 for every articulation: v_free and M_c^-1 as the formulation
// poses them (articulation_motion.h). An articulation whose matrices fail is held still
// this step, and the reason reported.
void prepare_articulations(const Model& model, const Options& options,
                           const ContactFormulation& formulation, Data& data, StepWorkspace& ws) {
  const int count = static_cast<int>(model.articulations.size());
  ws.articulation_workspace.resize(count);
  ws.articulation_motion.resize(count);
  ws.articulation_ready.assign(count, 0);
  for (int a = 0; a < count; ++a) {
    const Status status =
        formulation.articulation_motion(model.articulations[a], options, data.articulations[a],
                                        ws.articulation_workspace[a], ws.articulation_motion[a]);
    if (status.ok()) {
      ws.articulation_ready[a] = 1;
      continue;
    }
    SolverFallback held_still{FallbackReason::ArticulationHeldStill};
    held_still.detail = status.message();
    note_fallbacks(SolverStatus::NumericalFailure, {held_still}, data.solver);
    ArticulationMotion& motion = ws.articulation_motion[a];
    const Articulation& articulation = model.articulations[a];
    ws.articulation_workspace[a].prescribed_mobility.resize(0, 0);
    ws.articulation_workspace[a].prescribed_impulse.setZero(articulation.prescribed.size());
    const int n = articulation_coordinates(options).velocity_size(articulation);
    motion.free_velocity.setZero(n);
    motion.inverse_mass.setZero(n, n);
  }
}

// The island's members: free bodies with (v, w), and M^-1 and v_free at the current
// pose as the formulation poses them; articulations with v and M_c^-1.
void gather_island(const Model& model, const Options& options,
                   const ContactFormulation& formulation, const Data& data, int island,
                   StepWorkspace& ws) {
  ws.island.clear(static_cast<int>(model.bodies.size()));
  ws.member_free_velocity.clear();
  ws.articulation_added.assign(model.articulations.size(), 0);
  const int first = ws.islands.body_start[island];
  const int last = ws.islands.body_start[island + 1];
  for (int i = first; i < last; ++i) {
    const int b = ws.islands.bodies[i];
    const Body& body = model.bodies[b];
    if (body.articulation < 0) {
      Vec6 velocity;
      velocity << data.linear_velocity[b], data.angular_velocity[b];
      InverseMass inverse_mass;
      Vec6 free_velocity;
      Vec3 turn_velocity;
      formulation.free_body_motion(body, options, data.orientation[b], velocity, inverse_mass,
                                   free_velocity, turn_velocity);
      ws.turn_correction[b] = turn_velocity - free_velocity.tail<3>();
      ws.island.add_free_body(b, inverse_mass, velocity);
      ws.member_free_velocity.push_back(free_velocity);
      continue;
    }
    if (ws.articulation_added[body.articulation]) continue;
    ws.member_free_velocity.emplace_back(Vec6::Zero());
    ws.articulation_added[body.articulation] = 1;
    const Articulation& articulation = model.articulations[body.articulation];
    const ArticulationState& state = data.articulations[body.articulation];
    const Eigen::MatrixXd& inverse_mass = ws.articulation_motion[body.articulation].inverse_mass;
    articulation_coordinates(options).add_to_island(body.articulation, articulation, state, inverse_mass, ws.island);
  }
}

// v^l => v_free: free bodies from gather_island, articulations from
// prepare_articulations; v^l kept as the island's start_velocity.
void apply_free_motion(StepWorkspace& ws) {
  ws.island.start_velocity = ws.island.velocity;
  const std::vector<IslandMember>& members = ws.island.members();
  for (int m = 0; m < static_cast<int>(members.size()); ++m) {
    const IslandMember& member = members[m];
    if (member.body >= 0) {
      ws.island.velocity.segment<6>(member.offset) = ws.member_free_velocity[m];
      continue;
    }
    ws.island.velocity.segment(member.offset, member.size) =
        ws.articulation_motion[member.articulation].free_velocity;
  }
}

// (q, v^l, drag) => v_free += h M^-1 J^T (F, r x F): the drag's force at the grabbed
// point (dynamics/drag_spring.h), taken at the start of the pass, enters as gravity
// does in eq. (15): through the island's M^-1 (a quasi-static island's M_q^-1: the
// pull is an applied force, as the weight is) and, on a robot link, the tree's J_com^T.
void apply_drag(const Options& options, const Data& data, StepWorkspace& ws) {
  const DragSpring& drag = data.drag;
  if (drag.body < 0 || ws.island.member_of_body(drag.body) < 0) return;
  const int b = drag.body;
  const Vec6 wrench = drag_wrench(drag, options, data.position[b], data.orientation[b], data.linear_velocity[b],
                                  data.angular_velocity[b]);
  MemberRow& row = ws.drag_row;
  ws.island.body_row(b, wrench, row);
  ws.island.velocity.segment(row.offset, row.mobility.size()) += options.time_step * row.mobility;
}

void store_island_velocity(const Options& options, const StepWorkspace& ws, Data& data) {
  for (const IslandMember& member : ws.island.members()) {
    if (member.body >= 0) {
      data.linear_velocity[member.body] = ws.island.velocity.segment<3>(member.offset);
      data.angular_velocity[member.body] = ws.island.velocity.segment<3>(member.offset + 3);
      continue;
    }
    ArticulationState& state = data.articulations[member.articulation];
    articulation_coordinates(options).velocities(state) = ws.island.velocity.segment(member.offset, member.size);
  }
}

// (contacts, joints) => islands, and each island's contacts in their order.
void group_islands(const Model& model, StepWorkspace& ws) {
  const int body_count = static_cast<int>(model.bodies.size());
  ws.is_dynamic.resize(body_count);
  for (int b = 0; b < body_count; ++b) ws.is_dynamic[b] = !model.bodies[b].is_static;
  ws.contact_links.clear();
  for (const DetectedContact& contact : ws.contacts) ws.contact_links.emplace_back(contact.body_a, contact.body_b);
  for (const Articulation& articulation : model.articulations) {
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      const int parent = articulation.tree.link(link).parent;
      if (parent >= 0) ws.contact_links.emplace_back(articulation.link_body[parent], articulation.link_body[link]);
    }
    for (const LoopClosure& loop : articulation.loops) {
      ws.contact_links.emplace_back(articulation.link_body[loop.link_a], articulation.link_body[loop.link_b]);
    }
  }
  find_islands(ws.is_dynamic, ws.contact_links, ws.islands);
  ws.contact_island.resize(ws.contacts.size());
  for (size_t i = 0; i < ws.contacts.size(); ++i) {
    const DetectedContact& contact = ws.contacts[i];
    const int dynamic_body = model.bodies[contact.body_b].is_static ? contact.body_a : contact.body_b;
    ws.contact_island[i] = ws.islands.island_of_body[dynamic_body];
  }
  // (contact islands) => each island's contacts in their order, by counting: one pass
  // over the contacts, not one per island (bin_pile has a hundred islands in the air).
  ws.island_contact_start.assign(ws.islands.count() + 1, 0);
  for (int island : ws.contact_island) {
    if (island >= 0) ++ws.island_contact_start[island + 1];
  }
  for (int island = 0; island < ws.islands.count(); ++island) {
    ws.island_contact_start[island + 1] += ws.island_contact_start[island];
  }
  ws.island_contact_list.resize(ws.contacts.size());
  ws.island_contact_fill.assign(ws.island_contact_start.begin(), ws.island_contact_start.end() - 1);
  for (size_t i = 0; i < ws.contacts.size(); ++i) {
    const int island = ws.contact_island[i];
    if (island >= 0) ws.island_contact_list[ws.island_contact_fill[island]++] = static_cast<int>(i);
  }
}

// Where a pass's contacts come from: found by the narrow phase, found and kept as the
// start of a substepped step, or carried from that start (contact/carried_contacts.h).
enum class PassContacts { Detect, DetectAndKeep, Carry };

// One pass over options.time_step; detection_options.time_step is the span the
// contact detection's margin covers (the whole step when the contacts are kept for
// the substeps that carry them).
void advance_pass(const Model& model, const Options& options, const Options& detection_options,
                  PassContacts source, Data& data, StepWorkspace& ws) {
  // (timeline, t) => set points; a static auto-grasp moves only the fingers.
  advance_control(model, options, data);
  if (static_grasp_active(data)) {
    step_static_grasp(model, options, data, ws);
    return;
  }
  ContactFormulation& formulation = formulation_for(options, ws);
  const double h = options.time_step;
  const int body_count = static_cast<int>(model.bodies.size());
  SolverStats& stats = data.solver;
  // v^l, kept for seed 002's eq. (12) as written (options.position_update).
  if (uses_seed_002_position_update(options)) {
    ws.start_linear_velocity = data.linear_velocity;
    ws.start_angular_velocity = data.angular_velocity;
    ws.start_joint_velocity.resize(model.articulations.size());
    for (size_t a = 0; a < model.articulations.size(); ++a) ws.start_joint_velocity[a] = data.articulations[a].velocities;
  }

  // (q, v) => (contacts), or (q, contacts at the step start) => (contacts carried
  // along their normals): phi_s = phi_0 + n . (u_B - u_A) (carried_contacts.h).
  if (source == PassContacts::Carry) {
    carry_contacts(ws.carried_contacts, data.position, data.orientation, ws.contacts);
  } else {
    detect_contacts(model, detection_options, data.position, data.orientation, data.linear_velocity,
                    data.angular_velocity, ws.detection, ws.contacts);
    if (source == PassContacts::DetectAndKeep) {
      take_carried_contacts(data.position, data.orientation, ws.contacts, ws.carried_contacts);
    }
  }
  data.contacts.resize(ws.contacts.size());
  for (size_t i = 0; i < ws.contacts.size(); ++i) data.contacts[i] = contact_record_of(ws.contacts[i]);
  data.limits.clear();
  data.joint_frictions.clear();

  // (contacts, joints) => (islands), kept by the passes that carry the same contacts.
  if (source != PassContacts::Carry) group_islands(model, ws);
  if (source == PassContacts::DetectAndKeep) ws.kept_rows.resize(ws.islands.count());
  stats.islands = ws.islands.count();

  // (q, v, set points) => (v_free, M_c^-1) of every articulation, from the state its
  // coordinates start from.
  const ArticulationCoordinates& coordinates = articulation_coordinates(options);
  for (size_t a = 0; a < model.articulations.size(); ++a) coordinates.start(model.articulations[a], data.articulations[a]);
  // (t + h) => each prescribed motion's rate at the step's end.
  set_prescribed_rates(model, data.time + h, data.articulations);
  prepare_articulations(model, options, formulation, data, ws);

  ws.edges.set_edge_count(options.friction_edges);
  data.solver_memory.start_pass();
  ws.turn_correction.assign(body_count, Vec3::Zero());

  for (int island = 0; island < ws.islands.count(); ++island) {
    gather_island(model, options, formulation, data, island, ws);
    ws.island_contacts.assign(ws.island_contact_list.begin() + ws.island_contact_start[island],
                              ws.island_contact_list.begin() + ws.island_contact_start[island + 1]);

    // Past the size cap (formulation/island_size.h): held still, nothing posed.
    const IslandShape shape = island_shape(model, options, ws);
    const bool sparse = formulation.solves_sparse(options, shape);
    if (hold_oversized_island(options, sparse ? formulation.sparse_island_cap() : kMaxIslandUnknowns, ws, stats)) {
      store_island_velocity(options, ws, data);
      continue;
    }

    // (contacts, q, v^l) => rows; mu needs the contact velocity at v^l (eq. 13). A
    // sparse problem gets no k x k Gram blocks. An island of free bodies keeps the rows
    // of its substepped step's start through the passes that carry its contacts: the
    // frames, Jacobians and W_cc at the step's start poses (carried_contacts.h).
    const bool keeps_rows = source != PassContacts::Detect && shape.only_free_bodies;
    IslandRows& rows = keeps_rows ? ws.kept_rows[island] : ws.rows;
    if (source != PassContacts::Carry || !keeps_rows) {
      assemble_contact_rows(model, options, ws.contacts, ws.island_contacts, data.position,
                            ws.island, ws.edges, rows,
                            sparse ? ContactGram::SelfBlocksOnly : ContactGram::Dense);
    }
    stats.immobile_contacts += rows.immobile_count;
    // (contacts, v^l) => geoms, phi, J v^l and mu_s, mu_d per contact.
    gather_contact_state(model, options, rows, ws);
    // (J v^l, e, targets) => Newton's v_n^{l+1} >= -e v_n^l in the normal targets, for
    // the formulations whose rows take it.
    if (formulation.folds_restitution_into_targets()) {
      fold_newton_restitution(ws.contact_state.start_velocity, options, rows);
    }
    // (q, v^l, k) => v_free: eq. (15), the whole step for a free island.
    apply_free_motion(ws);
    apply_drag(options, data, ws);
    // (q, v_free) => joint-limit rows (eq. 9), then joint friction rows (eq. 14).
    add_joint_limit_rows(model, options, data.articulations, ws.island, rows, ws.joint_direction);
    add_joint_friction_rows(model, options, data.articulations, ws.island, rows);

    // (rows, contact state, v_free) => v^{l+1}, impulses and modes, by the formulation
    // (seed 002's LCP: eqs. 18-21).
    if (rows.has_rows()) {
      if (stats.status == SolverStatus::NoContacts) stats.status = SolverStatus::Solved;
      ws.solution.report.reset();
      formulation.solve_island(options, rows, ws.contact_state, data.solver_memory, ws.island,
                               ws.solution);
      add_island_report(ws.solution.report, stats);
      if (ws.keep_island_problems) {
        keep_island_problem(formulation, options, island, rows, ws.solution, stats);
      }
      record_island_contacts(rows, ws.solution, h, data.contacts);
      record_island_limits(rows, ws.solution, h, data.limits);
      record_island_joint_frictions(rows, ws.solution, h, data.joint_frictions);
      record_contact_velocities(rows, ws.island.velocity, data.contacts);
    }
    // (impulses, drag) => what each prescribed motion's drive gave.
    const bool dragged = data.drag.body >= 0 && ws.island.member_of_body(data.drag.body) >= 0;
    solve_prescribed_impulses(model, ws.island, rows.has_rows() ? &rows : nullptr, &ws.solution.impulses,
                              dragged ? &ws.drag_row : nullptr, h, ws.articulation_workspace, ws.prescribed_probe,
                              ws.prescribed_work);
    store_island_velocity(options, ws, data);
  }

  // (phi, v^{l+1}) => warnings of bodies that may have passed through each other.
  note_tunnelling(model, data.contacts, h, stats.tunnelling);

  // (q^l, v^{l+1}) => q^{l+1}: eq. (12), a free body turned by w^{l+1} plus the free
  // rotation's correction (free_rotation.h): with no contact, exactly its free turn.
  // With options.position_update "seed_002", eq. (12) as the seed writes it: q^l + h G v^l.
  for (int b = 0; b < body_count; ++b) {
    if (model.bodies[b].is_static || model.bodies[b].articulation >= 0) continue;
    if (uses_seed_002_position_update(options)) {
      integrate_pose(h, ws.start_linear_velocity[b], ws.start_angular_velocity[b], data.position[b],
                     data.orientation[b]);
      continue;
    }
    integrate_pose(h, data.linear_velocity[b], data.angular_velocity[b] + ws.turn_correction[b],
                   data.position[b], data.orientation[b]);
  }
  // Seed 002 eq. (12) for each articulation in its coordinates (articulation_coordinates.h).
  for (int a = 0; a < static_cast<int>(model.articulations.size()); ++a) coordinates.integrate(model, options, a, data, ws);
  data.time += h;
}

}  // namespace

void advance_one_pass(const Model& model, const Options& options, Data& data,
                      StepWorkspace& workspace) {
  advance_pass(model, options, options, PassContacts::Detect, data, workspace);
}

namespace {

// The step itself: one pass, the step-size search's passes, or compliant substeps.
void advance_step(const Model& model, const Options& options, Data& data, StepWorkspace& workspace) {
  ContactFormulation& formulation = formulation_for(options, workspace);
  data.events.clear();
  data.limits.clear();
  data.joint_frictions.clear();
  // Seed 004's event-driven model takes the whole step itself; no islands are posed.
  if (formulation.event_driven(options)) {
    workspace.islands = Islands{};
    // (timeline, t) => set points at t + h, which the motors follow through the step.
    advance_control(model, options, data);
    if (static_grasp_active(data)) {
      step_static_grasp(model, options, data, workspace);
      return;
    }
    advance_event_driven_step(model, options, formulation, data);
    return;
  }
  // Seed 002 step 3, where the formulation allows it.
  if (options.contact_search == 1 && formulation.allows_step_size_search()) {
    advance_with_step_size_search(model, options, data, workspace);
    return;
  }
  // A formulation explicit in the contact forces (compliant contact) takes n passes of
  // h / n to stay stable; the step ends exactly at t + h. The first pass finds the
  // contacts, within the margin of the whole step, and keeps them; the others carry
  // them (seed 004's phi_s = phi_0 + n . (u_B - u_A), carried_contacts.h). The
  // statistics are the last pass's, with the first failure of any pass.
  const double end_time = data.time + options.time_step;
  const int passes = formulation.substep_count(model, options);
  Options pass_options = options;
  pass_options.time_step = options.time_step / passes;
  SolverStats first_failure;
  std::vector<TunnellingWarning> tunnelling;
  // A pass that found no contacts (a static auto-grasp moves only the fingers) keeps
  // none, and the next pass finds them again.
  workspace.carried_contacts.taken = false;
  for (int i = 0; i < passes; ++i) {
    data.solver = SolverStats{};
    const PassContacts source = passes == 1 ? PassContacts::Detect
                                : workspace.carried_contacts.taken ? PassContacts::Carry
                                                                   : PassContacts::DetectAndKeep;
    advance_pass(model, pass_options, options, source, data, workspace);
    if (first_failure.fallbacks.empty() && !data.solver.fallbacks.empty()) first_failure = data.solver;
    for (const TunnellingWarning& warning : data.solver.tunnelling) add_tunnelling_warning(warning, tunnelling);
  }
  if (data.solver.fallbacks.empty() && !first_failure.fallbacks.empty()) {
    data.solver.status = first_failure.status;
    data.solver.fallbacks = first_failure.fallbacks;
  }
  data.solver.tunnelling = tunnelling;
  data.time = end_time;
}

}  // namespace

void step(const Model& model, const Options& options, Data& data, StepWorkspace& workspace) {
  data.solver = SolverStats{};
  workspace.step_start.take(data);
  advance_step(model, options, data, workspace);
  // A step whose state ran away is undone, and one whose energy jumped reported
  // (divergence.h).
  mark_weighed_bodies(model, workspace.islands, formulation_for(options, workspace).keeps_momentum(),
                      workspace.weighed_bodies);
  check_divergence(model, options, workspace.step_start, workspace.weighed_bodies, data);
  ++data.step_count;
}

}  // namespace contactlab
