#include "dynamics/guard_root.h"

#include <cmath>

namespace contactlab {

GuardBracket locate_guard_root(const std::function<double(double)>& guard, double before, double value_before,
                               double after, double value_after, double time_tolerance) {
  GuardBracket bracket{before, after, 0};
  int kept_side = 0;  // +1 when `before` was kept last time, -1 for `after`
  while (bracket.after - bracket.before > time_tolerance && bracket.evaluations < 200) {
    double t = bracket.before + value_before * (bracket.after - bracket.before) / (value_before - value_after);
    // A secant point at an end (or outside, by rounding) bisects instead.
    if (!(t > bracket.before && t < bracket.after)) t = 0.5 * (bracket.before + bracket.after);
    const double value = guard(t);
    ++bracket.evaluations;
    if (value > 0) {
      bracket.before = t;
      value_before = value;
      if (kept_side == -1) value_after *= 0.5;
      kept_side = -1;
    } else {
      bracket.after = t;
      value_after = value;
      if (kept_side == 1) value_before *= 0.5;
      kept_side = 1;
    }
  }
  return bracket;
}

}  // namespace contactlab
