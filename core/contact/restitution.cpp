#include "contact/restitution.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

double applied_restitution(double materials, const Options& options) {
  return options.restitution >= 0 ? options.restitution : materials;
}

double contact_restitution(const Model& model, const Options& options, int geom_a, int geom_b) {
  const FrictionPair& materials =
      model.friction(model.geoms[geom_a].material, model.geoms[geom_b].material);
  return applied_restitution(materials.restitution, options);
}

double restitution_threshold_speed(const Options& options) {
  const Vec3& g = options.gravity;
  const double gravity = std::sqrt(g.x() * g.x() + g.y() * g.y() + g.z() * g.z());
  return std::max(gravity * options.time_step, options.kinetic_threshold_speed);
}

std::optional<double> newton_impact_velocity(double restitution, double normal_velocity,
                                             const Options& options) {
  if (!(restitution > 0) || !(normal_velocity < -restitution_threshold_speed(options))) {
    return std::nullopt;
  }
  return -restitution * normal_velocity;
}

void fold_newton_restitution(const std::vector<Vec3>& start_velocity, const Options& options,
                             IslandRows& rows) {
  for (int c = 0; c < rows.contact_count; ++c) {
    const double normal_velocity = start_velocity[c].x();  // v_n^l
    const std::optional<double> impact =
        newton_impact_velocity(rows.restitution[c], normal_velocity, options);
    // Closes within the step: at v_n^l the row's eq. (19) bound would bind.
    if (!impact || !(normal_velocity < rows.target_velocity[c])) continue;
    rows.target_velocity[c] = std::max(rows.target_velocity[c], *impact);
  }
}

}  // namespace contactlab
