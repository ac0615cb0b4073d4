#include "import/package_paths.h"

#include <sys/stat.h>

#include <climits>
#include <cstdlib>

namespace contactlab {

bool is_file(const std::string& path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode);
}

namespace {

std::string join(const std::string& folder, const std::string& rest) {
  if (folder.empty()) return rest;
  return folder.back() == '/' ? folder + rest : folder + "/" + rest;
}

std::string last_component(std::string folder) {
  while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
  const std::size_t slash = folder.find_last_of('/');
  return slash == std::string::npos ? folder : folder.substr(slash + 1);
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.compare(0, prefix.size(), prefix) == 0; }

// The absolute folders above `folder`, nearest first, up to the file system's root.
std::vector<std::string> folders_above(const std::string& folder) {
  std::vector<std::string> above;
  char* resolved = ::realpath(folder.c_str(), nullptr);
  if (resolved == nullptr) return above;
  std::string path = resolved;
  std::free(resolved);
  while (path.size() > 1) {
    const std::size_t slash = path.find_last_of('/');
    path = slash == 0 ? "/" : path.substr(0, slash);
    above.push_back(path);
  }
  return above;
}

}  // namespace

std::string resolve_mesh_path(const std::string& filename, const std::string& urdf_folder,
                              const std::vector<std::string>& package_roots) {
  if (starts_with(filename, "file://")) return filename.substr(7);
  if (!starts_with(filename, "package://")) {
    return !filename.empty() && filename[0] == '/' ? filename : join(urdf_folder, filename);
  }
  const std::string uri = filename.substr(10);
  const std::size_t slash = uri.find('/');
  const std::string package = uri.substr(0, slash);
  const std::string rest = slash == std::string::npos ? "" : uri.substr(slash + 1);
  const std::string folder = urdf_folder.empty() ? "." : urdf_folder;
  std::vector<std::string> roots = package_roots;
  roots.push_back(folder);
  // The folders above the URDF's, nearest first: a ROS package's urdf/ folder sits in
  // the package's, and that in a workspace's src/ with the other packages.
  const std::vector<std::string> above = folders_above(folder);
  roots.insert(roots.end(), above.begin(), above.end());
  std::vector<std::string> candidates;
  for (const std::string& root : roots) {
    candidates.push_back(join(join(root, package), rest));
    if (last_component(root) == package) candidates.push_back(join(root, rest));
  }
  // A package folder renamed (a download's "NAME-main"): `rest` under the URDF's
  // folder or the one above it.
  candidates.push_back(join(folder, rest));
  if (!above.empty()) candidates.push_back(join(above.front(), rest));
  for (const std::string& candidate : candidates) {
    if (is_file(candidate)) return candidate;
  }
  return candidates.front();
}

}  // namespace contactlab
