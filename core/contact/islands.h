// Seed 002 §4 step 9: dynamic bodies connected by contacts form islands that are
// solved independently. Static bodies never join islands.
#pragma once

#include <vector>

namespace contactlab {

// Bodies grouped into islands. Islands are numbered by their lowest body index and
// list bodies in increasing index order, so the grouping is deterministic.
struct Islands {
  std::vector<int> island_of_body;    // -1 for static bodies
  std::vector<int> body_start;        // bodies of island i: bodies[body_start[i] .. body_start[i+1])
  std::vector<int> bodies;
  std::vector<int> scratch;            // reused by find_islands
  int count() const { return static_cast<int>(body_start.size()) - 1; }
};

// `is_dynamic[b]` marks dynamic bodies; `links` holds body pairs joined by a contact
// (either may be static, which joins nothing).
void find_islands(const std::vector<char>& is_dynamic,
                  const std::vector<std::pair<int, int>>& links, Islands& islands);

}  // namespace contactlab
