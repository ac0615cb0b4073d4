// How the interior-point method (interior_point.h) ended, apart from the solver itself:
// plain data that reports carry without including the conic problem.
#pragma once

namespace contactlab {

enum class ConicStatus {
  Solved,            // x, s, y, z pass check_conic_solution at settings.tolerance
  PrimalInfeasible,  // y, z hold a Farkas certificate: A^T y + G^T z = 0, z in K, b^T y + h^T z = -1
  DualInfeasible,    // x, s hold an unboundedness certificate: P x = 0, A x = 0, G x + s = 0,
                     // s in K, c^T x = -1
  IterationLimit,    // max_iterations reached; the best iterate found is returned
  NumericalFailure,  // a non-finite KKT solve, a lost cone interior or a stalled step
  InvalidInput,      // see message: it names the field
};
const char* conic_status_name(ConicStatus status);

}  // namespace contactlab
