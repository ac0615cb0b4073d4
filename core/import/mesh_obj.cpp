#include "import/mesh_obj.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include <tiny_obj_loader.h>

namespace contactlab {
namespace {

// The materials of an .mtl text that state their Kd: tinyobjloader gives the others
// black, which is no colour the file gives.
std::set<std::string> materials_stating_diffuse(const std::string& text) {
  std::set<std::string> stated;
  std::istringstream lines(text);
  std::string line, current;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string keyword;
    words >> keyword;
    if (keyword == "newmtl") {
      current.clear();
      words >> current;
    } else if (keyword == "Kd") {
      stated.insert(current);
    }
  }
  return stated;
}

// tinyobjloader's hook for `mtllib`, reading through the caller's reader.
class LibraryReader : public tinyobj::MaterialReader {
 public:
  explicit LibraryReader(const MaterialFileReader& read) : read_(read) {}

  bool operator()(const std::string& library, std::vector<tinyobj::material_t>* materials,
                  std::map<std::string, int>* names, std::string* warning, std::string* error) override {
    std::string text;
    if (!read_(library, text)) return false;
    const std::set<std::string> stated = materials_stating_diffuse(text);
    diffuse_stated.insert(stated.begin(), stated.end());
    std::istringstream stream(text);
    tinyobj::LoadMtl(names, materials, &stream, warning, error);
    return true;
  }

  std::set<std::string> diffuse_stated;

 private:
  const MaterialFileReader& read_;
};

double unit_interval(double value) { return std::clamp(value, 0.0, 1.0); }

// Each material's colour in `mesh.colors`, or -1 for none.
std::vector<int> material_colors(const std::vector<tinyobj::material_t>& materials,
                                 const std::set<std::string>& diffuse_stated, Mesh& mesh) {
  std::vector<int> colors;
  for (const tinyobj::material_t& material : materials) {
    const Rgba rgba = {material.diffuse[0], material.diffuse[1], material.diffuse[2], material.dissolve};
    const bool finite = std::all_of(rgba.begin(), rgba.end(), [](double value) { return std::isfinite(value); });
    if (diffuse_stated.count(material.name) == 0 || !finite) {
      colors.push_back(-1);
      continue;
    }
    colors.push_back(mesh.color_index(
        {unit_interval(rgba[0]), unit_interval(rgba[1]), unit_interval(rgba[2]), unit_interval(rgba[3])}));
  }
  return colors;
}

}  // namespace

Status read_obj(const std::string& text, const std::string& name, Mesh& mesh,
                const MaterialFileReader& read_material_file) {
  tinyobj::attrib_t attributes;
  std::vector<tinyobj::shape_t> shapes;
  std::vector<tinyobj::material_t> materials;
  std::string warning, error;
  std::istringstream stream(text);
  // Without a reader no library is read: collision needs none, and a missing one is no error.
  LibraryReader library_reader(read_material_file);
  tinyobj::MaterialReader* reader = read_material_file ? &library_reader : nullptr;
  if (!tinyobj::LoadObj(&attributes, &shapes, &materials, &warning, &error, &stream, reader, true)) {
    const std::string reason = error.substr(0, error.find('\n'));
    return Status::failure(name + ": not a readable OBJ file" + (reason.empty() ? "" : " (" + reason + ")"));
  }
  Mesh read;
  const std::vector<int> colors = material_colors(materials, library_reader.diffuse_stated, read);
  const std::size_t vertex_count = attributes.vertices.size() / 3;
  for (const tinyobj::shape_t& shape : shapes) {
    if (shape.mesh.indices.empty()) continue;
    MeshPart part;
    part.name = shape.name;
    std::vector<int> local(vertex_count, -1);
    std::array<int, 3> triangle{};
    for (std::size_t i = 0; i < shape.mesh.indices.size(); ++i) {
      const int index = shape.mesh.indices[i].vertex_index;
      if (index < 0 || static_cast<std::size_t>(index) >= vertex_count) {
        return Status::failure(name + ": object \"" + shape.name + "\" has a face with vertex index " +
                               std::to_string(index + 1) + ", but the file has " + std::to_string(vertex_count) +
                               " vertices");
      }
      if (local[index] < 0) {
        local[index] = static_cast<int>(part.vertices.size());
        part.vertices.emplace_back(attributes.vertices[3 * index], attributes.vertices[3 * index + 1],
                                   attributes.vertices[3 * index + 2]);
      }
      triangle[i % 3] = local[index];
      if (i % 3 == 2) part.triangles.push_back(triangle);
    }
    // Triangulated, the file has one material per triangle.
    if (shape.mesh.material_ids.size() == part.triangles.size()) {
      for (int material : shape.mesh.material_ids) {
        const int color = material >= 0 && static_cast<std::size_t>(material) < colors.size() ? colors[material] : -1;
        part.triangle_colors.push_back(color);
      }
      if (std::all_of(part.triangle_colors.begin(), part.triangle_colors.end(), [](int c) { return c < 0; })) {
        part.triangle_colors.clear();
      }
    }
    read.parts.push_back(std::move(part));
  }
  if (read.parts.empty()) return Status::failure(name + ": OBJ file without a face");
  mesh = std::move(read);
  return Status::success();
}

}  // namespace contactlab
