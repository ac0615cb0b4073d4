// One time step, following seed 002 §4 as a pipeline:
//
//   contacts   (q, v)                  => contact points            step 4
//   islands    (contacts)              => groups of bodies          step 9
//   trees      (q, v, set points)      => v_free, M_c^-1 per articulation  eqs. (14)-(17)
//   per island:
//     forces   (q, v)                  => k, M^-1, v_free           steps 6-8, eq. (15)
//     rows     (contacts, limits, q, v) => n~, l~, D~, mu~, eps      eqs. (4), (9), (13), (19)
//     solve    (rows, v_free)          => z, v^{l+1}                eqs. (18)-(21), Lemke
//   integrate  (q, v^{l+1})            => q^{l+1}                   eq. (12)
//   record     (z)                     => contact forces and modes
//
// GraspIt! moves the bodies first (step 2) and then solves for the velocity; here
// the same sequence starts one stage later: contacts are found at q^l, v^{l+1} is
// solved, and q^{l+1} = q^l + h G v^{l+1} (the semi-implicit form of seed 004).
#include "step/step.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "dynamics/integrate.h"
#include "formulation/compliant_island.h"
#include "formulation/convex_island.h"
#include "formulation/quasistatic_motion.h"
#include "formulation/soft_island.h"
#include "step/robot_commands.h"
#include "step/step_size_search.h"

