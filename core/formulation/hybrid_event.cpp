#include "formulation/hybrid_event.h"

namespace contactlab {

const char* hybrid_event_name(HybridEventKind kind) {
  switch (kind) {
    case HybridEventKind::Impact: return "impact";
    case HybridEventKind::Zeno: return "zeno";
    case HybridEventKind::Touch: return "touch";
    case HybridEventKind::Open: return "open";
    case HybridEventKind::StickToSlip: return "stick_to_slip";
    case HybridEventKind::SlipToStick: return "slip_to_stick";
    case HybridEventKind::Reselect: return "reselect";
  }
  return "impact";
}

}  // namespace contactlab
