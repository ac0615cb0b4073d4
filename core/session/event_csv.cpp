#include "session/event_csv.h"

#include <string>

#include "session/state_csv.h"

namespace contactlab {

void write_events_header(std::ostream& out) { out << "t,kind,body_a,body_b,geom_a,geom_b,feature,vn\n"; }

void write_event_rows(const Model& model, const Data& data, std::ostream& out) {
  for (const HybridEvent& event : data.events) {
    // A joint's event: its friction's stick/slip, else its limit's.
    const bool friction = event.kind == HybridEventKind::StickToSlip || event.kind == HybridEventKind::SlipToStick;
    const std::string body_a = event.body_a >= 0   ? model.bodies[event.body_a].name
                               : event.body_b < 0 ? ""
                               : friction         ? "joint_friction"
                                                  : "joint_limit";
    const std::string body_b = event.body_b >= 0 ? model.bodies[event.body_b].name : "";
    out << exact_number(event.time) << ',' << hybrid_event_name(event.kind) << ',' << body_a << ',' << body_b << ','
        << event.geom_a << ',' << event.geom_b << ',' << event.feature << ',' << exact_number(event.normal_velocity) << '\n';
  }
}

}  // namespace contactlab