namespace contactlab {
namespace {

// A contact whose normal row has slack above this opens [m/s]; slip speeds below
// this are sticking [m/s].
constexpr double kOpeningTolerance = 1e-9;
constexpr double kSlipTolerance = 1e-6;

void note_failure(SolverStats& stats, const char* status, const std::string& message) {
  if (std::string(stats.status) == "solved" || std::string(stats.status) == "no contacts") {
    stats.status = status;
  }
  if (!stats.message.empty()) stats.message += "; ";
  stats.message += message;
}

// The geom pairs an LCP was built from, contact by contact, to recognise a problem of
// the same shape next step. Feature ids are left out on purpose: where two equal faces
// meet, a corner flips between "vertex" and "clipped edge" from one step to the next
// while the point stays put. A basis that no longer fits costs nothing: the solver
// checks it and falls back to pivoting.
void make_warm_start_key(const StepWorkspace& ws, int friction_edges, std::vector<long long>& key) {
  key.clear();
  key.push_back(friction_edges);
  for (int index : ws.island_contacts) {
    const DetectedContact& contact = ws.contacts[index];
    key.push_back(contact.geom_a);
    key.push_back(contact.geom_b);
  }
  for (const LimitRow& limit : ws.rows.limits) {
    key.push_back(-1 - limit.articulation);
    key.push_back(limit.sign > 0 ? 2 * limit.link : 2 * limit.link + 1);
  }
}

// Keeps the island's final basis for the next step, reusing last step's storage.
void remember_warm_start(StepWorkspace& ws, const std::vector<char>& z_is_basic) {
  if (ws.warm_used == ws.warm_current.size()) ws.warm_current.emplace_back();
  WarmStart& entry = ws.warm_current[ws.warm_used++];
  entry.key = ws.key;
  entry.z_is_basic = z_is_basic;
}

const std::vector<char>* find_warm_start(const std::vector<WarmStart>& cache,
                                         const std::vector<long long>& key, int size) {
  for (const WarmStart& entry : cache) {
    if (entry.z_is_basic.empty()) continue;
    if (entry.key == key && static_cast<int>(entry.z_is_basic.size()) == size) {
      return &entry.z_is_basic;
    }
  }
  return nullptr;
}

// The last resort when no LCP could be solved: no impulses, and no motion.
void hold_island_still(int size, StepWorkspace& ws, Eigen::VectorXd& z, Eigen::VectorXd& w) {
  z.setZero(size);
  w.setZero(size);
  ws.island.velocity.setZero();
}

// (rows, v_free) => (v^{l+1}, z, w). Falls back to the frictionless problem, then to
// holding the island still, when the frictional LCP has no answer.
void solve_island_contacts(const Options& options, StepWorkspace& ws, SolverStats& stats,
                           Eigen::VectorXd& z, Eigen::VectorXd& w) {
  IslandRows& rows = ws.rows;
  const int size = rows.column_count() + rows.contact_count;
  if (!rows.is_finite()) {
    note_failure(stats, lcp_status_name(LcpStatus::InvalidInput),
                 "the contact rows hold a non-finite number (island held still this step)");
    hold_island_still(size, ws, z, w);
    return;
  }
  build_contact_lcp(rows, ws.island.velocity, ws.lcp);
  make_warm_start_key(ws, options.friction_edges, ws.key);
  const std::vector<char>* warm = find_warm_start(ws.warm_previous, ws.key, size);

  // Certified to the default 1e-9 (relative to max(1, |q|)): rows are velocities
  // [m/s] and impulses [N s]. The rows were checked above, so M is finite.
  LemkeSettings settings;
  settings.check_matrix_finite = false;
  LcpSolution solution = ws.lemke.solve(ws.lcp.matrix, ws.lcp.offset, settings, warm);
  stats.lcp_size += size;
  stats.pivots += solution.pivots;
  if (solution.warm_start_used) ++stats.warm_starts;

  if (solution.status == LcpStatus::Solved) {
    if (!solution.message.empty()) note_failure(stats, "solved", solution.message);
    remember_warm_start(ws, solution.z_is_basic);
    z = solution.z;
    w = solution.w;
    apply_impulses(rows, z, true, ws.island.velocity);
    return;
  }

  const std::string reason = lcp_status_name(solution.status) + std::string(": ") + solution.message;
  z.setZero(size);
  w.setZero(size);
  build_frictionless_lcp(rows, ws.island.velocity, ws.lcp);
  LcpSolution frictionless = ws.lemke.solve(ws.lcp.matrix, ws.lcp.offset, LemkeSettings{});
  stats.pivots += frictionless.pivots;
  if (frictionless.status == LcpStatus::Solved) {
    note_failure(stats, lcp_status_name(solution.status),
                 reason + " (this step's island solved without friction)");
    z.head(rows.normal_count()) = frictionless.z;
    w.head(rows.normal_count()) = frictionless.w;
    apply_impulses(rows, z, false, ws.island.velocity);
    return;
  }
  note_failure(stats, lcp_status_name(solution.status), reason + " (island held still this step)");
  hold_island_still(size, ws, z, w);
}

// (z, w) => forces and modes of the island's contacts. The mode is kinematic: a
// contact opens when its normal row has slack (rho > 0), slides when it slips
// (lambda > 0), and sticks otherwise, even where it carries no load (one leg of a
// four-legged table).
void record_island_forces(const IslandRows& rows, const Eigen::VectorXd& z,
                          const Eigen::VectorXd& w, double time_step,
                          std::vector<ContactRecord>& records) {
  const int m = rows.column_count();
  for (int c = 0; c < rows.contact_count; ++c) {
    ContactRecord& record = records[rows.contacts[c]];
    const double normal_impulse = z[c];
    const Vec3 tangential = frame_impulse(rows, z, c, true);
    const Vec3 friction_impulse = rows.frame[c].col(1) * tangential.y() + rows.frame[c].col(2) * tangential.z();
    record.normal_force = normal_impulse / time_step;
    record.friction_force = friction_impulse / time_step;
    record.friction_coefficient = rows.friction_coefficient[c];
    record.slip_speed = z[m + c];
    if (w[c] > kOpeningTolerance) record.mode = ContactMode::Separating;
    else if (record.slip_speed > kSlipTolerance) record.mode = ContactMode::Sliding;
    else record.mode = ContactMode::Sticking;
  }
}

// The state the soft and compliant formulations read, contact by contact: phi, the
// relative velocity at v^l in the contact frame, and the material pair's mu_s, mu_d.
void gather_contact_state(const Model& model, const Options& options, StepWorkspace& ws) {
  const IslandRows& rows = ws.rows;
  IslandContactState& state = ws.contact_state;
  const int k = rows.contact_count;
  state.distance.resize(k);
  state.start_velocity.resize(k);
  state.static_friction.resize(k);
  state.kinetic_friction.resize(k);
  for (int c = 0; c < k; ++c) {
    const DetectedContact& contact = ws.contacts[rows.contacts[c]];
    state.distance[c] = contact.point.distance;
    state.start_velocity[c] = rows.frame_velocity(c, ws.island.velocity);
    const FrictionPair& pair = model.friction(model.geoms[contact.geom_a].material,
                                              model.geoms[contact.geom_b].material);
    const bool overridden = options.friction_coefficient >= 0;
    state.static_friction[c] = overridden ? options.friction_coefficient : pair.static_coefficient;
    state.kinetic_friction[c] = overridden ? options.friction_coefficient : pair.kinetic_coefficient;
  }
}

// The formulations solved as seed 002's LCP: the LCP itself, and the quasi-static
// LCP variant of seed 003.
bool poses_an_lcp(const Options& options) {
  return options.formulation == Formulation::Lcp ||
         (options.formulation == Formulation::Quasistatic && options.quasistatic_problem == 1);
}

// (rows, contact state, v_free) => v^{l+1} and impulses, by the chosen formulation.
void solve_island_formulation(const Options& options, StepWorkspace& ws, SolverStats& stats) {
  IslandSolveReport report;
  switch (options.formulation) {
    case Formulation::Convex:
    case Formulation::Quasistatic:
      solve_convex_island(ws.rows, ws.convex, ws.island, ws.impulses, report);
      break;
    case Formulation::Soft:
      solve_soft_island(ws.rows, ws.contact_state, options, ws.soft, ws.island, ws.impulses, report);
      break;
    case Formulation::Compliant:
      compliant_island_impulses(ws.rows, ws.contact_state, options, options.time_step, ws.compliant,
                                ws.island, ws.impulses, report);
      break;
    case Formulation::Lcp:
      break;
  }
  stats.lcp_size += report.problem_size;
  if (options.formulation == Formulation::Convex || options.formulation == Formulation::Quasistatic ||
      options.formulation == Formulation::Soft) {
    stats.iterations += report.iterations;
  }
  if (report.warm_start_used) ++stats.warm_starts;
  if (std::string(report.status) != "solved" || !report.message.empty()) {
    note_failure(stats, report.status, report.message);
  }
}

// (impulses, v^{l+1}) => forces and modes of the island's contacts, for the
// formulations without the LCP's slack variables: a contact without normal impulse
// is separating; one that carries load slides when its tangential speed exceeds
// kSlipTolerance, and sticks otherwise.
void record_island_impulses(const IslandRows& rows, const IslandImpulses& impulses,
                            const Eigen::VectorXd& velocity, double time_step,
                            std::vector<ContactRecord>& records) {
  for (int c = 0; c < rows.contact_count; ++c) {
    ContactRecord& record = records[rows.contacts[c]];
    const Vec3& impulse = impulses.contact[c];
    record.normal_force = impulse.x() / time_step;
    record.friction_force =
        (rows.frame[c].col(1) * impulse.y() + rows.frame[c].col(2) * impulse.z()) / time_step;
    record.friction_coefficient = rows.friction_coefficient[c];
    const Vec3 frame_velocity = rows.frame_velocity(c, velocity);
    record.slip_speed = std::sqrt(frame_velocity.y() * frame_velocity.y() +
                                  frame_velocity.z() * frame_velocity.z());
    if (!(impulse.x() > 0)) record.mode = ContactMode::Separating;
    else if (record.slip_speed > kSlipTolerance) record.mode = ContactMode::Sliding;
    else record.mode = ContactMode::Sticking;
  }
}

// v^{l+1} => each contact's relative velocity (plots of contact velocity).
void record_contact_velocities(const IslandRows& rows, const Eigen::VectorXd& velocity,
                               std::vector<ContactRecord>& records) {
  for (int c = 0; c < rows.contact_count; ++c) {
    ContactRecord& record = records[rows.contacts[c]];
    const Vec3 frame_velocity = rows.frame_velocity(c, velocity);
    record.normal_velocity = frame_velocity.x();
    record.tangential_velocity =
        rows.frame[c].col(1) * frame_velocity.y() + rows.frame[c].col(2) * frame_velocity.z();
  }
}

// Seed 002 §4 step 6-8 for every articulation: v_free and M_c^-1 (articulation_motion.h).
// An articulation whose matrices fail is held still this step, and the reason reported.
void prepare_articulations(const Model& model, const Options& options, Data& data) {
  StepWorkspace& ws = data.workspace;
  const int count = static_cast<int>(model.articulations.size());
  ws.articulation_workspace.resize(count);
  ws.articulation_motion.resize(count);
  ws.articulation_ready.assign(count, 0);
  for (int a = 0; a < count; ++a) {
    const Status status =
        options.formulation == Formulation::Quasistatic
            ? quasistatic_articulation_motion(model.articulations[a], options, data.articulations[a],
                                              ws.articulation_workspace[a], ws.articulation_motion[a])
            : articulation_free_motion(model.articulations[a], options, data.articulations[a],
                                       ws.articulation_workspace[a], ws.articulation_motion[a]);
    if (status.ok()) {
      ws.articulation_ready[a] = 1;
      continue;
    }
    note_failure(data.solver, lcp_status_name(LcpStatus::NumericalFailure),
                 status.message() + " (held still this step)");
    ArticulationMotion& motion = ws.articulation_motion[a];
    const int n = model.articulations[a].tree.velocity_size();
    motion.free_velocity.setZero(n);
    motion.inverse_mass.setZero(n, n);
  }
}

// Joints of the island's articulations near a position limit get a row (eq. 9): those
// that v_free would carry within kLimitMargin of the limit, or past it.
constexpr double kLimitMargin = 1e-3;  // [rad] or [m]

void add_island_limits(const Model& model, const Options& options, const Data& data,
                       StepWorkspace& ws) {
  const IslandDynamics& island = ws.island;
  for (int m = 0; m < static_cast<int>(island.members().size()); ++m) {
    const IslandMember& member = island.members()[m];
    if (member.articulation < 0) continue;
    const Articulation& articulation = model.articulations[member.articulation];
    const ArticulationState& state = data.articulations[member.articulation];
    const KinematicTree& tree = articulation.tree;
    for (int link = 0; link < tree.link_count(); ++link) {
      const Joint& joint = tree.link(link).joint;
      if (joint.velocity_size() != 1) continue;
      const int coordinate = member.offset + tree.velocity_offset(link);
      const double q = state.positions[tree.position_offset(link)];
      const double reach = options.time_step * std::abs(island.velocity[coordinate]) + kLimitMargin;
      const double to_limit[2] = {q - joint.lower, joint.upper - q};
      for (int side = 0; side < 2; ++side) {
        if (!(to_limit[side] <= reach)) continue;  // also skips infinite limits
        LimitRow limit;
        limit.articulation = member.articulation;
        limit.link = link;
        limit.sign = side == 0 ? 1.0 : -1.0;
        limit.member = m;
        limit.offset = member.offset;
        limit.coordinate = coordinate;
        limit.target_velocity = limit_target_velocity(to_limit[side], options);
        add_limit_row(island, limit, ws.rows);
      }
    }
  }
}

// A free body's M^-1 and v_free as its formulation poses them: eq. (15); with the
// soft formulation's implicit damping; or as Pang's quasi-static objective.
void free_body_motion(const Model& model, const Options& options, const Data& data, int b,
                      const Vec6& velocity, InverseMass& inverse_mass, Vec6& free_velocity) {
  const Body& body = model.bodies[b];
  if (options.formulation == Formulation::Quasistatic) {
    quasistatic_free_body(body, options, data.orientation[b], inverse_mass, free_velocity);
    return;
  }
  const Vec6 force = external_force(body, options, data.orientation[b], data.angular_velocity[b]);
  if (options.formulation == Formulation::Soft) {
    soft_damped_free_body(body, options, data.orientation[b], velocity, force, inverse_mass,
                          free_velocity);
    return;
  }
  inverse_mass = inverse_mass_at(body, data.orientation[b]);
  free_velocity = velocity + options.time_step * inverse_mass.apply(force);
}

// The island's members: free bodies with (v, w) and M^-1 at the current pose, and
// articulations with v and M_c^-1.
void gather_island(const Model& model, const Options& options, const Data& data, int island,
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
      free_body_motion(model, options, data, b, velocity, inverse_mass, free_velocity);
      ws.island.add_free_body(b, inverse_mass, velocity);
      ws.member_free_velocity.push_back(free_velocity);
      continue;
    }
    if (ws.articulation_added[body.articulation]) continue;
    ws.member_free_velocity.emplace_back(Vec6::Zero());
    ws.articulation_added[body.articulation] = 1;
    const Articulation& articulation = model.articulations[body.articulation];
    const ArticulationState& state = data.articulations[body.articulation];
    ws.island.add_articulation(body.articulation, articulation.link_body, articulation.tree,
                               state.kinematics, state.velocities,
                               ws.articulation_motion[body.articulation].inverse_mass);
  }
}

