// libFuzzer target: the outside input the URDF import reads (core/import/). The first
// byte picks the reader, the rest is the file: a URDF document into the intermediate
// tree (urdf_parser.h), or a mesh file as .stl, .obj or .dae (mesh_file.h) and then its
// convex hull (mesh_hull.h). Each input is read or refused with a message; a refused
// read must leave its output untouched, and a read mesh must be finite within the caps.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "import/mesh_file.h"
#include "import/mesh_hull.h"
#include "import/urdf_parser.h"

namespace {

void check_urdf(const std::string& text) {
  contactlab::UrdfRobot robot;
  contactlab::ImportReport report;
  const contactlab::Status status = contactlab::parse_urdf(text, robot, report);
  if (!status.ok() && (status.message().empty() || !robot.links.empty() || !robot.joints.empty())) std::abort();
}

void check_mesh(const std::string& bytes, const char* path) {
  contactlab::Mesh mesh;
  const contactlab::Status status = contactlab::read_mesh_bytes(bytes, path, mesh);
  if (!status.ok()) {
    if (status.message().empty()) std::abort();
    return;
  }
  for (const contactlab::MeshPart& part : mesh.parts) {
    for (const contactlab::Vec3& vertex : part.vertices) {
      if (!vertex.allFinite()) std::abort();
    }
    for (const std::array<int, 3>& triangle : part.triangles) {
      for (int index : triangle) {
        if (index < 0 || index >= static_cast<int>(part.vertices.size())) std::abort();
      }
    }
    contactlab::ImportedHull hull;
    const contactlab::Status hull_status = contactlab::mesh_hull(part.vertices, contactlab::Vec3::Ones(), path, hull);
    if (!hull_status.ok() && hull_status.message().empty()) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  const std::string rest(reinterpret_cast<const char*>(bytes) + 1, size - 1);
  switch (bytes[0] % 4) {
    case 0: check_urdf(rest); break;
    case 1: check_mesh(rest, "fuzz.stl"); break;
    case 2: check_mesh(rest, "fuzz.obj"); break;
    default: check_mesh(rest, "fuzz.dae"); break;
  }
  return 0;
}
