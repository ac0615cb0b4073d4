// Running a link (link_payload.h) in a Simulation: the command line's `run --link` and
// the page's session do the same calls in the same order, so both reach the same state
// bit for bit (docs/links.md, "Replay").
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"
#include "session/link_payload.h"
#include "session/simulation.h"

namespace contactlab {

// Loads `scene_text` (link_scene_text) and sets the link's options in order. On
// failure the message names the field, and `simulation` may hold the scene without
// all of the options: callers load into a fresh Simulation.
Status start_link(Simulation& simulation, const LinkPayload& payload, const std::string& scene_text);

// Applies one action to `simulation`; a ghost action (compare mode's other
// formulation) changes nothing here.
Status apply_action(Simulation& simulation, const SessionAction& action);

// Steps `simulation` (at `step_count()` steps since the link's start, which the caller
// counts) to `target` steps, applying each journal action from `next_action` on when
// its step comes; `next_action` advances past those applied. Fails naming the action
// (journal[i]) that the simulation refused.
Status replay_link(Simulation& simulation, const LinkPayload& payload, long& steps_taken, long target,
                   std::size_t& next_action);

}  // namespace contactlab
