#include "step/divergence.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "base/number_text.h"
#include "dynamics/articulation/articulation_state.h"

namespace contactlab {
namespace {

constexpr double kEnergyGrowth = 0.5;  // T may grow by half in one step, besides W_g and the pushes

bool finite(const Vec3& v) { return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z()); }

bool finite(const Quat& q) { return finite(q.vec()) && std::isfinite(q.w()); }

double kinetic_energy(const Body& body, const Quat& orientation, const Vec3& linear,
                      const Vec3& angular) {
  const Vec3 body_spin = orientation.conjugate() * angular;
  return 0.5 * body.mass * linear.squaredNorm() + 0.5 * body_spin.dot(body.inertia * body_spin);
}

// The first body whose state is not finite or too fast: its reason, else "".
std::string runaway_body(const Model& model, const Data& data) {
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    const std::string name = "body " + quoted(model.bodies[b].name) + ": ";
    if (!finite(data.position[b]) || !finite(data.orientation[b])) return name + "its pose is not finite";
    if (!finite(data.linear_velocity[b]) || !finite(data.angular_velocity[b])) {
      return name + "its velocity is not finite";
    }
    const double speed = data.linear_velocity[b].norm();
    if (speed > kDivergedSpeed) {
      return name + "speed " + describe_number(speed) + " m/s above " + describe_number(kDivergedSpeed) + " m/s";
    }
    const double spin = data.angular_velocity[b].norm();
    if (spin > kDivergedSpin) {
      return name + "spin " + describe_number(spin) + " rad/s above " + describe_number(kDivergedSpin) + " rad/s";
    }
  }
  return "";
}

// The free bodies' energy jump of the header, or "" when there is none.
std::string energy_jump(const Model& model, const Options& options, const StepStart& start,
                        const std::vector<char>& weighed, const Data& data) {
  double before = 0, after = 0, gravity_work = 0, allowance = 0;
  int fastest = -1;
  double largest_gain = 0;
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const Body& body = model.bodies[b];
    if (!weighed[b]) continue;
    const double t0 = kinetic_energy(body, start.orientation[b], start.linear_velocity[b], start.angular_velocity[b]);
    const double t1 = kinetic_energy(body, data.orientation[b], data.linear_velocity[b], data.angular_velocity[b]);
    before += t0;
    after += t1;
    gravity_work += body.mass * options.gravity.dot(data.position[b] - start.position[b]);
    allowance += 0.5 * body.mass * options.max_recovery_speed * options.max_recovery_speed;
    if (t1 - t0 > largest_gain) {
      largest_gain = t1 - t0;
      fastest = static_cast<int>(b);
    }
  }
  if (!(after - before - gravity_work > kEnergyGrowth * before + allowance)) return "";
  return "kinetic energy jumped from " + describe_number(before) + " J to " + describe_number(after) +
         " J in one step (most in body " + quoted(model.bodies[fastest].name) + ")";
}

}  // namespace

void StepStart::take(const Data& data) {
  position = data.position;
  orientation = data.orientation;
  linear_velocity = data.linear_velocity;
  angular_velocity = data.angular_velocity;
  articulation_positions.resize(data.articulations.size());
  for (size_t a = 0; a < data.articulations.size(); ++a) {
    articulation_positions[a] = data.articulations[a].positions;
  }
}

void mark_weighed_bodies(const Model& model, const Islands& islands, bool momentum_kept,
                         std::vector<char>& weighed) {
  const int count = static_cast<int>(model.bodies.size());
  weighed.assign(count, 0);
  // No islands this step (the static auto-grasp moves only the fingers): none weighed.
  if (!momentum_kept || static_cast<int>(islands.island_of_body.size()) != count) return;
  for (int i = 0; i < islands.count(); ++i) {
    const auto first = islands.bodies.begin() + islands.body_start[i];
    const auto last = islands.bodies.begin() + islands.body_start[i + 1];
    const bool moved_by_motors =
        std::any_of(first, last, [&](int b) { return model.bodies[b].articulation >= 0; });
    if (moved_by_motors) continue;
    for (auto b = first; b != last; ++b) weighed[*b] = 1;
  }
}

bool check_divergence(const Model& model, const Options& options, const StepStart& start,
                      const std::vector<char>& weighed, Data& data) {
  const std::string runaway = runaway_body(model, data);
  if (runaway.empty()) {
    const std::string jump = energy_jump(model, options, start, weighed, data);
    if (jump.empty()) return false;
    data.solver.status = SolverStatus::Diverged;
    SolverFallback reported{FallbackReason::EnergyJump};
    reported.detail = jump;
    data.solver.fallbacks.push_back(reported);
    return true;
  }
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static || model.bodies[b].articulation >= 0) continue;
    data.position[b] = start.position[b];
    data.orientation[b] = start.orientation[b];
    data.linear_velocity[b].setZero();
    data.angular_velocity[b].setZero();
  }
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    ArticulationState& state = data.articulations[a];
    state.positions = start.articulation_positions[a];
    state.velocities.setZero();
    state.loop_rate.setZero();
    update_link_bodies(model.articulations[a], state, data.position, data.orientation,
                       data.linear_velocity, data.angular_velocity);
  }
  data.contacts.clear();
  data.limits.clear();
  data.joint_frictions.clear();
  data.solver.status = SolverStatus::Diverged;
  SolverFallback undone{FallbackReason::StepDiverged};
  undone.detail = runaway;
  data.solver.fallbacks.push_back(undone);
  return true;
}

}  // namespace contactlab
