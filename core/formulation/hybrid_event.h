// An event of seed 004's hybrid model ("Putting it all together"): the instant a guard
// crossed zero, what happened there and at which contact.
#pragma once

namespace contactlab {

enum class HybridEventKind {
  Impact = 0,       // an inactive contact closed (phi_i > 0 -> 0) with v_n < 0: a reset map
  Zeno = 1,         // an impact slower than the Zeno speed: e = 0, sustained contact
  Touch = 2,        // an inactive contact closed at rest speed: it became active, no impulse
  Open = 3,         // an active contact let go (lambda_i -> 0, phi_dot_i >= 0)
  StickToSlip = 4,  // a sticking contact's friction reached the cone, mu_s lambda_n
  SlipToStick = 5,  // a sliding contact's slip speed reached zero
  // The integrator could not pass a jump of the smooth dynamics that no guard names
  // (an active contact's feature vanishing: a box's corner passing over an edge), so
  // the active set was chosen again there (hybrid_advance.h); no contact named.
  Reselect = 6,
};

// The word the events CSV and the page show ("impact", "zeno", "touch", "open",
// "stick_to_slip", "slip_to_stick", "reselect").
const char* hybrid_event_name(HybridEventKind kind);

struct HybridEvent {
  double time = 0;  // [s], located to Options::hybrid_event_tolerance
  HybridEventKind kind = HybridEventKind::Impact;
  int body_a = -1;  // -1 at a joint limit (hybrid_transitions.h) and at a reselect
  int body_b = -1;  // -1 at a reselect
  int geom_a = -1;
  int geom_b = -1;
  int feature = 0;             // the narrow phase's point within the geom pair
  double normal_velocity = 0;  // phi_dot just before the event [m/s]
};

}  // namespace contactlab
