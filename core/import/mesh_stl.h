// STL, binary or ASCII (wikipedia.org/wiki/STL_(file_format)): binary when the size is
// exactly 84 + 50 n bytes for the n triangles its header announces, however its header
// starts; ASCII when it starts with "solid" and is not binary. Vertices shared by
// triangles are merged (exactly equal coordinates). One part.
#pragma once

#include <string>

#include "base/status.h"
#include "import/mesh.h"

namespace contactlab {

// `name` (the file) starts every error message.
Status read_stl(const std::string& bytes, const std::string& name, Mesh& mesh);

}  // namespace contactlab
