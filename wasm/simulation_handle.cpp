#include "simulation_handle.h"

#include <cmath>

#include "formulation/solver_report.h"

namespace contactlab {

emscripten::val float64_view(const std::vector<double>& values) {
  return emscripten::val(emscripten::typed_memory_view(values.size(), values.data()));
}

std::string SimulationHandle::load_scene(const std::string& json_text) {
  return simulation_.load_scene(json_text).message();
}

std::string SimulationHandle::set_option(const std::string& name, double value) {
  return simulation_.set_option(name, value).message();
}

double SimulationHandle::get_option(const std::string& name) const { return simulation_.option(name); }

void SimulationHandle::reset() { simulation_.reset(); }

double SimulationHandle::step(double count) {
  if (!(count >= 1)) return 0;
  return static_cast<double>(simulation_.step(static_cast<long>(std::floor(std::fmin(count, 1e6)))));
}

double SimulationHandle::time() const { return simulation_.has_scene() ? simulation_.data().time : 0; }

double SimulationHandle::step_count() const {
  return simulation_.has_scene() ? static_cast<double>(simulation_.data().step_count) : 0;
}

std::string SimulationHandle::scene_description() const { return simulation_.scene_description(); }

emscripten::val SimulationHandle::body_poses() { return float64_view(simulation_.body_poses()); }

emscripten::val SimulationHandle::body_velocities() { return float64_view(simulation_.body_velocities()); }

double SimulationHandle::contact_count() const {
  return simulation_.has_scene() ? static_cast<double>(simulation_.data().contacts.size()) : 0;
}

emscripten::val SimulationHandle::contacts() { return float64_view(simulation_.contact_values()); }

double SimulationHandle::lcp_size() const {
  return simulation_.has_scene() ? simulation_.data().solver.lcp_size : 0;
}

double SimulationHandle::pivots() const {
  return simulation_.has_scene() ? simulation_.data().solver.pivots : 0;
}

double SimulationHandle::iterations() const {
  return simulation_.has_scene() ? simulation_.data().solver.iterations : 0;
}

double SimulationHandle::island_count() const {
  return simulation_.has_scene() ? simulation_.data().solver.islands : 0;
}

std::string SimulationHandle::solver_status() const {
  if (!simulation_.has_scene()) return "no scene";
  return solver_status_name(simulation_.data().solver.status);
}

std::string SimulationHandle::solver_message() const {
  return simulation_.has_scene() ? fallback_message(simulation_.data().solver.fallbacks) : "";
}

emscripten::val SimulationHandle::joint_state(double articulation) {
  // Not an index (NaN, fractional, out of range): the empty view.
  const bool index = articulation >= 0 && articulation < 1e6 && articulation == std::floor(articulation);
  return float64_view(simulation_.joint_state(index ? static_cast<int>(articulation) : -1));
}

emscripten::val SimulationHandle::grasp() { return float64_view(simulation_.grasp_values()); }

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

emscripten::val SimulationHandle::grasp_wrenches() { return float64_view(simulation_.grasp_wrenches()); }

emscripten::val SimulationHandle::link_pose(const std::string& articulation, const std::string& link) {
  return float64_view(simulation_.link_pose(articulation, link));
}

}  // namespace contactlab
