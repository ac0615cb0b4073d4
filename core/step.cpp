// One time step, following seed 002 §4 as a pipeline:
//
//   contacts   (q, v)                  => contact points            step 4
//   islands    (contacts)              => groups of bodies          step 9
//   per island:
//     forces   (q, v)                  => k, M^-1, v_free           steps 6-8, eq. (15)
//     rows     (contacts, q, v)        => n~, D~, mu~, eps_n        eqs. (4), (13), (19)
//     solve    (rows, v_free)          => z, v^{l+1}                eqs. (18)-(21), Lemke
//   integrate  (q, v^{l+1})            => q^{l+1}                   eq. (12)
//   record     (z)                     => contact forces and modes
//
// GraspIt! moves the bodies first (step 2) and then solves for the velocity; here
// the same sequence starts one stage later: contacts are found at q^l, v^{l+1} is
// solved, and q^{l+1} = q^l + h G v^{l+1} (the semi-implicit form of seed 004).
#include "step.h"

#include <algorithm>
#include <string>

#include "integrate.h"

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
  for (Vec6& velocity : ws.island_velocity) velocity.setZero();
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
  build_contact_lcp(rows, ws.island_velocity, ws.lcp);
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
    apply_impulses(rows, z, true, ws.island_velocity);
    return;
  }

  const std::string reason = lcp_status_name(solution.status) + std::string(": ") + solution.message;
  z.setZero(size);
  w.setZero(size);
  build_frictionless_lcp(rows, ws.island_velocity, ws.lcp);
  LcpSolution frictionless = ws.lemke.solve(ws.lcp.matrix, ws.lcp.offset, LemkeSettings{});
  stats.pivots += frictionless.pivots;
  if (frictionless.status == LcpStatus::Solved) {
    note_failure(stats, lcp_status_name(solution.status),
                 reason + " (this step's island solved without friction)");
    z.head(rows.contact_count) = frictionless.z;
    w.head(rows.contact_count) = frictionless.w;
    apply_impulses(rows, z, false, ws.island_velocity);
    return;
  }
  note_failure(stats, lcp_status_name(solution.status), reason + " (island held still this step)");
  hold_island_still(size, ws, z, w);
}

void record_contact(const DetectedContact& contact, ContactRecord& record) {
  record.body_a = contact.body_a;
  record.body_b = contact.body_b;
  record.position = contact.point.position;
  record.normal = contact.point.normal;
  record.distance = contact.point.distance;
  record.normal_force = 0;
  record.friction_force.setZero();
  record.friction_coefficient = 0;
  record.slip_speed = 0;
  record.mode = ContactMode::Separating;
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

}  // namespace

void step(const Model& model, const Options& options, Data& data) {
  StepWorkspace& ws = data.workspace;
  const double h = options.time_step;
  const int body_count = static_cast<int>(model.bodies.size());
  SolverStats& stats = data.solver;
  stats = SolverStats{};

  // (q, v) => (contacts)
  detect_contacts(model, options, data.position, data.orientation, data.linear_velocity,
                  data.angular_velocity, ws.detection, ws.contacts);
  data.contacts.resize(ws.contacts.size());
  for (size_t i = 0; i < ws.contacts.size(); ++i) record_contact(ws.contacts[i], data.contacts[i]);

  // (contacts) => (islands)
  ws.is_dynamic.resize(body_count);
  for (int b = 0; b < body_count; ++b) ws.is_dynamic[b] = !model.bodies[b].is_static;
  ws.contact_links.clear();
  for (const DetectedContact& contact : ws.contacts) ws.contact_links.emplace_back(contact.body_a, contact.body_b);
  find_islands(ws.is_dynamic, ws.contact_links, ws.islands);
  stats.islands = ws.islands.count();
  ws.contact_island.resize(ws.contacts.size());
  for (size_t i = 0; i < ws.contacts.size(); ++i) {
    const DetectedContact& contact = ws.contacts[i];
    const int dynamic_body = model.bodies[contact.body_b].is_static ? contact.body_a : contact.body_b;
    ws.contact_island[i] = ws.islands.island_of_body[dynamic_body];
  }

  ws.edges.set_edge_count(options.friction_edges);
  ws.local_of_body.assign(body_count, -1);
  // Last step's bases become this step's candidates; the other list is overwritten.
  std::swap(ws.warm_previous, ws.warm_current);
  for (size_t i = ws.warm_used; i < ws.warm_previous.size(); ++i) ws.warm_previous[i].z_is_basic.clear();
  ws.warm_used = 0;
  Eigen::VectorXd& z = ws.solution;
  Eigen::VectorXd& w = ws.slack;

  for (int island = 0; island < ws.islands.count(); ++island) {
    const int first = ws.islands.body_start[island];
    const int count = ws.islands.body_start[island + 1] - first;
    ws.island_inverse_mass.resize(count);
    ws.island_velocity.resize(count);
    for (int i = 0; i < count; ++i) {
      const int b = ws.islands.bodies[first + i];
      ws.local_of_body[b] = i;
      ws.island_inverse_mass[i] = inverse_mass_at(model.bodies[b], data.orientation[b]);
      ws.island_velocity[i] << data.linear_velocity[b], data.angular_velocity[b];
    }
    ws.island_contacts.clear();
    for (size_t i = 0; i < ws.contacts.size(); ++i) {
      if (ws.contact_island[i] == island) ws.island_contacts.push_back(static_cast<int>(i));
    }

    // (contacts, q, v^l) => rows; mu needs the contact velocity at v^l (eq. 13).
    if (!ws.island_contacts.empty()) {
      assemble_island_rows(model, options, ws.contacts, ws.island_contacts, ws.local_of_body,
                           data.position, ws.island_inverse_mass, ws.island_velocity, ws.edges,
                           ws.rows);
    }

    // (q, v^l, k) => v_free = v^l + h M^-1 k: eq. (15), the whole step for a free island.
    for (int i = 0; i < count; ++i) {
      const int b = ws.islands.bodies[first + i];
      const Vec6 force = external_force(model.bodies[b], options, data.orientation[b],
                                        data.angular_velocity[b]);
      ws.island_velocity[i] += h * ws.island_inverse_mass[i].apply(force);
    }

    // (rows, v_free) => v^{l+1}: eqs. (18)-(21).
    if (!ws.island_contacts.empty()) {
      if (std::string(stats.status) == "no contacts") stats.status = "solved";
      solve_island_contacts(options, ws, stats, z, w);
      record_island_forces(ws.rows, z, w, h, data.contacts);
    }

    for (int i = 0; i < count; ++i) {
      const int b = ws.islands.bodies[first + i];
      data.linear_velocity[b] = ws.island_velocity[i].head<3>();
      data.angular_velocity[b] = ws.island_velocity[i].tail<3>();
      ws.local_of_body[b] = -1;
    }
  }

  // (q^l, v^{l+1}) => q^{l+1}: eq. (12).
  for (int b = 0; b < body_count; ++b) {
    if (model.bodies[b].is_static) continue;
    integrate_pose(h, data.linear_velocity[b], data.angular_velocity[b], data.position[b],
                   data.orientation[b]);
  }
  data.time += h;
  ++data.step_count;
}

}  // namespace contactlab
