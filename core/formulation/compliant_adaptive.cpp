#include "formulation/compliant_adaptive.h"

#include <string>

#include <Eigen/Core>

#include "contact/anisotropic_friction.h"
#include "contact/friction_coefficient.h"
#include "contact/friction_cone.h"
#include "contact/restitution.h"
#include "dynamics/dormand_prince.h"
#include "formulation/compliant_contact_force.h"
#include "formulation/hybrid_bodies.h"
#include "formulation/hybrid_smooth_dynamics.h"
#include "formulation/restitution_damping.h"

namespace contactlab {
namespace {

// y' of the free bodies under gravity, the applied wrench and the compliant contact
// forces at y; with `reports`, each pushing contact's force and velocities at y.
class CompliantRate {
 public:
  CompliantRate(const Model& model, const Options& options, HybridBodies& bodies)
      : model_(model), options_(options), bodies_(bodies) {}

  void evaluate(const Eigen::VectorXd& state, Eigen::VectorXd& derivative,
                std::vector<HybridContactReport>* reports = nullptr) {
    const int slots = bodies_.slot_count();
    const Eigen::VectorXd velocity = hybrid_velocity(bodies_, state);
    // (q, v) => M^-1 per slot, and m g, -w x (I w), the applied wrench
    inverse_.resize(slots);
    Eigen::VectorXd force(bodies_.velocity_size());
    for (int s = 0; s < slots; ++s) {
      const Body& body = model_.bodies[bodies_.body[s]];
      const Quat orientation = hybrid_orientation(state, s);
      inverse_[s] = inverse_mass_at(body, orientation);
      const Mat3 rotation = orientation.toRotationMatrix();
      const Vec3 w = velocity.segment<3>(6 * s + 3);
      force.segment<3>(6 * s) = body.mass * options_.gravity;
      force.segment<3>(6 * s + 3) = -w.cross(rotation * body.inertia * rotation.transpose() * w);
    }
    if (bodies_.applied_slot >= 0) force.segment<6>(6 * bodies_.applied_slot) += bodies_.applied_wrench;
    // (y) => contact points => J^T f
    if (reports != nullptr) reports->clear();
    hybrid_contact_points(model_, state, options_.contact_margin, bodies_, points_);
    for (const HybridContactPoint& point : points_) {
      if (!(point.distance < 0)) continue;
      Vec3 t1, t2;
      tangent_basis(point.normal, t1, t2);
      const Vec3 relative = hybrid_relative_velocity(bodies_, point, velocity);
      const Vec3 frame_velocity(relative.dot(point.normal), relative.dot(t1), relative.dot(t2));
      const Eigen::RowVectorXd normal_row = hybrid_contact_row(bodies_, point, point.normal);
      const double normal_inverse_mass = normal_row.dot(apply_inverse(normal_row.transpose()));
      const int geom_a = point.key.geom_a;
      const int geom_b = point.key.geom_b;
      const FrictionPair friction = contact_friction(model_, options_, geom_a, geom_b);
      const double restitution = applied_restitution(
          model_.friction(model_.geoms[geom_a].material, model_.geoms[geom_b].material).restitution, options_);
      const double damping_ratio =
          restitution > 0 ? damping_ratios_.of_restitution(restitution) : options_.compliant_damping_ratio;
      const Vec3 frame_force =
          compliant_contact_force(point.distance, frame_velocity, normal_inverse_mass, damping_ratio,
                                  friction.static_coefficient, friction.kinetic_coefficient, options_);
      const Vec3 world_force = frame_force.x() * point.normal + frame_force.y() * t1 + frame_force.z() * t2;
      force += hybrid_contact_row(bodies_, point, world_force).transpose();
      if (reports != nullptr && frame_force.x() > 0) {
        HybridContactReport report;
        report.point = point;
        const double slip = tangential_slip(frame_velocity);
        report.mode = slip < options_.compliant_stiction_speed ? HybridContactMode::Stick : HybridContactMode::Slip;
        report.normal_force = frame_force.x();
        report.friction_force = frame_force.y() * t1 + frame_force.z() * t2;
        report.friction_coefficient = report.friction_force.norm() / frame_force.x();
        report.normal_velocity = frame_velocity.x();
        report.tangential_velocity = relative - frame_velocity.x() * point.normal;
        reports->push_back(report);
      }
    }
    const Eigen::VectorXd acceleration = apply_inverse(force);
    derivative.resize(state.size());
    write_hybrid_slot_rates(bodies_, state, acceleration, derivative);
  }

