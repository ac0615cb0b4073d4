// `contactlab lcp FILE`: solves one LCP read from a Siconos-format file (core/lcp_file.h)
// with the Lemke solver and prints
//
//   status: solved | ray termination | pivot limit | cycling | numerical failure | invalid input
//   pivots: N
//   size: n
//   min z: ...          the certificate of the printed z on the file's problem
//   min w: ...
//   |z'w|: ...
//   z: z_1 z_2 ...      each %.17g, so the values read back exactly
//   message: ...        only when the solver has something to say
//
// A cone program as `contactlab run --lcp-dump` writes it (JSON, format "contactlab cone
// program 1", session/island_problem_text.h) is solved by the interior-point method
// (conic/interior_point.h) instead and prints
//
//   status: solved | primal infeasible | ... (conic_status_name)
//   iterations: N
//   size: n
//   primal: ...  dual: ...  complementarity: ...  equation: ...   the certificate of the
//                       printed x (formulation/problem_certificate.h), at 1e-9 of its scale
//   certificate: certified | not certified
//   x: x_1 x_2 ...      each %.17g
//   max |x - x_file|: ...   how far it lies from the file's own "x" (the step's answer)
//
// Exit code: 0 solved (and, for a cone program, certified), 1 no solution found, 2 bad arguments or an unreadable file (a
// one-line error on `err`).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace contactlab {

// `args` are the arguments after the subcommand name: exactly one file path.
int run_lcp_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace contactlab