// v^l => v_free: free bodies from gather_island, articulations from
// prepare_articulations.
void apply_free_motion(StepWorkspace& ws) {
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

// The torque (force) each motor applied, now that v^{l+1} is known (implicit PD).
void record_motor_efforts(const Articulation& articulation, const ArticulationMotion& motion,
                          double time_step, ArticulationState& state) {
  const KinematicTree& tree = articulation.tree;
  for (int link = 0; link < tree.link_count(); ++link) {
    state.motor_effort[link] = 0;
    if (!articulation.actuators[link].present || motion.motor_terms.empty()) continue;
    state.motor_effort[link] = implicit_pd_torque(motion.motor_terms[link], time_step,
                                                  state.velocities[tree.velocity_offset(link)]);
  }
}

void store_island_velocity(const StepWorkspace& ws, Data& data) {
  for (const IslandMember& member : ws.island.members()) {
    if (member.body >= 0) {
      data.linear_velocity[member.body] = ws.island.velocity.segment<3>(member.offset);
      data.angular_velocity[member.body] = ws.island.velocity.segment<3>(member.offset + 3);
      continue;
    }
    data.articulations[member.articulation].velocities =
        ws.island.velocity.segment(member.offset, member.size);
  }
}

}  // namespace

void advance_one_pass(const Model& model, const Options& options, Data& data) {
  // (timeline, t) => set points; a static auto-grasp moves only the fingers.
  advance_control(model, options, data);
  if (static_grasp_active(data)) {
    step_static_grasp(model, options, data);
    return;
  }
  StepWorkspace& ws = data.workspace;
  const double h = options.time_step;
  const int body_count = static_cast<int>(model.bodies.size());
  SolverStats& stats = data.solver;

  // (q, v) => (contacts)
  detect_contacts(model, options, data.position, data.orientation, data.linear_velocity,
                  data.angular_velocity, ws.detection, ws.contacts);
  data.contacts.resize(ws.contacts.size());
  for (size_t i = 0; i < ws.contacts.size(); ++i) data.contacts[i] = contact_record_of(ws.contacts[i]);

  // (contacts, joints) => (islands)
  ws.is_dynamic.resize(body_count);
  for (int b = 0; b < body_count; ++b) ws.is_dynamic[b] = !model.bodies[b].is_static;
  ws.contact_links.clear();
  for (const DetectedContact& contact : ws.contacts) ws.contact_links.emplace_back(contact.body_a, contact.body_b);
  for (const Articulation& articulation : model.articulations) {
    for (int link = 0; link < articulation.tree.link_count(); ++link) {
      const int parent = articulation.tree.link(link).parent;
      if (parent >= 0) ws.contact_links.emplace_back(articulation.link_body[parent], articulation.link_body[link]);
    }
  }
  find_islands(ws.is_dynamic, ws.contact_links, ws.islands);
  stats.islands = ws.islands.count();
  ws.contact_island.resize(ws.contacts.size());
  for (size_t i = 0; i < ws.contacts.size(); ++i) {
    const DetectedContact& contact = ws.contacts[i];
    const int dynamic_body = model.bodies[contact.body_b].is_static ? contact.body_a : contact.body_b;
    ws.contact_island[i] = ws.islands.island_of_body[dynamic_body];
  }

  // (q, v, set points) => (v_free, M_c^-1) of every articulation
  prepare_articulations(model, options, data);

  ws.edges.set_edge_count(options.friction_edges);
  // Last step's bases become this step's candidates; the other list is overwritten.
  std::swap(ws.warm_previous, ws.warm_current);
  for (size_t i = ws.warm_used; i < ws.warm_previous.size(); ++i) ws.warm_previous[i].z_is_basic.clear();
  ws.warm_used = 0;
  Eigen::VectorXd& z = ws.solution;
  Eigen::VectorXd& w = ws.slack;

  for (int island = 0; island < ws.islands.count(); ++island) {
    gather_island(model, options, data, island, ws);
    ws.island_contacts.clear();
    for (size_t i = 0; i < ws.contacts.size(); ++i) {
      if (ws.contact_island[i] == island) ws.island_contacts.push_back(static_cast<int>(i));
    }

    // (contacts, q, v^l) => rows; mu needs the contact velocity at v^l (eq. 13).
    assemble_contact_rows(model, options, ws.contacts, ws.island_contacts, data.position,
                          ws.island, ws.edges, ws.rows);
    // (contacts, v^l) => phi, J v^l and mu_s, mu_d per contact, for the formulations
    // whose impulses depend on them.
    gather_contact_state(model, options, ws);
    // (q, v^l, k) => v_free: eq. (15), the whole step for a free island.
    apply_free_motion(ws);
    // (q, v_free) => joint-limit rows (eq. 9).
    add_island_limits(model, options, data, ws);

    // (rows, v_free) => v^{l+1}: eqs. (18)-(21).
    if (ws.rows.normal_count() > 0) {
      if (std::string(stats.status) == "no contacts") stats.status = "solved";
      if (poses_an_lcp(options)) {
        solve_island_contacts(options, ws, stats, z, w);
        record_island_forces(ws.rows, z, w, h, data.contacts);
      } else {
        solve_island_formulation(options, ws, stats);
        record_island_impulses(ws.rows, ws.impulses, ws.island.velocity, h, data.contacts);
      }
      record_contact_velocities(ws.rows, ws.island.velocity, data.contacts);
    }
    store_island_velocity(ws, data);
  }

  // (q^l, v^{l+1}) => q^{l+1}: eq. (12).
  for (int b = 0; b < body_count; ++b) {
    if (model.bodies[b].is_static || model.bodies[b].articulation >= 0) continue;
    integrate_pose(h, data.linear_velocity[b], data.angular_velocity[b], data.position[b],
                   data.orientation[b]);
  }
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    const Articulation& articulation = model.articulations[a];
    ArticulationState& state = data.articulations[a];
    if (!ws.articulation_ready[a]) state.velocities.setZero();
    record_motor_efforts(articulation, ws.articulation_motion[a], options.time_step, state);
    integrate_tree_positions(articulation.tree, state.velocities, h, state.positions);
    update_link_bodies(articulation, state, data.position, data.orientation, data.linear_velocity,
                       data.angular_velocity);
  }
  data.time += h;
}

