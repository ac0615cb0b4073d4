#include "import/pd_gain_rule.h"

#include <algorithm>
#include <cmath>

namespace contactlab {

PdGains imported_pd_gains(const JointLoad& load, double effort) {
  PdGains gains;
  const double w = kImportedNaturalFrequency;
  gains.stiffness = std::min(kMaxImportedGain, std::max(load.inertia * w * w, load.gravity_torque / kImportedGravitySag));
  gains.damping = std::min(kMaxImportedGain, 2 * std::sqrt(gains.stiffness * load.inertia));
  if (effort > 0) gains.max_torque = effort;
  return gains;
}

}  // namespace contactlab
