#include "contact/anisotropic_friction.h"

#include <algorithm>

#include "contact/friction_coefficient.h"

namespace contactlab {

bool is_anisotropic(const FrictionPair& applied, const Vec3& friction_direction) {
  return applied.anisotropic() && friction_direction.squaredNorm() > 0;
}

ContactFrictionFrame anisotropic_friction_frame(const FrictionPair& applied, const Vec3& normal,
                                                const Vec3& friction_direction,
                                                const Vec3& tangent1, const Vec3& tangent2,
                                                double slip_speed, const Options& options) {
  ContactFrictionFrame frame;
  const Vec3 along = friction_direction - friction_direction.dot(normal) * normal;
  const double length = along.norm();
  if (length > 1e-6) {
    frame.t1 = along / length;
    frame.t2 = normal.cross(frame.t1);
  } else {
    frame.t1 = tangent1;
    frame.t2 = tangent2;
  }
  const bool sticks = slip_speed < options.kinetic_threshold_speed;  // eq. (13)
  const double mu1 = sticks ? applied.static_coefficient : applied.kinetic_coefficient;
  const double mu2 = sticks ? applied.static_across : applied.kinetic_across;
  frame.coefficient = std::max(mu1, mu2);
  if (frame.coefficient > 0) {
    frame.scale1 = mu1 / frame.coefficient;
    frame.scale2 = mu2 / frame.coefficient;
  }
  return frame;
}

bool has_anisotropic_friction(const Model& model, const Options& options) {
  const bool directed = std::any_of(model.geoms.begin(), model.geoms.end(), [](const Geom& geom) {
    return geom.friction_direction.squaredNorm() > 0;
  });
  return directed && std::any_of(model.friction_table.begin(), model.friction_table.end(),
                                 [&](const FrictionPair& pair) {
                                   return applied_friction(pair, options).anisotropic();
                                 });
}

FrictionPair largest_friction(const FrictionPair& applied) {
  FrictionPair largest = applied;
  if (!applied.anisotropic()) return largest;
  largest.static_coefficient = std::max(applied.static_coefficient, applied.static_across);
  largest.kinetic_coefficient = std::max(applied.kinetic_coefficient, applied.kinetic_across);
  largest.static_across = largest.kinetic_across = -1;
  return largest;
}

}  // namespace contactlab
