#include "simulation_handle.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "dynamics/articulation/maximal_joints.h"
#include "dynamics/articulation/maximal_motion.h"
#include "formulation/solver_report.h"
#include "session/island_problem_text.h"
#include "session/state_csv.h"
#include "record_layouts.h"

namespace contactlab {
namespace {

// Beyond any run's step count (a link's is at most 1e7), and within a 32-bit long.
constexpr double kLastStep = 1e9;

}  // namespace

emscripten::val float64_view(const std::vector<double>& values) {
  return emscripten::val(emscripten::typed_memory_view(values.size(), values.data()));
}

std::string SimulationHandle::load_scene(const std::string& json_text) {
  const Status status = simulation_.load_scene(json_text);
  if (status.ok()) checkpoints_.clear();
  return status.message();
}

std::string SimulationHandle::set_option(const std::string& name, double value) {
  return simulation_.set_option(name, value).message();
}

double SimulationHandle::get_option(const std::string& name) const { return simulation_.option(name); }

void SimulationHandle::reset() {
  simulation_.reset();
  checkpoints_.clear();
}

void SimulationHandle::reset_scene() {
  simulation_.reset_scene();
  checkpoints_.clear();
}

double SimulationHandle::step(double count) {
  if (!(count >= 1)) return 0;
  return static_cast<double>(simulation_.step(static_cast<long>(std::floor(std::fmin(count, 1e6)))));
}

std::string SimulationHandle::step_error() const { return simulation_.step_error(); }

double SimulationHandle::time() const { return simulation_.has_scene() ? simulation_.data().time : 0; }

double SimulationHandle::step_count() const {
  return simulation_.has_scene() ? static_cast<double>(simulation_.data().step_count) : 0;
}

std::string SimulationHandle::scene_description() const { return simulation_.scene_description(); }

std::string SimulationHandle::scene_file() const { return simulation_.scene_file(); }

void SimulationHandle::keep_state_log(bool keep) { simulation_.keep_state_log(keep); }

std::string SimulationHandle::state_csv_header() const {
  std::ostringstream text;
  if (const StateLog* log = simulation_.state_log()) log->write_header(simulation_.model(), text);
  return text.str();
}

std::string SimulationHandle::state_csv_rows(double first, double count) const {
  std::ostringstream text;
  const StateLog* log = simulation_.state_log();
  // Not a range of rows (negative, NaN): none.
  if (log != nullptr && first >= 0 && count >= 1 && first < log->rows()) {
    log->write_rows(simulation_.model(), static_cast<std::size_t>(first),
                    static_cast<std::size_t>(std::fmin(count, static_cast<double>(log->rows()))), text);
  }
  return text.str();
}

double SimulationHandle::state_rows() const {
  const StateLog* log = simulation_.state_log();
  if (log == nullptr || !simulation_.has_scene()) return 0;
  // The rows up to the step shown: the timeline may show an earlier step than the
  // newest kept.
  const long shown = simulation_.data().step_count - static_cast<long>(log->dropped()) + 1;
  return static_cast<double>(std::clamp<long>(shown, 0, static_cast<long>(log->rows())));
}

double SimulationHandle::state_rows_dropped() const {
  const StateLog* log = simulation_.state_log();
  return log != nullptr ? static_cast<double>(log->dropped()) : 0;
}

emscripten::val SimulationHandle::body_poses() {
  pose_buffer_.clear();
  if (simulation_.has_scene()) {
    const Data& data = simulation_.data();
    for (std::size_t b = 0; b < simulation_.model().bodies.size(); ++b) {
      append_record(frame_layout(), Frame{data.position[b], data.orientation[b]}, pose_buffer_);
    }
  }
  return float64_view(pose_buffer_);
}

emscripten::val SimulationHandle::body_velocities() {
  velocity_buffer_.clear();
  if (simulation_.has_scene()) {
    const Data& data = simulation_.data();
    for (std::size_t b = 0; b < simulation_.model().bodies.size(); ++b) {
      append_record(body_velocity_layout(), BodyVelocity{data.linear_velocity[b], data.angular_velocity[b]},
                    velocity_buffer_);
    }
  }
  return float64_view(velocity_buffer_);
}

double SimulationHandle::contact_count() const {
  return simulation_.has_scene() ? static_cast<double>(simulation_.data().contacts.size()) : 0;
}

emscripten::val SimulationHandle::contacts() {
  contact_buffer_.clear();
  if (simulation_.has_scene()) {
    for (const ContactRecord& contact : simulation_.data().contacts) {
      append_record(contact_layout(), contact, contact_buffer_);
    }
  }
  return float64_view(contact_buffer_);
}

double SimulationHandle::lcp_size() const {
  return simulation_.has_scene() ? simulation_.data().solver.lcp_size : 0;
}

double SimulationHandle::pivots() const {
  return simulation_.has_scene() ? simulation_.data().solver.pivots : 0;
}

double SimulationHandle::iterations() const {
  return simulation_.has_scene() ? simulation_.data().solver.iterations : 0;
}

double SimulationHandle::events() const {
  return simulation_.has_scene() ? simulation_.data().solver.events : 0;
}

emscripten::val SimulationHandle::event_times() {
  event_time_buffer_.clear();
  if (simulation_.has_scene()) {
    for (const HybridEvent& event : simulation_.data().events) event_time_buffer_.push_back(event.time);
  }
  return float64_view(event_time_buffer_);
}

double SimulationHandle::island_count() const {
  return simulation_.has_scene() ? simulation_.data().solver.islands : 0;
}

double SimulationHandle::loop_error() const {
  return simulation_.has_scene() ? contactlab::loop_error(simulation_.model(), simulation_.data()) : 0;
}

emscripten::val SimulationHandle::joint_frames() {
  joint_frame_buffer_.clear();
  if (simulation_.has_scene()) {
    const Model& model = simulation_.model();
    const Data& data = simulation_.data();
    std::vector<Pose> frames;
    for (std::size_t a = 0; a < model.articulations.size(); ++a) {
      const ArticulationState& state = data.articulations[a];
      if (!maximal_state_current(state)) continue;
      joint_frame_pairs(model.articulations[a], state.maximal.kinematics, state.positions, frames);
      for (const Pose& frame : frames) {
        append_record(frame_layout(), Frame{frame.position, Quat(frame.rotation)}, joint_frame_buffer_);
      }
    }
  }
  return float64_view(joint_frame_buffer_);
}

double SimulationHandle::joint_error() const {
  return simulation_.has_scene() ? contactlab::joint_error(simulation_.model(), simulation_.data()) : 0;
}

std::string SimulationHandle::solver_status() const {
  if (!simulation_.has_scene()) return "no scene";
  return solver_status_name(simulation_.data().solver.status);
}

std::string SimulationHandle::solver_message() const {
  return simulation_.has_scene() ? fallback_message(simulation_.data().solver.fallbacks) : "";
}

std::string SimulationHandle::left_out_contacts() const {
  if (!simulation_.has_scene()) return "";
  const int count = simulation_.data().solver.immobile_contacts;
  return count > 0 ? immobile_contacts_message(count) : "";
}

emscripten::val SimulationHandle::joint_state(double articulation) {
  // Not an index (NaN, fractional, out of range): the empty view.
  const bool index = articulation >= 0 && articulation < 1e6 && articulation == std::floor(articulation);
  joint_buffer_.clear();
  for (const JointReadout& joint : simulation_.joint_state(index ? static_cast<int>(articulation) : -1)) {
    append_record(joint_layout(), joint, joint_buffer_);
  }
  return float64_view(joint_buffer_);
}

emscripten::val SimulationHandle::grasp() {
  grasp_buffer_.clear();
  if (const std::optional<GraspReport> report = simulation_.grasp()) {
    append_record(grasp_layout(), *report, grasp_buffer_);
  }
  return float64_view(grasp_buffer_);
}

std::string SimulationHandle::set_joint_target(const std::string& articulation, const std::string& link,
                                               double position) {
  return simulation_.set_joint_target(articulation, link, position).message();
}

std::string SimulationHandle::command(const std::string& articulation, const std::string& kind) {
  return simulation_.command(articulation, kind).message();
}

std::string SimulationHandle::jog(const std::string& articulation, const std::string& link, double dx, double dy,
                                  double dz) {
  return simulation_.jog(articulation, link, dx, dy, dz).message();
}

std::string SimulationHandle::drag(const std::string& body, double px, double py, double pz, double tx, double ty,
                                   double tz) {
  return simulation_.drag(body, Vec3(px, py, pz), Vec3(tx, ty, tz)).message();
}

std::string SimulationHandle::drag_body_point(const std::string& body, double px, double py, double pz, double tx,
                                              double ty, double tz) {
  return simulation_.drag_body_point(body, Vec3(px, py, pz), Vec3(tx, ty, tz)).message();
}

std::string SimulationHandle::move_drag_target(double tx, double ty, double tz) {
  return simulation_.move_drag_target(Vec3(tx, ty, tz)).message();
}

void SimulationHandle::release() { simulation_.release(); }

emscripten::val SimulationHandle::drag_state() {
  drag_buffer_.clear();
  if (simulation_.has_scene() && simulation_.data().drag.body >= 0) {
    const DragSpring& drag = simulation_.data().drag;
    const Vec3 point = drag_point(drag, simulation_.data().position[drag.body], simulation_.data().orientation[drag.body]);
    drag_buffer_ = {static_cast<double>(drag.body), drag.point.x(), drag.point.y(), drag.point.z(), drag.target.x(),
                    drag.target.y(), drag.target.z(), point.x(), point.y(), point.z()};
  }
  return float64_view(drag_buffer_);
}

emscripten::val SimulationHandle::grasp_wrenches() {
  wrench_buffer_.clear();
  for (const Vec6& wrench : simulation_.grasp_wrenches()) append_record(wrench_layout(), wrench, wrench_buffer_);
  return float64_view(wrench_buffer_);
}

emscripten::val SimulationHandle::link_pose(const std::string& articulation, const std::string& link) {
  link_pose_buffer_.clear();
  if (const std::optional<Pose> pose = simulation_.link_pose(articulation, link)) {
    append_record(frame_layout(), Frame{pose->position, Quat(pose->rotation)}, link_pose_buffer_);
  }
  return float64_view(link_pose_buffer_);
}

void SimulationHandle::set_checkpoint_capacity(double capacity) {
  const double count = capacity >= 0 ? std::floor(std::fmin(capacity, kMaxCheckpoints)) : 0;
  checkpoints_.set_capacity(static_cast<std::size_t>(count));
}

void SimulationHandle::save_checkpoint() { checkpoints_.save(simulation_); }

double SimulationHandle::restore_checkpoint(double step) {
  if (!(step >= 0)) return -1;
  const Checkpoint* checkpoint = checkpoints_.at_or_before(static_cast<long>(std::fmin(step, kLastStep)));
  if (!checkpoint || !simulation_.restore(*checkpoint).ok()) return -1;
  return static_cast<double>(checkpoint->data.step_count);
}

void SimulationHandle::discard_checkpoints_after(double step) {
  if (!(step >= -1)) return;
  const long last = static_cast<long>(std::fmin(step, kLastStep));
  checkpoints_.discard_after(last);
  simulation_.discard_state_log_after(last);
}

double SimulationHandle::oldest_checkpoint() const { return static_cast<double>(checkpoints_.oldest_step()); }

}  // namespace contactlab

