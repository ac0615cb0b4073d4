// A step of an event-driven formulation (formulation/formulation.h, event_driven(options)):
// the formulation advances the bodies over the whole step itself; here its result
// becomes the step's read-outs: the state, data.events, the active contacts as contact
// records (their force the instantaneous lambda at the end of the step, not an
// impulse / h) and the status.
#pragma once

#include "dynamics/model.h"
#include "formulation/formulation.h"
#include "step/data.h"

namespace contactlab {

// (q, v at t) => (q, v at t + h), data.events, data.contacts, data.solver.
void advance_event_driven_step(const Model& model, const Options& options, ContactFormulation& formulation,
                               Data& data);

}  // namespace contactlab
