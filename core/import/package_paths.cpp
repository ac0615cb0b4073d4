#include "import/package_paths.h"

#include <sys/stat.h>

#include <dirent.h>

#include <cctype>
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

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The file `path` names with each missing component matched in its folder without
// regard to case (files written on Windows or macOS: "meshes/Base.STL" for base.stl);
// empty when there is none.
std::string match_case(const std::string& path) {
  std::string found = path[0] == '/' ? "/" : "";
  std::size_t start = path[0] == '/' ? 1 : 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string part = path.substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;
    std::string next = found + part;
    struct stat info;
    if (::stat(next.c_str(), &info) != 0) {
      DIR* folder = ::opendir(found.empty() ? "." : found.c_str());
      if (folder == nullptr) return "";
      next.clear();
      for (const dirent* entry = ::readdir(folder); entry != nullptr && next.empty(); entry = ::readdir(folder)) {
        if (lower(entry->d_name) == lower(part)) next = found + entry->d_name;
      }
      ::closedir(folder);
      if (next.empty()) return "";
    }
    found = start <= path.size() ? next + "/" : next;
  }
  return is_file(found) ? found : "";
}

std::string first_file(const std::vector<std::string>& candidates) {
  for (const std::string& candidate : candidates) {
    if (is_file(candidate)) return candidate;
  }
  for (const std::string& candidate : candidates) {
    const std::string matched = match_case(candidate);
    if (!matched.empty()) return matched;
  }
  return candidates.front();
}

}  // namespace

std::string resolve_mesh_path(const std::string& filename, const std::string& urdf_folder,
                              const std::vector<std::string>& package_roots) {
  if (starts_with(filename, "file://")) return first_file({filename.substr(7)});
  if (!starts_with(filename, "package://")) {
    return first_file({!filename.empty() && filename[0] == '/' ? filename : join(urdf_folder, filename)});
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
  return first_file(candidates);
}

}  // namespace contactlab