 private:
  // M^-1 x, block by slot.
  Eigen::VectorXd apply_inverse(const Eigen::VectorXd& x) const {
    Eigen::VectorXd out(x.size());
    for (int s = 0; s < bodies_.slot_count(); ++s) {
      out.segment<3>(6 * s) = inverse_[s].inverse_mass * x.segment<3>(6 * s);
      out.segment<3>(6 * s + 3) = inverse_[s].inverse_inertia * x.segment<3>(6 * s + 3);
    }
    return out;
  }

  const Model& model_;
  const Options& options_;
  HybridBodies& bodies_;
  std::vector<InverseMass> inverse_;
  std::vector<HybridContactPoint> points_;
  DampingRatioTable damping_ratios_;
};

// Each slot's quaternion back to unit length after an accepted step.
void normalize_orientations(int slots, Eigen::VectorXd& state) {
  for (int s = 0; s < slots; ++s) {
    auto quaternion = state.segment<4>(kHybridSlotState * s + 3);
    quaternion /= quaternion.norm();
  }
}

}  // namespace

HybridStepResult advance_compliant_adaptive(const Model& model, const Options& options, double time,
                                            std::vector<Vec3>& position, std::vector<Quat>& orientation,
                                            std::vector<Vec3>& linear_velocity, std::vector<Vec3>& angular_velocity,
                                            std::vector<ArticulationState>& articulations, const BodyWrench& applied) {
  if (!model.articulations.empty()) {
    return unsupported_step(time, "compliant contact with error control moves free bodies only; articulations "
                                  "need compliant_integration substeps");
  }
  if (has_anisotropic_friction(model, options)) {
    return unsupported_step(time, "compliant contact with error control poses isotropic friction only; "
                                  "anisotropic friction needs compliant_integration substeps");
  }
  HybridStepResult result;
  result.reached = time;
  HybridBodies bodies;
  make_hybrid_bodies(model, position, orientation, bodies);
  if (applied.body >= 0 && bodies.slot_of_body[applied.body] >= 0) {
    bodies.applied_slot = bodies.slot_of_body[applied.body];
    bodies.applied_wrench = applied.wrench;
  }
  Eigen::VectorXd state =
      pack_hybrid_state(bodies, position, orientation, linear_velocity, angular_velocity, articulations);
  CompliantRate rate(model, options, bodies);
  const OdeRightHandSide right_hand_side = [&rate](double, const Eigen::VectorXd& y, Eigen::VectorXd& dy) {
    rate.evaluate(y, dy);
  };
  const OdeTolerances tolerances{options.compliant_relative_tolerance, options.compliant_absolute_tolerance};
  Eigen::VectorXd derivative;
  rate.evaluate(state, derivative);
  const double end = time + options.time_step;
  double now = time;
  double trial = options.time_step;
  DormandPrinceStep step;
  // (y at t) => y at t + h, one accepted Dormand-Prince step after another
  while (now < end) {
    if (result.integrator_steps >= options.compliant_max_integrator_steps) {
      result.outcome = HybridOutcome::IntegratorLimit;
      result.detail = "compliant, error-controlled: " + std::to_string(options.compliant_max_integrator_steps) +
                      " integrator steps did not reach the step's end (stopped at t = " + std::to_string(now) +
                      " s; raise compliant_max_integrator_steps or the tolerances)";
      break;
    }
    const double remaining = end - now;
    if (!dormand_prince_step(right_hand_side, now, state, derivative, remaining, kCompliantMinStepSize, tolerances,
                             trial, step)) {
      result.outcome = HybridOutcome::IntegratorFailed;
      result.detail = "compliant, error-controlled: the step size fell below " +
                      std::to_string(kCompliantMinStepSize) + " s or the state turned non-finite at t = " +
                      std::to_string(now) + " s";
      break;
    }
    ++result.integrator_steps;
    state = step.end_state;
    normalize_orientations(bodies.slot_count(), state);
    rate.evaluate(state, derivative);
    now = step.size >= remaining ? end : step.end_time();
  }
  result.reached = now;
  unpack_hybrid_state(model, bodies, state, position, orientation, linear_velocity, angular_velocity, articulations);
  Eigen::VectorXd unused;
  rate.evaluate(state, unused, &result.contacts);
  return result;
}

}  // namespace contactlab
