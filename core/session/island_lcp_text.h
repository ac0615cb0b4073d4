// An island's LCP (formulation/island_lcp.h) as text in the Siconos dense format that
// `contactlab lcp` reads (lcp/lcp_file.h), with comment lines after q that say where it
// came from, how z is laid out, the name of each unknown and the step's own answer:
//
//   # contactlab: scene NAME, step N, t = T s, h = H s, island I
//   # z = [c_n (k); c_l (limits); beta (k u); lambda (k); joint friction; torsion], k = K contacts, u = U edges
//   # unknowns: cn0 cn1 ... (formulation/lcp_unknown_labels.h)
//   # z: z_1 z_2 ...     the step's answer, %.17g
//   # w: w_1 w_2 ...
//
// The CLI's --lcp-dump files and the page's "export this problem" are this text.
// Steps count from 1 (the state after step N is the CSV's row N).
#pragma once

#include <string>

#include "base/options.h"
#include "dynamics/model.h"
#include "formulation/island_lcp.h"
#include "step/data.h"

namespace contactlab {

std::string island_lcp_text(const Model& model, const Options& options, const Data& data, const IslandLcp& lcp);

}  // namespace contactlab
