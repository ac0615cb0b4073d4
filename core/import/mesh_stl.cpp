#include "import/mesh_stl.h"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <map>
#include <sstream>
#include <tuple>

#include "import/import_limits.h"

namespace contactlab {
namespace {

// Merges exactly equal vertices as they come.
class VertexMerger {
 public:
  explicit VertexMerger(MeshPart& part) : part_(part) {}
  int add(const Vec3& vertex) {
    const auto key = std::make_tuple(vertex.x(), vertex.y(), vertex.z());
    const auto found = index_.find(key);
    if (found != index_.end()) return found->second;
    const int index = static_cast<int>(part_.vertices.size());
    part_.vertices.push_back(vertex);
    index_.emplace(key, index);
    return index;
  }

 private:
  MeshPart& part_;
  std::map<std::tuple<double, double, double>, int> index_;
};

float little_endian_float(const unsigned char* bytes) {
  const std::uint32_t bits = static_cast<std::uint32_t>(bytes[0]) | (static_cast<std::uint32_t>(bytes[1]) << 8) |
                             (static_cast<std::uint32_t>(bytes[2]) << 16) |
                             (static_cast<std::uint32_t>(bytes[3]) << 24);
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

Status read_binary(const std::string& bytes, std::size_t count, const std::string& name, MeshPart& part) {
  if (count > kMaxMeshTriangles) {
    return Status::failure(name + ": " + std::to_string(count) + " triangles, more than the " +
                           std::to_string(kMaxMeshTriangles) + " a mesh may have");
  }
  VertexMerger merger(part);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data()) + 84;
  for (std::size_t t = 0; t < count; ++t) {
    const unsigned char* record = data + 50 * t + 12;  // after the normal
    std::array<int, 3> triangle;
    for (int corner = 0; corner < 3; ++corner) {
      const unsigned char* xyz = record + 12 * corner;
      triangle[corner] = merger.add(Vec3(little_endian_float(xyz), little_endian_float(xyz + 4),
                                         little_endian_float(xyz + 8)));
    }
    part.triangles.push_back(triangle);
  }
  return Status::success();
}

Status read_ascii(const std::string& bytes, const std::string& name, MeshPart& part) {
  std::istringstream words(bytes);
  std::string word;
  VertexMerger merger(part);
  std::array<int, 3> triangle{};
  int corners = 0;
  while (words >> word) {
    if (word == "vertex") {
      std::string text[3];
      Vec3 vertex;
      for (int axis = 0; axis < 3; ++axis) {
        if (!(words >> text[axis])) return Status::failure(name + ": ASCII STL ends inside a vertex");
        char* end = nullptr;
        vertex[axis] = std::strtod(text[axis].c_str(), &end);
        if (end == text[axis].c_str() || *end != '\0') {
          return Status::failure(name + ": ASCII STL vertex coordinate \"" + text[axis] + "\" is not a number");
        }
      }
      if (corners == 3) return Status::failure(name + ": ASCII STL facet with more than three vertices");
      triangle[corners++] = merger.add(vertex);
    } else if (word == "endloop" || word == "endfacet") {
      if (word == "endloop") {
        if (corners != 3) return Status::failure(name + ": ASCII STL facet with " + std::to_string(corners) +
                                                 " vertices, not 3");
        part.triangles.push_back(triangle);
        if (part.triangles.size() > kMaxMeshTriangles) {
          return Status::failure(name + ": more than the " + std::to_string(kMaxMeshTriangles) +
                                 " triangles a mesh may have");
        }
        corners = 0;
      }
    }
  }
  if (part.triangles.empty()) return Status::failure(name + ": ASCII STL without a facet");
  return Status::success();
}

bool starts_with_solid(const std::string& bytes) {
  std::size_t i = 0;
  while (i < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[i]))) ++i;
  static const char kSolid[] = "solid";
  for (std::size_t k = 0; k < 5; ++k, ++i) {
    if (i >= bytes.size() || std::tolower(static_cast<unsigned char>(bytes[i])) != kSolid[k]) return false;
  }
  return true;
}

}  // namespace

Status read_stl(const std::string& bytes, const std::string& name, Mesh& mesh) {
  MeshPart part;
  part.name = name;
  if (bytes.size() >= 84) {
    const auto* count_bytes = reinterpret_cast<const unsigned char*>(bytes.data()) + 80;
    const std::uint64_t count = static_cast<std::uint64_t>(count_bytes[0]) | (std::uint64_t{count_bytes[1]} << 8) |
                                (std::uint64_t{count_bytes[2]} << 16) | (std::uint64_t{count_bytes[3]} << 24);
    if (84 + 50 * count == bytes.size()) {
      CONTACTLAB_RETURN_IF_ERROR(read_binary(bytes, static_cast<std::size_t>(count), name, part));
      mesh = Mesh{};
      mesh.parts.push_back(std::move(part));
      return Status::success();
    }
  }
  if (!starts_with_solid(bytes)) {
    return Status::failure(name + ": not an STL file (binary STL is 84 + 50 n bytes for n triangles, ASCII STL "
                                  "starts with \"solid\")");
  }
  CONTACTLAB_RETURN_IF_ERROR(read_ascii(bytes, name, part));
  mesh = Mesh{};
  mesh.parts.push_back(std::move(part));
  return Status::success();
}

}  // namespace contactlab