void step(const Model& model, const Options& options, Data& data) {
  data.solver = SolverStats{};
  // Seed 002 step 3; not for compliant contact, whose substeps are its own and whose
  // contacts are meant to overlap.
  if (options.contact_search == 1 && options.formulation != Formulation::Compliant) {
    advance_with_step_size_search(model, options, data, data.workspace.step_size_search);
    ++data.step_count;
    return;
  }
  if (options.formulation != Formulation::Compliant) {
    advance_one_pass(model, options, data);
    ++data.step_count;
    return;
  }
  // Compliant contact is explicit in the contact forces: substeps of h / n keep it
  // stable (compliant_substep_count), and the step ends exactly at t + h.
  // The statistics are the last substep's, with the first failure of any substep.
  const double end_time = data.time + options.time_step;
  const int substeps = compliant_substep_count(model, options);
  Options substep_options = options;
  substep_options.time_step = options.time_step / substeps;
  SolverStats first_failure;
  for (int i = 0; i < substeps; ++i) {
    data.solver = SolverStats{};
    advance_one_pass(model, substep_options, data);
    if (first_failure.message.empty() && !data.solver.message.empty()) first_failure = data.solver;
  }
  if (data.solver.message.empty() && !first_failure.message.empty()) {
    data.solver.status = first_failure.status;
    data.solver.message = first_failure.message;
  }
  data.time = end_time;
  ++data.step_count;
}

}  // namespace contactlab
