// Where a URDF's mesh filename points. `package://NAME/rest` is looked up under each
// package root in order: ROOT/NAME/rest (a folder holding package folders) or
// ROOT/rest when ROOT's own folder is named NAME; after the roots given come the
// URDF's folder and every folder above it, nearest first; then `rest` under the URDF's
// folder and the one above it (a package folder renamed). A relative filename is
// taken from the URDF's folder, an absolute one as it is, and `file://` is dropped.
// The first existing file wins; where none exists as written, the first whose missing
// folder and file names differ only in case (files written on Windows or macOS), as the
// page does; when none exists the first candidate is returned, so that the error names a
// real place.
#pragma once

#include <string>
#include <vector>

namespace contactlab {

// Whether `path` names an existing regular file.
bool is_file(const std::string& path);

std::string resolve_mesh_path(const std::string& filename, const std::string& urdf_folder,
                              const std::vector<std::string>& package_roots);

}  // namespace contactlab
