// Where a guard of seed 004's hybrid model crosses zero ("Putting it all together":
// phi_i > 0 -> 0, lambda_i > 0 -> 0, ...): a bracket [a, b] with g(a) > 0 >= g(b) on a
// step's dense output is shrunk by the Illinois variant of regula falsi (Dowell &
// Jarratt 1971: the end kept twice has its value halved, so the bracket closes
// superlinearly from both sides) until it is narrower than the tolerance.
#pragma once

#include <functional>

namespace contactlab {

struct GuardBracket {
  double before = 0;  // a: the guard is still positive here
  double after = 0;   // b: it is <= 0 here (the event's time)
  int evaluations = 0;
};

// Shrinks [before, after] (g(before) = value_before > 0 >= g(after) = value_after) to
// width <= time_tolerance, at most 200 evaluations of g.
GuardBracket locate_guard_root(const std::function<double(double)>& guard, double before, double value_before,
                               double after, double value_after, double time_tolerance);

}  // namespace contactlab
