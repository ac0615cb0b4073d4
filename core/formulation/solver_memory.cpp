#include "formulation/solver_memory.h"

#include <utility>

namespace contactlab {

void LcpBases::start_pass() {
  std::swap(previous, current);
  for (std::size_t i = used; i < previous.size(); ++i) previous[i].z_is_basic.clear();
  used = 0;
}

}  // namespace contactlab
