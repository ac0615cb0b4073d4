#include "import/mesh_collada.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>

#include "import/import_limits.h"
#include "import/xml_tree.h"

namespace contactlab {
namespace {


struct ColladaError {
  std::string message;
};

[[noreturn]] void fail(const std::string& name, const XmlElement* element, const std::string& message) {
  throw ColladaError{name + " line " + std::to_string(element->line) + ": " + message};
}


std::vector<double> numbers(const std::string& name, const XmlElement* element) {
  std::vector<double> values;
  const char* cursor = element->text.c_str();
  while (true) {
    while (*cursor == ' ' || *cursor == '\n' || *cursor == '\t' || *cursor == '\r') ++cursor;
    if (*cursor == '\0') break;
    char* end = nullptr;
    const double value = std::strtod(cursor, &end);
    if (end == cursor) fail(name, element, "<" + element->name + ">: \"" +
                                               std::string(cursor).substr(0, 16) + "\" is not a number");
    values.push_back(value);
    cursor = end;
  }
  return values;
}

std::vector<int> indices(const std::string& name, const XmlElement* element) {
  std::vector<int> values;
  for (double value : numbers(name, element)) {
    if (!(value >= 0 && value < 2147483647.0) || value != std::floor(value)) {
      fail(name, element, "<" + element->name + ">: index " + std::to_string(value) +
                              " is not a whole number >= 0");
    }
    values.push_back(static_cast<int>(value));
  }
  return values;
}

std::string target(const char* reference) {
  if (reference == nullptr) return "";
  return reference[0] == '#' ? reference + 1 : reference;
}

// The positions a <mesh>'s <vertices> names: its <source>'s float array, 3 per point.
std::vector<Vec3> positions(const std::string& name, const XmlElement* mesh, const std::string& vertices_id,
                            double meter) {
  std::map<std::string, const XmlElement*> sources;
  for (const XmlElement* source = mesh->first_child("source"); source != nullptr;
       source = source->next_sibling("source")) {
    if (source->attribute("id") != nullptr) sources[source->attribute("id")] = source;
  }
  const XmlElement* vertices = nullptr;
  for (const XmlElement* element = mesh->first_child("vertices"); element != nullptr;
       element = element->next_sibling("vertices")) {
    if (element->attribute("id") != nullptr && vertices_id == element->attribute("id")) vertices = element;
  }
  if (vertices == nullptr) fail(name, mesh, "<mesh>: no <vertices id=\"" + vertices_id + "\">");
  std::string source_id;
  for (const XmlElement* input = vertices->first_child("input"); input != nullptr;
       input = input->next_sibling("input")) {
    if (input->attribute("semantic") != nullptr && std::strcmp(input->attribute("semantic"), "POSITION") == 0) {
      source_id = target(input->attribute("source"));
    }
  }
  const auto found = sources.find(source_id);
  if (found == sources.end()) fail(name, vertices, "<vertices>: no POSITION <source> in its <mesh>");
  const XmlElement* array = found->second->first_child("float_array");
  if (array == nullptr) fail(name, found->second, "<source>: no <float_array>");
  int stride = 3;
  if (const XmlElement* common = found->second->first_child("technique_common")) {
    if (const XmlElement* accessor = common->first_child("accessor")) stride = accessor->int_attribute("stride", 3);
  }
  if (stride < 3) fail(name, found->second, "<source>: positions need a stride of at least 3");
  const std::vector<double> values = numbers(name, array);
  std::vector<Vec3> points;
  for (std::size_t i = 0; i + 2 < values.size(); i += stride) {
    points.emplace_back(meter * values[i], meter * values[i + 1], meter * values[i + 2]);
  }
  return points;
}

// A <triangles> or <polylist>: its VERTEX input's offset, the stride of its <p> (the
// largest offset + 1) and the polygon sizes (all 3 for triangles).
void read_primitive(const std::string& name, const XmlElement* mesh, const XmlElement* primitive, MeshPart& part,
                    std::map<std::string, std::vector<Vec3>>& cache, double meter,
                    std::map<std::string, std::map<int, int>>& used) {
  int vertex_offset = -1, stride = 1;
  std::string vertices_id;
  for (const XmlElement* input = primitive->first_child("input"); input != nullptr;
       input = input->next_sibling("input")) {
    const int offset = input->int_attribute("offset", 0);
    stride = std::max(stride, offset + 1);
    if (input->attribute("semantic") != nullptr && std::strcmp(input->attribute("semantic"), "VERTEX") == 0) {
      vertex_offset = offset;
      vertices_id = target(input->attribute("source"));
    }
  }
  if (vertex_offset < 0) fail(name, primitive, "<" + primitive->name + ">: no VERTEX <input>");
  if (cache.count(vertices_id) == 0) cache[vertices_id] = positions(name, mesh, vertices_id, meter);
  const std::vector<Vec3>& points = cache[vertices_id];
  std::map<int, int>& local = used[vertices_id];
  std::vector<int> sizes;
  const XmlElement* p = primitive->first_child("p");
  if (p == nullptr) return;
  const std::vector<int> values = indices(name, p);
  if (primitive->is("polylist")) {
    const XmlElement* vcount = primitive->first_child("vcount");
    if (vcount == nullptr) fail(name, primitive, "<polylist>: no <vcount>");
    sizes = indices(name, vcount);
  } else {
    sizes.assign(values.size() / stride / 3, 3);
  }
  std::size_t cursor = 0;
  for (int size : sizes) {
    if (size < 3 || cursor + static_cast<std::size_t>(size) * stride > values.size()) {
      fail(name, p, std::string("<p>: fewer indices than its <") + primitive->name + "> needs");
    }
    std::vector<int> corners;
    for (int corner = 0; corner < size; ++corner) {
      const int index = values[cursor + corner * stride + vertex_offset];
      if (static_cast<std::size_t>(index) >= points.size()) {
        fail(name, p, "<p>: vertex index " + std::to_string(index) + ", but its source has " +
                          std::to_string(points.size()) + " points");
      }
      auto inserted = local.emplace(index, static_cast<int>(part.vertices.size()));
      if (inserted.second) part.vertices.push_back(points[index]);
      corners.push_back(inserted.first->second);
    }
    for (int corner = 1; corner + 1 < size; ++corner) {
      part.triangles.push_back({corners[0], corners[corner], corners[corner + 1]});
    }
    cursor += static_cast<std::size_t>(size) * stride;
  }
}

// A <geometry>'s triangles with the material symbol of the primitive each came from.
struct ColladaGeometry {
  MeshPart part;
  std::vector<std::string> symbols;   // the `material` attributes of its primitives, each once
  std::vector<int> triangle_symbols;  // per triangle, an index into symbols, -1 for none
};

// One <geometry>'s <mesh>, or no triangles when it has none.
ColladaGeometry read_collada_geometry(const std::string& name, const XmlElement* geometry, double meter) {
  ColladaGeometry read;
  MeshPart& part = read.part;
  part.name = geometry->attribute("id") != nullptr ? geometry->attribute("id") : "";
  const XmlElement* element = geometry->first_child("mesh");
  if (element == nullptr) return read;
  std::map<std::string, std::vector<Vec3>> cache;
  std::map<std::string, std::map<int, int>> used;
  for (const XmlElement* child = element->first_child(); child != nullptr; child = child->next_sibling()) {
    if (child->is("triangles") || child->is("polylist")) {
      read_primitive(name, element, child, part, cache, meter, used);
      int symbol = -1;
      if (const char* material = child->attribute("material")) {
        const auto found = std::find(read.symbols.begin(), read.symbols.end(), material);
        symbol = static_cast<int>(found - read.symbols.begin());
        if (found == read.symbols.end()) read.symbols.emplace_back(material);
      }
      read.triangle_symbols.resize(part.triangles.size(), symbol);
    } else if (child->is("lines") || child->is("linestrips") || child->is("tristrips") ||
               child->is("trifans") || child->is("polygons")) {
      fail(name, child, "<" + child->name + ">: only <triangles> and <polylist> are read");
    }
  }
  return read;
}

// --- colours: <library_effects>, <library_materials>, <bind_material> ---------------

// A <color>'s rgba clamped to [0, 1] (alpha 1 when left out), or none when it does
// not hold 3 or 4 finite numbers: colours are drawn, never needed, so a bad one is no error.
std::optional<Rgba> collada_color(const std::string& name, const XmlElement* color) {
  if (color == nullptr) return std::nullopt;
  std::vector<double> values;
  try {
    values = numbers(name, color);
  } catch (const ColladaError&) {
    return std::nullopt;
  }
  if (values.size() == 3) values.push_back(1);
  if (values.size() != 4) return std::nullopt;
  Rgba rgba{};
  for (int k = 0; k < 4; ++k) {
    if (!std::isfinite(values[k])) return std::nullopt;
    rgba[k] = std::clamp(values[k], 0.0, 1.0);
  }
  return rgba;
}

// An <effect>'s colour: the <diffuse> <color> of its profile_COMMON technique
// (<phong>, <blinn> or <lambert>), or the <emission> of a <constant> one; none for a
// texture.
std::optional<Rgba> collada_effect_color(const std::string& name, const XmlElement* effect) {
  const XmlElement* profile = effect->first_child("profile_COMMON");
  const XmlElement* technique = profile != nullptr ? profile->first_child("technique") : nullptr;
  if (technique == nullptr) return std::nullopt;
  for (const char* shading : {"phong", "blinn", "lambert", "constant"}) {
    const XmlElement* model = technique->first_child(shading);
    if (model == nullptr) continue;
    const XmlElement* term = model->first_child(std::string(shading) == "constant" ? "emission" : "diffuse");
    return term != nullptr ? collada_color(name, term->first_child("color")) : std::nullopt;
  }
  return std::nullopt;
}

// Each <material> id's colour, through the <effect> its <instance_effect> names.
std::map<std::string, Rgba> collada_material_colors(const std::string& name, const XmlElement* root) {
  std::map<std::string, Rgba> effects, materials;
  if (const XmlElement* library = root->first_child("library_effects")) {
    for (const XmlElement* effect = library->first_child("effect"); effect != nullptr;
         effect = effect->next_sibling("effect")) {
      const std::optional<Rgba> color = collada_effect_color(name, effect);
      if (color && effect->attribute("id") != nullptr) effects[effect->attribute("id")] = *color;
    }
  }
  if (const XmlElement* library = root->first_child("library_materials")) {
    for (const XmlElement* material = library->first_child("material"); material != nullptr;
         material = material->next_sibling("material")) {
      const XmlElement* instance = material->first_child("instance_effect");
      if (instance == nullptr || material->attribute("id") == nullptr) continue;
      const auto effect = effects.find(target(instance->attribute("url")));
      if (effect != effects.end()) materials[material->attribute("id")] = effect->second;
    }
  }
  return materials;
}

// The material an <instance_geometry> binds to each symbol (<bind_material>
// <technique_common> <instance_material symbol target>).
std::map<std::string, std::string> collada_bindings(const XmlElement* instance) {
  std::map<std::string, std::string> bound;
  const XmlElement* bind = instance != nullptr ? instance->first_child("bind_material") : nullptr;
  const XmlElement* common = bind != nullptr ? bind->first_child("technique_common") : nullptr;
  if (common == nullptr) return bound;
  for (const XmlElement* material = common->first_child("instance_material"); material != nullptr;
       material = material->next_sibling("instance_material")) {
    if (material->attribute("symbol") != nullptr) bound[material->attribute("symbol")] = target(material->attribute("target"));
  }
  return bound;
}

// `geometry`'s part with each triangle's colour: its symbol's material as `instance`
// binds it (none given: the material whose id is the symbol, as exporters write them).
MeshPart collada_colored_part(const ColladaGeometry& geometry, const XmlElement* instance,
                              const std::map<std::string, Rgba>& material_colors, Mesh& mesh) {
  MeshPart part = geometry.part;
  const std::map<std::string, std::string> bound = collada_bindings(instance);
  std::vector<int> symbol_colors;
  for (const std::string& symbol : geometry.symbols) {
    const auto binding = bound.find(symbol);
    const auto color = material_colors.find(binding != bound.end() ? binding->second : symbol);
    symbol_colors.push_back(color != material_colors.end() ? mesh.color_index(color->second) : -1);
  }
  if (std::none_of(symbol_colors.begin(), symbol_colors.end(), [](int color) { return color >= 0; })) return part;
  for (int symbol : geometry.triangle_symbols) part.triangle_colors.push_back(symbol >= 0 ? symbol_colors[symbol] : -1);
  return part;
}

// An affine map x -> linear x + shift, in metres.
struct ColladaTransform {
  Mat3 linear = Mat3::Identity();
  Vec3 shift = Vec3::Zero();
  ColladaTransform then(const ColladaTransform& inner) const {
    return {linear * inner.linear, linear * inner.shift + shift};
  }
};

constexpr int kColladaNodeDepthCap = 64;

std::vector<double> collada_numbers_exactly(const std::string& name, const XmlElement* element, std::size_t count) {
  std::vector<double> values = numbers(name, element);
  if (values.size() != count) {
    fail(name, element, "<" + element->name + ">: expected " + std::to_string(count) + " numbers, got " +
                            std::to_string(values.size()));
  }
  for (double value : values) {
    if (!std::isfinite(value)) fail(name, element, "<" + element->name + ">: a number is not finite");
  }
  return values;
}

// A <node>'s own transform: its <matrix>, <translate>, <rotate> (axis, degrees) and
// <scale> elements multiplied in document order (COLLADA 1.4, "Transform elements").
ColladaTransform collada_node_transform(const std::string& name, const XmlElement* node, double meter) {
  ColladaTransform transform;
  for (const XmlElement* child = node->first_child(); child != nullptr; child = child->next_sibling()) {
    ColladaTransform step;
    if (child->is("matrix")) {
      const std::vector<double> m = collada_numbers_exactly(name, child, 16);  // row-major
      step.linear << m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10];
      step.shift = meter * Vec3(m[3], m[7], m[11]);
      if (m[12] != 0 || m[13] != 0 || m[14] != 0 || m[15] != 1) fail(name, child, "<matrix>: last row must be 0 0 0 1");
    } else if (child->is("translate")) {
      const std::vector<double> t = collada_numbers_exactly(name, child, 3);
      step.shift = meter * Vec3(t[0], t[1], t[2]);
    } else if (child->is("rotate")) {
      const std::vector<double> r = collada_numbers_exactly(name, child, 4);
      const Vec3 axis(r[0], r[1], r[2]);
      if (axis.norm() < 1e-12) fail(name, child, "<rotate>: the axis is zero");
      step.linear = Eigen::AngleAxisd(r[3] * std::acos(-1.0) / 180, axis.normalized()).toRotationMatrix();
    } else if (child->is("scale")) {
      const std::vector<double> k = collada_numbers_exactly(name, child, 3);
      step.linear = Vec3(k[0], k[1], k[2]).asDiagonal();
    } else if (child->is("lookat") || child->is("skew")) {
      fail(name, child, "<" + child->name + ">: only <matrix>, <translate>, <rotate> and <scale> are read");
    } else {
      continue;
    }
    transform = transform.then(step);
  }
  return transform;
}

// Every <instance_geometry> under `node`, depth first, with its geometry's vertices
// moved by the transforms of the nodes above it.
void collect_collada_instances(const std::string& name, const XmlElement* node, const ColladaTransform& above, int depth,
                               double meter, const std::map<std::string, ColladaGeometry>& geometries,
                               const std::map<std::string, Rgba>& material_colors, Mesh& mesh) {
  if (depth > kColladaNodeDepthCap) {
    fail(name, node, "<node>: nested more than " + std::to_string(kColladaNodeDepthCap) + " deep (the cap)");
  }
  const ColladaTransform here = above.then(collada_node_transform(name, node, meter));
  for (const XmlElement* child = node->first_child(); child != nullptr; child = child->next_sibling()) {
    if (child->is("node")) {
      collect_collada_instances(name, child, here, depth + 1, meter, geometries, material_colors, mesh);
    } else if (child->is("instance_geometry")) {
      const std::string id = target(child->attribute("url"));
      const auto found = geometries.find(id);
      if (found == geometries.end()) fail(name, child, "<instance_geometry url=\"#" + id + "\">: no such <geometry>");
      if (found->second.part.triangles.empty()) continue;
      // Checked before copying: a small file may instance one large geometry many times.
      if (mesh.vertex_count() + found->second.part.vertices.size() > kMaxMeshVertices) {
        fail(name, child, "<instance_geometry>: the instanced geometries have more than the " +
                              std::to_string(kMaxMeshVertices) + " vertices a mesh may have");
      }
      MeshPart part = collada_colored_part(found->second, child, material_colors, mesh);
      for (Vec3& vertex : part.vertices) vertex = here.linear * vertex + here.shift;
      mesh.parts.push_back(std::move(part));
    }
  }
}

// The visual scene <scene><instance_visual_scene> names, else the first one.
const XmlElement* chosen_collada_visual_scene(const XmlElement* root) {
  const XmlElement* library = root->first_child("library_visual_scenes");
  if (library == nullptr) return nullptr;
  std::string wanted;
  if (const XmlElement* scene = root->first_child("scene")) {
    if (const XmlElement* instance = scene->first_child("instance_visual_scene")) {
      wanted = target(instance->attribute("url"));
    }
  }
  for (const XmlElement* visual = library->first_child("visual_scene"); visual != nullptr;
       visual = visual->next_sibling("visual_scene")) {
    if (wanted.empty() || (visual->attribute("id") != nullptr && wanted == visual->attribute("id"))) return visual;
  }
  return nullptr;
}

Mesh read_document(const std::string& name, const XmlElement* root) {
  Mesh mesh;
  double meter = 1;
  if (const XmlElement* asset = root->first_child("asset")) {
    if (const XmlElement* unit = asset->first_child("unit")) {
      meter = unit->double_attribute("meter", 1);
      if (!(meter > 0) || !std::isfinite(meter)) fail(name, unit, "<unit meter>: must be a number > 0");
    }
    if (const XmlElement* up = asset->first_child("up_axis")) {
      mesh.up_axis = up->text;
    }
  }
  const XmlElement* library = root->first_child("library_geometries");
  if (library == nullptr) fail(name, root, "<COLLADA>: no <library_geometries>");
  std::vector<ColladaGeometry> in_order;
  std::map<std::string, ColladaGeometry> by_id;
  for (const XmlElement* geometry = library->first_child("geometry"); geometry != nullptr;
       geometry = geometry->next_sibling("geometry")) {
    ColladaGeometry read = read_collada_geometry(name, geometry, meter);
    by_id[read.part.name] = read;
    if (!read.part.triangles.empty()) in_order.push_back(std::move(read));
  }
  const std::map<std::string, Rgba> material_colors = collada_material_colors(name, root);
  if (const XmlElement* visual = chosen_collada_visual_scene(root)) {
    for (const XmlElement* node = visual->first_child("node"); node != nullptr;
         node = node->next_sibling("node")) {
      collect_collada_instances(name, node, ColladaTransform{}, 1, meter, by_id, material_colors, mesh);
    }
  }
  // A file without a visual scene (or one instancing nothing) is its geometries as written.
  if (mesh.parts.empty()) {
    for (const ColladaGeometry& geometry : in_order) {
      mesh.parts.push_back(collada_colored_part(geometry, nullptr, material_colors, mesh));
    }
  }
  if (mesh.parts.empty()) fail(name, library, "<library_geometries>: no <mesh> with <triangles> or <polylist>");
  return mesh;
}

}  // namespace

Status read_collada(const std::string& text, const std::string& name, const XmlParser& parse_xml, Mesh& mesh) {
  XmlElement root;
  const Status parsed = parse_xml(text, root);
  if (!parsed.ok()) return Status::failure(name + " " + parsed.message());
  if (!root.is("COLLADA")) return Status::failure(name + ": not a COLLADA document (no <COLLADA>)");
  try {
    mesh = read_document(name, &root);
  } catch (const ColladaError& error) {
    return Status::failure(error.message);
  }
  return Status::success();
}

}  // namespace contactlab
