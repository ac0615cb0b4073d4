#include "base/bounded_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>

namespace contactlab {

Status read_bounded_file(const std::string& path, std::size_t max_bytes, const std::string& kind,
                         std::string& text) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) return Status::failure(path + ": is a directory, not " + kind);
  std::ifstream file(path, std::ios::binary);
  if (!file) return Status::failure(path + ": cannot open the file");
  // Read in chunks and stop one past the cap: the size is not asked of the file,
  // since /dev/zero and pipes have none.
  std::string contents;
  char chunk[1 << 16];
  while (file.read(chunk, sizeof chunk) || file.gcount() > 0) {
    contents.append(chunk, static_cast<std::size_t>(file.gcount()));
    if (contents.size() > max_bytes) {
      return Status::failure(path + ": " + kind + " must be at most " + std::to_string(max_bytes) + " bytes");
    }
  }
  if (file.bad()) return Status::failure(path + ": cannot read the file");
  text = std::move(contents);
  return Status::success();
}

}  // namespace contactlab
