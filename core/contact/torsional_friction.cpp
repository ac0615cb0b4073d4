#include "contact/torsional_friction.h"

#include <algorithm>

namespace contactlab {

double applied_torsional_friction(double materials, const Options& options) {
  return options.torsional_friction >= 0 ? options.torsional_friction : materials;
}

double contact_torsional_friction(const Model& model, const Options& options, int geom_a, int geom_b) {
  const FrictionPair& materials =
      model.friction(model.geoms[geom_a].material, model.geoms[geom_b].material);
  return applied_torsional_friction(materials.torsional_friction, options);
}

bool has_torsional_friction(const Model& model, const Options& options) {
  return std::any_of(model.friction_table.begin(), model.friction_table.end(), [&](const FrictionPair& pair) {
    return applied_torsional_friction(pair.torsional_friction, options) > 0;
  });
}

}  // namespace contactlab