namespace contactlab {

void SimulationHandle::keep_lcp_problems(bool keep) { simulation_.keep_island_problems(keep); }

namespace {

const char* problem_kind_name(IslandProblemKind kind) {
  switch (kind) {
    case IslandProblemKind::Lcp: return "lcp";
    case IslandProblemKind::EdgeQp: return "qp";
    case IslandProblemKind::ConeProgram: return "cone";
  }
  return "lcp";
}

}  // namespace

std::string SimulationHandle::lcp_problems() const {
  nlohmann::json problems = nlohmann::json::array();
  if (!simulation_.has_scene()) return problems.dump();
  const Model& model = simulation_.model();
  const Data& data = simulation_.data();
  for (const IslandProblem& lcp : data.solver.island_problems) {
    nlohmann::json contacts = nlohmann::json::array();
    for (const int c : lcp.contacts) {
      const ContactRecord& contact = data.contacts[c];
      contacts.push_back({model.bodies[contact.body_a].name, model.bodies[contact.body_b].name});
    }
    nlohmann::json cones = nlohmann::json::array();
    for (const ProblemCone& cone : lcp.cones) {
      cones.push_back({{"first", cone.first}, {"size", cone.size}, {"mu", cone.friction_coefficient}});
    }
    nlohmann::json boxes = nlohmann::json::array();
    for (const ProblemBox& box : lcp.boxes) boxes.push_back({{"unknown", box.unknown}, {"bound", box.bound}});
    const ProblemCertificate& certificate = lcp.certificate;
    problems.push_back({{"island", lcp.island},
                        {"kind", problem_kind_name(lcp.kind)},
                        {"formulation", lcp.formulation},
                        {"variant", lcp.variant},
                        {"size", lcp.offset.size()},
                        {"contactCount", lcp.contact_count},
                        {"frictionEdges", lcp.friction_edges},
                        {"iterations", lcp.iterations},
                        {"method", lcp.method},
                        {"regularised", lcp.regularisation.size() > 0 && lcp.regularisation.maxCoeff() > 0},
                        {"relativeTolerance", lcp.relative_tolerance},
                        {"fallback", lcp.fallback},
                        {"omittedUnknowns", lcp.omitted_unknowns},
                        {"omittedNonzeros", lcp.omitted_nonzeros},
                        {"cones", cones},
                        {"boxes", boxes},
                        {"certificate",
                         {{"primal", certificate.primal},
                          {"dual", certificate.dual},
                          {"complementarity", certificate.complementarity},
                          {"equation", certificate.equation},
                          {"scale", certificate.scale},
                          {"tolerance", certificate.tolerance},
                          {"holds", certificate.holds},
                          {"infeasible", certificate.infeasible},
                          {"rayResidual", certificate.ray_residual},
                          {"rayGap", certificate.ray_gap},
                          {"verdict", certificate.verdict}}},
                        {"labels", lcp.labels},
                        {"contacts", contacts}});
  }
  return problems.dump();
}

emscripten::val SimulationHandle::lcp_values(double index) {
  lcp_buffer_.clear();
  const std::vector<IslandProblem>* problems = simulation_.has_scene() ? &simulation_.data().solver.island_problems : nullptr;
  if (problems && index >= 0 && index < static_cast<double>(problems->size())) {
    const IslandProblem& lcp = (*problems)[static_cast<std::size_t>(index)];
    const Eigen::Index n = lcp.offset.size();
    lcp_buffer_.reserve(n * n + 3 * n);
    for (Eigen::Index i = 0; i < n; ++i) {
      for (Eigen::Index j = 0; j < n; ++j) lcp_buffer_.push_back(lcp.matrix(i, j));
    }
    for (const Eigen::VectorXd* vector : {&lcp.offset, &lcp.z, &lcp.w}) {
      lcp_buffer_.insert(lcp_buffer_.end(), vector->data(), vector->data() + n);
    }
  }
  return float64_view(lcp_buffer_);
}

std::string SimulationHandle::lcp_text(double index) const {
  if (!simulation_.has_scene()) return "";
  const std::vector<IslandProblem>& problems = simulation_.data().solver.island_problems;
  if (!(index >= 0 && index < static_cast<double>(problems.size()))) return "";
  return island_problem_text(simulation_.model(), simulation_.options(), simulation_.data(),
                         problems[static_cast<std::size_t>(index)]);
}

}  // namespace contactlab
