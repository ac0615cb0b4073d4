// How Lemke's method ended (lemke.h, sparse_lemke.h), apart from the solver itself:
// plain data that reports and warm-start memory carry without including a solver.
#pragma once

namespace contactlab {

enum class LcpStatus {
  Solved,            // z satisfies the certificate
  RayTermination,    // Lemke ended on a secondary ray: no solution found (it may not exist)
  PivotLimit,        // the pivot limit was reached
  Cycling,           // the path came back to a basis it had left (lcp/lemke_pivoting.h)
  NumericalFailure,  // a singular basis or a certificate that failed after pivoting
  InvalidInput,      // sizes do not match or M, q hold non-finite numbers
};
const char* lcp_status_name(LcpStatus status);

}  // namespace contactlab
