#include "conic/conic_status.h"

namespace contactlab {

const char* conic_status_name(ConicStatus status) {
  switch (status) {
    case ConicStatus::Solved: return "solved";
    case ConicStatus::PrimalInfeasible: return "primal infeasible";
    case ConicStatus::DualInfeasible: return "dual infeasible";
    case ConicStatus::IterationLimit: return "iteration limit";
    case ConicStatus::NumericalFailure: return "numerical failure";
    case ConicStatus::InvalidInput: return "invalid input";
  }
  return "unknown";
}

}  // namespace contactlab
