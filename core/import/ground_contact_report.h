// The import's warning about a link in the ground at the start pose (docs/urdf.md): a
// link that moves on revolute joints alone (a wheel, an arm's first link) whose
// collision geometry reaches below z = 1e-4 m, the contact threshold, while the base
// is fixed. Where such a link cannot move along the contact normal (a wheel under its
// axle) no impulse can separate it, and the step leaves that contact out
// (contact/contact_rows.h immobile_normal): the wheel stays in the ground without
// force. The warning names the lowest such link and the --base lift that puts it
// 1 mm above the ground.
#pragma once

#include <vector>

#include "import/draft_links.h"
#include "import/import_report.h"

namespace contactlab {

// (drafts' shapes at their start poses) => at most one warning.
void report_ground_contacts(const std::vector<DraftLink>& drafts, ImportReport& report);

}  // namespace contactlab
