#include "import/import_failure.h"

#include <utility>

namespace contactlab {

void fail_import(std::string message) { throw ImportFailure{std::move(message)}; }

}  // namespace contactlab
