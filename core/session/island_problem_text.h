// An island's problem (formulation/island_problem.h) as the text a file holds, for
// `contactlab run --lcp-dump` and the page's "export this problem".
//
// Lcp and EdgeQp: the Siconos dense format that `contactlab lcp` reads (lcp/lcp_file.h):
// an EdgeQp is the LCP (W + diag r, q) its KKT conditions are, so `contactlab lcp`
// solves it. Comment lines after q say where it came from, how z is laid out, the name
// of each unknown and the step's own answer:
//
//   # contactlab: scene NAME, step N, t = T s, h = H s, island I
//   # z = [c_n (k); c_l (limits); beta (k u); lambda (k); joint friction; torsion], k = K contacts, u = U edges
//     (EdgeQp: # formulation F: min 1/2 z'(W + diag r) z + q'z s.t. z >= 0, W = J_beta M^-1 J_beta^T; ...
//              # z = [beta (k u); c_l (limits)], k = K contacts, u = U edges)
//     (quasistatic's pure model: # formulation quasistatic, model pure: seed 003's force
//      balance, z = [p (objects' coordinates); m (the same); beta (k u); c_l (limits)], ...)
//   # unknowns: cn0 cn1 ... (formulation/lcp_unknown_labels.h)
//   # z: z_1 z_2 ...     the step's answer, %.17g
//   # w: w_1 w_2 ...
//
// ConeProgram: no LCP, so a JSON object (format "contactlab cone program 1"): scene,
// step, t, h, island, formulation, "objective" in words, "unknowns" (labels), "P" (rows),
// "c", "cones" [{first, size, mu}] (size 3: mu x_first >= ||(x_first+1, x_first+2)||;
// size 1: x_first >= 0), "nonnegative" (the other unknowns' indices, x_i >= 0), and the
// step's answer "x" and gradient "g" = P x + c; numbers with 17 significant digits.
//
// Steps count from 1 (the state after step N is the CSV's row N).
#pragma once

#include <string>

#include "base/options.h"
#include "dynamics/model.h"
#include "formulation/island_problem.h"
#include "step/data.h"

namespace contactlab {

std::string island_problem_text(const Model& model, const Options& options, const Data& data,
                                const IslandProblem& problem);

// ".lcp" for the Siconos format, ".json" for a cone program.
const char* island_problem_extension(const IslandProblem& problem);

}  // namespace contactlab
