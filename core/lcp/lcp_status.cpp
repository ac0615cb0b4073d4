#include "lcp/lcp_status.h"

namespace contactlab {

const char* lcp_status_name(LcpStatus status) {
  switch (status) {
    case LcpStatus::Solved:
      return "solved";
    case LcpStatus::RayTermination:
      return "ray termination";
    case LcpStatus::PivotLimit:
      return "pivot limit";
    case LcpStatus::Cycling:
      return "cycling";
    case LcpStatus::NumericalFailure:
      return "numerical failure";
    case LcpStatus::InvalidInput:
      return "invalid input";
  }
  return "unknown";
}

}  // namespace contactlab
