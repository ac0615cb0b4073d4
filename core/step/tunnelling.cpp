#include "step/tunnelling.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "base/number_text.h"

namespace contactlab {

double geom_thickness(const Geom& geom) {
  const Shape& shape = geom.shape;
  switch (shape.type) {
    case ShapeType::Sphere:
    case ShapeType::Capsule: return 2 * shape.radius;
    case ShapeType::Box: return 2 * shape.half_extents.minCoeff();
    case ShapeType::Cylinder: return 2 * std::min(shape.radius, shape.half_length);
    case ShapeType::ConvexHull: {
      Vec3 extent = Vec3::Zero();
      for (const Vec3& vertex : shape.hull->vertices) extent = extent.cwiseMax(vertex.cwiseAbs());
      return 2 * extent.minCoeff();
    }
    case ShapeType::Plane: break;
  }
  return std::numeric_limits<double>::infinity();
}

void add_tunnelling_warning(const TunnellingWarning& warning, std::vector<TunnellingWarning>& warnings) {
  const bool known = std::any_of(warnings.begin(), warnings.end(), [&](const TunnellingWarning& w) {
    return w.body_a == warning.body_a && w.body_b == warning.body_b;
  });
  if (!known) warnings.push_back(warning);
}

void note_tunnelling(const Model& model, const std::vector<ContactRecord>& contacts,
                     double time_step, std::vector<TunnellingWarning>& warnings) {
  for (const ContactRecord& contact : contacts) {
    const double overshoot = -(contact.distance + time_step * contact.normal_velocity);
    const double thickness =
        std::min(geom_thickness(model.geoms[contact.geom_a]), geom_thickness(model.geoms[contact.geom_b]));
    if (overshoot > thickness) add_tunnelling_warning({contact.body_a, contact.body_b, overshoot, thickness}, warnings);
  }
}

std::string tunnelling_message(const Model& model, const TunnellingWarning& warning) {
  return "body " + quoted(model.bodies[warning.body_b].name) + " may have passed through body " +
         quoted(model.bodies[warning.body_a].name) + ": it moved " + describe_number(warning.overshoot) +
         " m past their contact in one step, more than the thinner geom's " +
         describe_number(warning.thickness) + " m (docs/physics_robustness.md)";
}

}  // namespace contactlab
