#include "import/ground_contact_report.h"

#include <string>

#include "base/number_text.h"
#include "collision/collide.h"

namespace contactlab {
namespace {

constexpr double kGroundTouch = 1e-4;      // [m] a link lower at the start pose is reported (contact threshold)
constexpr double kGroundClearance = 1e-3;  // [m] the height the report suggests

// Whether draft d moves, and on revolute joints alone (no slide or free joint above it).
bool moves_on_revolutes_alone(const std::vector<DraftLink>& drafts, int d) {
  bool revolute = false;
  for (int a = d; a >= 0; a = drafts[a].parent) {
    if (drafts[a].type == "prismatic" || drafts[a].type == "free") return false;
    revolute = revolute || drafts[a].type == "revolute";
  }
  return revolute;
}

}  // namespace

void report_ground_contacts(const std::vector<DraftLink>& drafts, ImportReport& report) {
  double lowest = kGroundTouch;
  std::string lowest_link;
  for (size_t d = 0; d < drafts.size(); ++d) {
    if (!moves_on_revolutes_alone(drafts, static_cast<int>(d))) continue;
    for (const auto& [shape, pose] : drafts[d].shapes) {
      const double z = bounding_box(shape, drafts[d].world.compose(pose), 0).min.z();
      if (z < lowest) {
        lowest = z;
        lowest_link = drafts[d].name;
      }
    }
  }
  if (lowest_link.empty()) return;
  report.warn("link " + contactlab::quoted(lowest_link) + ": its collision geometry reaches z = " + report_number(lowest) +
              " m at the start pose, on or under the ground plane z = 0, while the robot's base is fixed; where "
              "a link cannot move along the contact normal (a wheel under its axle) the step leaves that contact "
              "out and the link stays in the ground without force: raise it with --base (z + " +
              report_number(kGroundClearance - lowest) + " m clears it)");
}

}  // namespace contactlab
