// `contactlab run ... --lcp-dump DIR`: every step's problem per island, as the
// formulation posed it (formulation/island_problem.h): seed 002's LCP (lcp, quasistatic
// with its "lcp" problem) or the QP over the cone's rays (convex, quasistatic's "qp",
// soft's pyramid), whose KKT conditions are an LCP, as a file
// DIR/step_NNNNNN_island_I.lcp in the Siconos dense format that `contactlab lcp` reads;
// soft's elliptic cone program as DIR/step_NNNNNN_island_I.json. Comment lines (fields
// of the JSON) give the scene, the step, the layout of z, each unknown's name and the
// step's own answer (session/island_problem_text.h).
#pragma once

#include <string>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/model.h"
#include "step/data.h"

namespace contactlab {

// The directory, created if it does not exist; a message naming --lcp-dump when it
// cannot be, or when the formulation poses no problem per island (compliant, hybrid).
Status prepare_lcp_dump(const std::string& directory, const Options& options);

// Writes the last step's problems (data.solver.island_problems); a message naming
// --lcp-dump and the file when one cannot be written.
Status write_lcp_dump(const std::string& directory, const Model& model, const Options& options,
                      const Data& data);

}  // namespace contactlab
