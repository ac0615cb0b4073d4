// The events CSV (the CLI's run --events PATH): one row per event of an event-driven
// formulation (formulation/hybrid_event.h), in time order:
//   t, kind, body_a, body_b, geom_a, geom_b, feature, vn
// t the event's instant (not the reported step's), kind its word (hybrid_event_name),
// the contact as its bodies' names, its geoms' indices and the narrow phase's feature
// within the pair, and vn the normal velocity just before an impact [m/s] (0 for the
// other kinds). At a joint limit, body_a is "joint_limit", body_b the limited link,
// the geoms -1, feature 0 the lower limit or 1 the upper, and vn the joint's rate
// toward it; at a joint's friction (stick_to_slip, slip_to_stick) body_a is
// "joint_friction", body_b the joint's link, the geoms -1, feature 0 and vn 0; a
// reselect names no contact (both bodies empty). Numbers as the state CSV writes them (exact_number).
#pragma once

#include <ostream>

#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

void write_events_header(std::ostream& out);
// The last step's events (data.events).
void write_event_rows(const Model& model, const Data& data, std::ostream& out);

}  // namespace contactlab
