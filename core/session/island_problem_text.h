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
//     (an EdgeQp with joint friction or torsion rows, variant "split": # formulation F:
//      the KKT conditions of min ... split as seed 002 eqs. (5)-(6); # z = [beta (k u);
//      c_l (limits); tau+, tau-, sigma (joint friction); p+, p-, sigma_s (torsion)], ...)
//   # answered by: METHOD (or "the fallback NAME"); certificate: VERDICT at 1e-09 of its scale
//   # infeasibility ray d: d_1 d_2 ...   (only for an island Lemke found infeasible)
//   # unknowns: cn0 cn1 ... (formulation/lcp_unknown_labels.h)
//   # z: z_1 z_2 ...     the step's answer, %.17g
//   # w: w_1 w_2 ...
//
// ConeProgram: no LCP, so a JSON object (format "contactlab cone program 1"): scene,
// step, t, h, island, formulation, method, fallback (empty: the method answered),
// relative_tolerance and verdict of the certificate, "objective" in words, "unknowns" (labels), "P" (rows),
// "c", "cones" [{first, size, mu}] (size 3: mu x_first >= ||(x_first+1, x_first+2)||;
// size 1: x_first >= 0; sizes 4 and 2 the same with torsional friction's x_s last, x_first
// >= |x_s|), "boxes" [{unknown, bound}] (a joint friction row, |x_unknown| <= bound),
// "nonnegative" (the other unknowns' indices, x_i >= 0), and the step's answer "x" and
// gradient "g" = P x + c; numbers with 17 significant digits.
//
// An island too large to keep: a text file (".txt") of the heading and one line, "#
// formulation F: too large to keep: N unknowns, M non-zeros (...)".
//
// Steps count from 1 (the state after step N is the CSV's row N).
#pragma once

#include <string>

#include "base/options.h"
#include "base/status.h"
#include "dynamics/model.h"
#include "formulation/island_problem.h"
#include "step/data.h"

namespace contactlab {

std::string island_problem_text(const Model& model, const Options& options, const Data& data,
                                const IslandProblem& problem);

// ".lcp" for the Siconos format, ".json" for a cone program, ".txt" for a size alone.

// A cone program's JSON as island_problem_text writes it => problem (kind ConeProgram:
// matrix P, offset c, cones, labels, z = x and w = g as written, formulation's method
// and tolerance); a message naming the field when it is not one.
Status read_cone_program_json(const std::string& text, IslandProblem& problem);
const char* island_problem_extension(const IslandProblem& problem);

}  // namespace contactlab
