// A primal–dual interior-point method for the conic quadratic program of problem.h
//
//   minimise 1/2 x^T P x + c^T x  subject to  A x = b,  G x + s = h,  s in K,
//
// dense, for contactlab's convex contact formulations (Anitescu's QP and its dual,
// Todorov's regularised QP or SOCP, Pang's quasi-static QP; seeds 003 and 004).
// Nesterov–Todd scaling (cone.h), Mehrotra's predictor–corrector, a homogeneous embedding
// that detects infeasibility, Ruiz equilibration and a reduced dense KKT solve with
// iterative refinement (kkt_system.h); the details are at the top of interior_point.cpp.
//
// Every answer is checked on the original data: Solved is returned only when
// check_conic_solution (certificate.h) passes at settings.tolerance, and an infeasibility
// status only when check_conic_infeasibility passes at settings.infeasibility_tolerance.
// No value returned is NaN. The result depends only on + - * / and sqrt evaluated in a
// fixed order, so it is bit-identical natively and in WebAssembly.
#pragma once

#include "conic/certificate.h"
#include "conic/problem.h"

namespace contactlab {

ConicSolution solve_conic(const ConicProblem& problem, const ConicSettings& settings = {});

}  // namespace contactlab
