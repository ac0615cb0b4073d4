// `contactlab run ... --lcp-dump DIR`: every step's LCP per island (seed 002 eq. 21,
// w = M z + q >= 0, z >= 0, z'w = 0; formulation/contact_lcp.h) as a file
// DIR/step_NNNNNN_island_I.lcp in the Siconos dense format that `contactlab lcp` reads,
// with comment lines giving the scene, the step, the layout of z, each unknown's name
// and the step's own answer (session/island_lcp_text.h).
#pragma once

#include <string>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

// The directory, created if it does not exist; a message naming --lcp-dump when it
// cannot be, or when the formulation poses no LCP.
Status prepare_lcp_dump(const std::string& directory, const Options& options);

// Writes the last step's problems (data.solver.lcp_problems); a message naming
// --lcp-dump and the file when one cannot be written.
Status write_lcp_dump(const std::string& directory, const Model& model, const Options& options,
                      const Data& data);

}  // namespace contactlab
