#include "session/event_csv.h"

#include "session/state_csv.h"

namespace contactlab {

void write_events_header(std::ostream& out) { out << "t,kind,body_a,body_b,geom_a,geom_b,feature,vn\n"; }

void write_event_rows(const Model& model, const Data& data, std::ostream& out) {
  for (const HybridEvent& event : data.events) {
    out << exact_number(event.time) << ',' << hybrid_event_name(event.kind) << ','
        << model.bodies[event.body_a].name << ',' << model.bodies[event.body_b].name << ',' << event.geom_a << ','
        << event.geom_b << ',' << event.feature << ',' << exact_number(event.normal_velocity) << '\n';
  }
}

}  // namespace contactlab
