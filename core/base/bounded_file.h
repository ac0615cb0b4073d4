// Reading a whole input file with a cap on its size, so that a huge file, /dev/zero or
// an endless pipe ends with an error instead of exhausting memory.
#pragma once

#include <cstddef>
#include <string>

#include "base/status.h"

namespace contactlab {

// Reads the file at `path` into `text`. `kind` names what the file should be in the
// errors, e.g. "a scene file" gives "PATH: a scene file must be at most N bytes".
// A directory, a missing file and a file longer than `max_bytes` are refused; on
// failure `text` is left untouched.
Status read_bounded_file(const std::string& path, std::size_t max_bytes, const std::string& kind,
                         std::string& text);

}  // namespace contactlab
