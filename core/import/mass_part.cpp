#include "import/mass_part.h"

namespace contactlab {

MassPart combine_mass_parts(const std::vector<MassPart>& parts) {
  MassPart total;
  for (const MassPart& part : parts) {
    total.mass += part.mass;
    total.com += part.mass * part.com;
  }
  if (!(total.mass > 0)) return total;
  total.com /= total.mass;
  for (const MassPart& part : parts) {
    const Vec3 d = part.com - total.com;
    total.inertia += part.inertia + part.mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  }
  return total;
}

}  // namespace contactlab
