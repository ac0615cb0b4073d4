#include "contact/friction_coefficient.h"

#include <cmath>

namespace contactlab {

FrictionPair applied_friction(const FrictionPair& materials, const Options& options) {
  if (!(options.friction_coefficient >= 0)) return materials;
  return FrictionPair{options.friction_coefficient, options.friction_coefficient};
}

FrictionPair contact_friction(const Model& model, const Options& options, int geom_a, int geom_b) {
  const FrictionPair& materials =
      model.friction(model.geoms[geom_a].material, model.geoms[geom_b].material);
  return applied_friction(materials, options);
}

double tangential_slip(const Vec3& frame_velocity) {
  return std::hypot(frame_velocity.y(), frame_velocity.z());
}

double friction_coefficient(const FrictionPair& friction, double slip_speed,
                            const Options& options) {
  return slip_speed < options.kinetic_threshold_speed ? friction.static_coefficient
                                                      : friction.kinetic_coefficient;
}

}  // namespace contactlab
