#include "scene/scene_loader.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <Eigen/Eigenvalues>

#include "base/bounded_file.h"
#include "geometry/convex_hull.h"
#include "geometry/mass_properties.h"
#include "scene/articulation_reader.h"
#include "scene/json_fields.h"
#include "scene/scene_limits.h"
#include "scene/timeline_reader.h"
#include "scene/two_edge_friction.h"
#include "scene/view_reader.h"

namespace contactlab {
namespace {

// Size limits: a scene travels in a URL and must load quickly in the page.
constexpr std::size_t kMaxSceneBytes = 1 << 20;
constexpr std::size_t kMaxJsonDepth = 16;
constexpr std::size_t kMaxDescriptionCharacters = 4000;
constexpr std::size_t kMaxGeomsPerBody = 16;
constexpr std::size_t kMaxGeoms = 1000;
constexpr std::size_t kMinHullVertices = 4;
constexpr std::size_t kMaxHullVertices = 256;
constexpr std::size_t kMaxMaterials = 32;  // named in "materials", besides "default"
constexpr double kSymmetryTolerance = 1e-9;
// Principal moments of a rigid body: each at most the sum of the other two (the
// triangle inequality, within this relative slack), and the smallest at least this
// fraction of the largest (a thinner body is numerically singular).
constexpr double kTriangleTolerance = 1e-6;
constexpr double kMinInertiaRatio = 1e-9;

const NumberRange kDurationRange{0, 3600, false, true, "s"};
const NumberRange kMassRange{0, 1e6, false, true, "kg"};
const NumberRange kSizeRange{0, 100, false, true, "m"};
const NumberRange kInertiaEntryRange{-1e10, 1e10, true, true, "kg m^2"};
const NumberRange kFrictionRange{0, 2, true, true, ""};
const NumberRange kRestitutionRange{0, 1, true, true, ""};
const NumberRange kTorsionalFrictionRange{0, 1, true, true, "m"};
const NumberRange kDirectionComponentRange{-1, 1, true, true, ""};
constexpr double kDirectionNormTolerance = 1e-3;

const char* const kDefaultMaterial = "default";
const char* const kStaticColor = "#8a8f98";
// Default colours of dynamic bodies, by body index.
const char* const kBodyPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
                                    "#edc948", "#b07aa1", "#ff9da7", "#9c755f"};

struct GeomKind {
  const char* name;
  ShapeType type;
  std::vector<const char*> fields;  // allowed fields of a geom of this kind
};

const std::vector<GeomKind>& geom_kinds() {
  static const std::vector<GeomKind> kinds = {
      {"plane", ShapeType::Plane, {"type", "position", "orientation", "material", "color", "friction_direction"}},
      {"sphere",
       ShapeType::Sphere,
       {"type", "position", "orientation", "material", "color", "radius", "friction_direction"}},
      {"box",
       ShapeType::Box,
       {"type", "position", "orientation", "material", "color", "half_extents", "friction_direction"}},
      {"capsule",
       ShapeType::Capsule,
       {"type", "position", "orientation", "material", "color", "radius", "half_length", "friction_direction"}},
      {"cylinder",
       ShapeType::Cylinder,
       {"type", "position", "orientation", "material", "color", "radius", "half_length", "friction_direction"}},
      {"convex_hull",
       ShapeType::ConvexHull,
       {"type", "position", "orientation", "material", "color", "vertices", "friction_direction"}},
  };
  return kinds;
}

// A failed set_option("gravity_z", ...) reads "gravity_z: must be ..."; the scene's
// message names the field instead: "options.gravity[2]: must be ...".
Status option_failure(const Status& status, const std::string& option_name,
                      const std::string& path) {
  const std::string& message = status.message();
  const std::string prefix = option_name + ":";
  if (message.compare(0, prefix.size(), prefix) == 0) {
    return Status::failure(path + ":" + message.substr(prefix.size()));
  }
  return Status::failure(path + ": " + message);
}

Status apply_option(const Json& value, const std::string& path, const std::string& option_name,
                    Options& options) {
  double number = 0;
  if (value.is_string()) {
    const Status named = option_value_of_word(option_name, value.get<std::string>(), number);
    if (!named.ok()) return option_failure(named, option_name, path);
  } else if (value.is_number()) {
    number = value.get<double>();
  } else {
    return Status::failure(path + ": must be a number, got " + describe_json(value));
  }
  const Status status = set_option(options, option_name, number);
  return status.ok() ? status : option_failure(status, option_name, path);
}

// Symmetric (within a relative 1e-9) and positive definite (Sylvester's criterion:
// all leading principal minors positive). Returns the exactly symmetric part.
Status check_inertia(const Mat3& inertia, const std::string& path, Mat3& symmetric) {
  const double largest = inertia.cwiseAbs().maxCoeff();
  for (int row = 0; row < 3; ++row) {
    for (int column = row + 1; column < 3; ++column) {
      if (std::abs(inertia(row, column) - inertia(column, row)) > kSymmetryTolerance * largest) {
        return Status::failure(path + ": must be symmetric, got [" + std::to_string(row) + "][" +
                               std::to_string(column) +
                               "] = " + describe_number(inertia(row, column)) + " but [" +
                               std::to_string(column) + "][" + std::to_string(row) +
                               "] = " + describe_number(inertia(column, row)));
      }
    }
  }
  const Mat3 average = 0.5 * (inertia + inertia.transpose());
  const double minor1 = average(0, 0);
  const double minor2 = average(0, 0) * average(1, 1) - average(0, 1) * average(1, 0);
  const double minor3 = average.determinant();
  if (!(minor1 > 0 && minor2 > 0 && minor3 > 0)) {
    return Status::failure(path + ": must be positive definite (all leading principal minors > 0)");
  }
  symmetric = average;
  return Status::success();
}

// A free body's given inertia: principal moments a rigid body can have
// (geometry/mass_properties.h), and not nearly singular. (A link's are checked with
// its kinematic tree.)
Status check_rigid_body_moments(const Mat3& inertia, const std::string& path) {
  const Vec3 moments = Eigen::SelfAdjointEigenSolver<Mat3>(inertia, Eigen::EigenvaluesOnly).eigenvalues();
  const std::string listed = describe_number(moments[0]) + ", " + describe_number(moments[1]) + ", " +
                             describe_number(moments[2]) + " kg m^2";
  if (!has_rigid_body_moments(inertia, kTriangleTolerance)) {
    return Status::failure(path + ": principal moments " + listed + " break the triangle inequality " +
                           "(each must be at most the sum of the other two); no rigid body has them");
  }
  if (moments[0] < kMinInertiaRatio * moments[2]) {
    return Status::failure(path + ": principal moments " + listed +
                           " are nearly singular (the smallest must be at least " +
                           describe_number(kMinInertiaRatio) + " of the largest)");
  }
  return Status::success();
}

Status check_magnitude(const Vec3& vector, const std::string& path, const char* unit) {
  const double magnitude = std::sqrt(vector.dot(vector));
  if (magnitude > kMaxSpeed) {
    return Status::failure(path + ": magnitude must be at most " + describe_number(kMaxSpeed) +
                           " " + unit + ", got " + describe_number(magnitude));
  }
  return Status::success();
}

// Reads the document into a fresh Model, section by section, in a fixed order.
class SceneReader {
 public:
  Status read(const Json& document);
  Model& model() { return model_; }

 private:
  Status read_options(const FieldReader& scene);
  Status read_materials(const FieldReader& scene);
  Status read_friction(const FieldReader& scene);
  Status read_friction_pair(const Json& value, const std::string& path, FrictionPair& pair);
  Status read_bodies(const FieldReader& scene);
  Status read_body(const Json& value, std::size_t index);
  Status read_mass_and_geoms(const FieldReader& fields, int body_index, Body& body,
                             Vec3& center_of_mass);
  Status read_geoms(const FieldReader& fields, int body_index, bool body_is_static,
                    std::vector<Geom>& geoms);
  void add_geoms(std::vector<Geom>& geoms, Body& body);
  Status read_geom(const Json& value, const std::string& path, int body_index, bool body_is_static,
                   Geom& geom);
  Status read_shape(const FieldReader& fields, const GeomKind& kind, Shape& shape);
  Status read_material(const Json& value, const std::string& path, int& material);

  Status check_anisotropic_pairs() const;

  Model model_;
  std::map<std::string, int> material_index_;
  // Each anisotropic pair's materials and the path of its `static_across`.
  std::vector<std::pair<std::pair<int, int>, std::string>> anisotropic_pairs_;
  std::map<std::string, std::size_t> body_index_;
};

Status SceneReader::read(const Json& document) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(document, "scene"));
  const FieldReader scene(document, "");
  CONTACTLAB_RETURN_IF_ERROR(
      scene.check_fields({"name", "description", "duration", "options", "materials", "friction",
                          "bodies", "articulations", "timeline", "view"},
                         "a scene"));
  CONTACTLAB_RETURN_IF_ERROR(scene.require("name"));
  CONTACTLAB_RETURN_IF_ERROR(scene.identifier("name", model_.name));
  CONTACTLAB_RETURN_IF_ERROR(
      scene.text("description", kMaxDescriptionCharacters, model_.description));
  CONTACTLAB_RETURN_IF_ERROR(scene.number("duration", kDurationRange, model_.duration));
  CONTACTLAB_RETURN_IF_ERROR(read_options(scene));
  CONTACTLAB_RETURN_IF_ERROR(read_materials(scene));
  CONTACTLAB_RETURN_IF_ERROR(read_friction(scene));
  CONTACTLAB_RETURN_IF_ERROR(read_bodies(scene));
  CONTACTLAB_RETURN_IF_ERROR(read_articulations(
      scene,
      [this](const FieldReader& link, int body_index, Body& body, Vec3& center_of_mass) {
        return read_mass_and_geoms(link, body_index, body, center_of_mass);
      },
      model_));
  CONTACTLAB_RETURN_IF_ERROR(read_timeline(scene, model_));
  CONTACTLAB_RETURN_IF_ERROR(read_view(scene, model_));
  CONTACTLAB_RETURN_IF_ERROR(check_anisotropic_pairs());
  return check_two_edge_friction(model_);
}

// Options are applied through set_option in a fixed order, so that the same checks
// guard the scene file, the sliders and the command line.
Status SceneReader::read_options(const FieldReader& scene) {
  if (!scene.has("options")) return Status::success();
  const std::string path = scene.path_of("options");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(scene.at("options"), path));
  const FieldReader options(scene.at("options"), path);
  std::vector<const char*> scalar_options;
  for (const std::string& name : option_names()) {
    if (name.rfind("gravity_", 0) != 0) scalar_options.push_back(name.c_str());
  }
  std::vector<const char*> allowed = scalar_options;
  allowed.push_back("gravity");
  CONTACTLAB_RETURN_IF_ERROR(options.check_fields(allowed, "options"));
  for (const char* name : scalar_options) {
    if (!options.has(name)) continue;
    CONTACTLAB_RETURN_IF_ERROR(
        apply_option(options.at(name), options.path_of(name), name, model_.options));
  }
  if (options.has("gravity")) {
    const Json& gravity = options.at("gravity");
    const std::string gravity_path = options.path_of("gravity");
    if (!gravity.is_array() || gravity.size() != 3) {
      return Status::failure(gravity_path + ": must be an array of 3 numbers [gx, gy, gz], got " +
                             describe_json(gravity));
    }
    const char* const components[] = {"gravity_x", "gravity_y", "gravity_z"};
    for (std::size_t i = 0; i < 3; ++i) {
      CONTACTLAB_RETURN_IF_ERROR(
          apply_option(gravity[i], element_path(gravity_path, i), components[i], model_.options));
    }
  }
  return Status::success();
}

Status SceneReader::read_materials(const FieldReader& scene) {
  model_.material_names = {kDefaultMaterial};
  material_index_[kDefaultMaterial] = 0;
  if (!scene.has("materials")) return Status::success();
  const std::string path = scene.path_of("materials");
  const Json& materials = scene.at("materials");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(materials, path, 0, kMaxMaterials, "material names"));
  for (std::size_t i = 0; i < materials.size(); ++i) {
    const std::string name_path = element_path(path, i);
    std::string name;
    CONTACTLAB_RETURN_IF_ERROR(read_identifier(materials[i], name_path, name));
    if (name == kDefaultMaterial) {
      return Status::failure(name_path +
                             ": \"default\" always exists as material 0; list only the others");
    }
    if (material_index_.count(name) != 0) {
      return Status::failure(name_path + ": duplicate material name \"" + name + "\"");
    }
    material_index_[name] = model_.material_count();
    model_.material_names.push_back(name);
  }
  return Status::success();
}

Status SceneReader::read_friction_pair(const Json& value, const std::string& path,
                                       FrictionPair& pair) {
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.require("static"));
  CONTACTLAB_RETURN_IF_ERROR(fields.require("kinetic"));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("static", kFrictionRange, pair.static_coefficient));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("kinetic", kFrictionRange, pair.kinetic_coefficient));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("restitution", kRestitutionRange, pair.restitution));
  CONTACTLAB_RETURN_IF_ERROR(
      fields.number("torsional_friction", kTorsionalFrictionRange, pair.torsional_friction));
  // Anisotropic friction: both coefficients across the direction, or neither.
  if (fields.has("static_across") != fields.has("kinetic_across")) {
    const char* given = fields.has("static_across") ? "static_across" : "kinetic_across";
    const char* missing = fields.has("static_across") ? "kinetic_across" : "static_across";
    return Status::failure(fields.path_of(missing) + ": required with " + given +
                           " (anisotropic friction takes both coefficients across the direction)");
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.number("static_across", kFrictionRange, pair.static_across));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("kinetic_across", kFrictionRange, pair.kinetic_across));
  if (!pair.anisotropic()) return Status::success();
  // The ellipse's semi-axes scale the contact frame's tangents, which must not vanish.
  const std::pair<const char*, double> coefficients[] = {
      {"static", pair.static_coefficient}, {"kinetic", pair.kinetic_coefficient},
      {"static_across", pair.static_across}, {"kinetic_across", pair.kinetic_across}};
  for (const auto& [name, value] : coefficients) {
    if (value > 0) continue;
    return Status::failure(fields.path_of(name) +
                           ": must be in (0, 2] for anisotropic friction (an ellipse with a "
                           "zero semi-axis has no interior), got " + describe_number(value));
  }
  return Status::success();
}

// An anisotropic pair needs a geom of one of its materials that says along what.
Status SceneReader::check_anisotropic_pairs() const {
  for (const auto& [materials, path] : anisotropic_pairs_) {
    bool directed = false;
    for (const Geom& geom : model_.geoms) {
      const bool in_pair = materials.first < 0 || geom.material == materials.first ||
                           geom.material == materials.second;
      directed = directed || (in_pair && geom.friction_direction.squaredNorm() > 0);
    }
    if (directed) continue;
    const std::string which =
        materials.first < 0 ? std::string("any material")
                            : "material " + model_.material_names[materials.first] +
                                  (materials.first == materials.second
                                       ? std::string()
                                       : " or " + model_.material_names[materials.second]);
    return Status::failure(path + ": anisotropic friction needs a geom of " + which +
                           " with a friction_direction (none has one)");
  }
  return Status::success();
}

// The table starts from the default pair; each listed pair sets both (a, b) and (b, a).
Status SceneReader::read_friction(const FieldReader& scene) {
  const int count = model_.material_count();
  FrictionPair default_pair;
  if (!scene.has("friction")) {
    model_.friction_table.assign(count * count, default_pair);
    return Status::success();
  }
  const std::string path = scene.path_of("friction");
  CONTACTLAB_RETURN_IF_ERROR(expect_object(scene.at("friction"), path));
  const FieldReader friction(scene.at("friction"), path);
  CONTACTLAB_RETURN_IF_ERROR(friction.check_fields({"default", "pairs"}, "friction"));
  if (friction.has("default")) {
    const std::string default_path = friction.path_of("default");
    const Json& value = friction.at("default");
    CONTACTLAB_RETURN_IF_ERROR(expect_object(value, default_path));
    CONTACTLAB_RETURN_IF_ERROR(
        FieldReader(value, default_path)
            .check_fields({"static", "kinetic", "restitution", "torsional_friction", "static_across",
                           "kinetic_across"},
                          "a friction pair"));
    CONTACTLAB_RETURN_IF_ERROR(read_friction_pair(value, default_path, default_pair));
    if (default_pair.anisotropic()) {
      anisotropic_pairs_.push_back({{-1, -1}, default_path + ".static_across"});
    }
  }
  model_.friction_table.assign(count * count, default_pair);
  if (!friction.has("pairs")) return Status::success();

  const std::string pairs_path = friction.path_of("pairs");
  const Json& pairs = friction.at("pairs");
  CONTACTLAB_RETURN_IF_ERROR(
      expect_array(pairs, pairs_path, 0, count * (count + 1) / 2, "material pairs"));
  std::map<std::pair<int, int>, std::size_t> seen;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string pair_path = element_path(pairs_path, i);
    CONTACTLAB_RETURN_IF_ERROR(expect_object(pairs[i], pair_path));
    const FieldReader fields(pairs[i], pair_path);
    CONTACTLAB_RETURN_IF_ERROR(
        fields.check_fields({"materials", "static", "kinetic", "restitution", "torsional_friction",
                             "static_across", "kinetic_across"},
                            "a friction pair"));
    CONTACTLAB_RETURN_IF_ERROR(fields.require("materials"));
    const std::string names_path = fields.path_of("materials");
    const Json& names = fields.at("materials");
    if (!names.is_array() || names.size() != 2) {
      return Status::failure(names_path + ": must be an array of 2 material names, got " +
                             describe_json(names));
    }
    int a = 0;
    int b = 0;
    CONTACTLAB_RETURN_IF_ERROR(read_material(names[0], element_path(names_path, 0), a));
    CONTACTLAB_RETURN_IF_ERROR(read_material(names[1], element_path(names_path, 1), b));
    const std::pair<int, int> key(std::min(a, b), std::max(a, b));
    const auto previous = seen.find(key);
    if (previous != seen.end()) {
      return Status::failure(names_path + ": duplicate pair " + model_.material_names[a] + "/" +
                             model_.material_names[b] + " (also " +
                             element_path(pairs_path, previous->second) + ")");
    }
    seen[key] = i;
    FrictionPair pair;
    CONTACTLAB_RETURN_IF_ERROR(read_friction_pair(pairs[i], pair_path, pair));
    if (pair.anisotropic()) anisotropic_pairs_.push_back({{a, b}, fields.path_of("static_across")});
    model_.friction_table[a * count + b] = pair;
    model_.friction_table[b * count + a] = pair;
  }
  return Status::success();
}

Status SceneReader::read_material(const Json& value, const std::string& path, int& material) {
  std::string name;
  CONTACTLAB_RETURN_IF_ERROR(read_identifier(value, path, name));
  const auto found = material_index_.find(name);
  if (found == material_index_.end()) {
    std::string known;
    for (const std::string& material_name : model_.material_names) {
      known += (known.empty() ? "" : ", ") + material_name;
    }
    return Status::failure(path + ": unknown material \"" + name + "\" (known: " + known + ")");
  }
  material = found->second;
  return Status::success();
}

Status SceneReader::read_bodies(const FieldReader& scene) {
  CONTACTLAB_RETURN_IF_ERROR(scene.require("bodies"));
  const Json& bodies = scene.at("bodies");
  CONTACTLAB_RETURN_IF_ERROR(
      expect_array(bodies, scene.path_of("bodies"), 1, kMaxBodies, "bodies"));
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    CONTACTLAB_RETURN_IF_ERROR(read_body(bodies[i], i));
  }
  return Status::success();
}

// A dynamic body's frame is put at its centre of mass (seed 002 §3.1): with c the
// centre of mass in the frame the file describes, every geom moves by -c in the body
// frame and the body's initial position by +R c.
Status SceneReader::read_body(const Json& value, std::size_t index) {
  const std::string path = element_path("bodies", index);
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(
      fields.check_fields({"name", "static", "mass", "position", "orientation", "linear_velocity",
                           "angular_velocity", "inertia", "center_of_mass", "geoms"},
                          "a body"));
  Body body;
  CONTACTLAB_RETURN_IF_ERROR(fields.require("name"));
  CONTACTLAB_RETURN_IF_ERROR(fields.identifier("name", body.name));
  const auto same_name = body_index_.find(body.name);
  if (same_name != body_index_.end()) {
    return Status::failure(fields.path_of("name") + ": duplicate body name \"" + body.name +
                           "\" (also " + element_path("bodies", same_name->second) + ")");
  }
  body_index_[body.name] = index;
  CONTACTLAB_RETURN_IF_ERROR(fields.boolean("static", body.is_static));

  Vec3 position = Vec3::Zero();
  Quat orientation = Quat::Identity();
  CONTACTLAB_RETURN_IF_ERROR(fields.vec3("position", kBodyPositionRange, position));
  CONTACTLAB_RETURN_IF_ERROR(fields.quaternion("orientation", orientation));
  const int body_index = static_cast<int>(index);
  Vec3 center_of_mass = Vec3::Zero();
  if (body.is_static) {
    for (const char* key :
         {"mass", "linear_velocity", "angular_velocity", "inertia", "center_of_mass"}) {
      CONTACTLAB_RETURN_IF_ERROR(
          fields.forbid(key, "on a static body (remove it, or set \"static\": false)"));
    }
    std::vector<Geom> geoms;
    CONTACTLAB_RETURN_IF_ERROR(read_geoms(fields, body_index, true, geoms));
    add_geoms(geoms, body);
  } else {
    CONTACTLAB_RETURN_IF_ERROR(
        fields.vec3("linear_velocity", kLinearVelocityRange, body.initial_linear_velocity));
    CONTACTLAB_RETURN_IF_ERROR(
        check_magnitude(body.initial_linear_velocity, fields.path_of("linear_velocity"), "m/s"));
    CONTACTLAB_RETURN_IF_ERROR(
        fields.vec3("angular_velocity", kAngularVelocityRange, body.initial_angular_velocity));
    CONTACTLAB_RETURN_IF_ERROR(check_magnitude(body.initial_angular_velocity,
                                               fields.path_of("angular_velocity"), "rad/s"));
    CONTACTLAB_RETURN_IF_ERROR(read_mass_and_geoms(fields, body_index, body, center_of_mass));
    if (fields.has("inertia")) {
      CONTACTLAB_RETURN_IF_ERROR(check_rigid_body_moments(body.inertia, fields.path_of("inertia")));
    }
  }
  body.initial_orientation = orientation;
  body.initial_position = position + orientation.toRotationMatrix() * center_of_mass;
  model_.bodies.push_back(std::move(body));
  return Status::success();
}

// What a dynamic body and an articulation's link share: "mass", "inertia" with
// "center_of_mass" (or both computed from the geoms) and "geoms". The geoms are added
// to the model posed relative to the centre of mass c: each moves by -c.
Status SceneReader::read_mass_and_geoms(const FieldReader& fields, int body_index, Body& body,
                                        Vec3& center_of_mass) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require("mass"));
  CONTACTLAB_RETURN_IF_ERROR(fields.number("mass", kMassRange, body.mass));
  Mat3 given_inertia = Mat3::Zero();
  Vec3 given_center_of_mass = Vec3::Zero();
  if (fields.has("inertia")) {
    Mat3 inertia;
    CONTACTLAB_RETURN_IF_ERROR(fields.matrix3("inertia", kInertiaEntryRange, inertia));
    CONTACTLAB_RETURN_IF_ERROR(check_inertia(inertia, fields.path_of("inertia"), given_inertia));
    CONTACTLAB_RETURN_IF_ERROR(
        fields.vec3("center_of_mass", kLocalPositionRange, given_center_of_mass));
  } else {
    CONTACTLAB_RETURN_IF_ERROR(
        fields.forbid("center_of_mass", "without \"inertia\" (give both, or neither)"));
  }
  std::vector<Geom> geoms;
  CONTACTLAB_RETURN_IF_ERROR(read_geoms(fields, body_index, false, geoms));

  if (fields.has("inertia")) {
    body.inertia = given_inertia;
    center_of_mass = given_center_of_mass;
  } else {
    std::vector<PlacedShape> shapes;
    for (const Geom& geom : geoms) shapes.push_back(PlacedShape{geom.shape, geom.local_pose});
    const BodyMassProperties computed = body_mass_properties(shapes, body.mass);
    Mat3 inertia;
    if (!check_inertia(computed.inertia, fields.path_of("geoms"), inertia).ok()) {
      return Status::failure(fields.path_of("geoms") +
                             ": too small to compute an inertia from; give \"inertia\"");
    }
    body.inertia = inertia;
    center_of_mass = computed.center_of_mass;
  }
  for (Geom& geom : geoms) geom.local_pose.position -= center_of_mass;
  add_geoms(geoms, body);
  return Status::success();
}

Status SceneReader::read_geoms(const FieldReader& fields, int body_index, bool body_is_static,
                               std::vector<Geom>& geoms) {
  CONTACTLAB_RETURN_IF_ERROR(fields.require("geoms"));
  const std::string path = fields.path_of("geoms");
  const Json& values = fields.at("geoms");
  CONTACTLAB_RETURN_IF_ERROR(expect_array(values, path, 1, kMaxGeomsPerBody, "geoms"));
  if (model_.geoms.size() + values.size() > kMaxGeoms) {
    return Status::failure(path + ": a scene may hold at most " + std::to_string(kMaxGeoms) +
                           " geoms in all, this body brings it to " +
                           std::to_string(model_.geoms.size() + values.size()));
  }
  geoms.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_geom(values[i], element_path(path, i), body_index, body_is_static, geoms[i]));
  }
  return Status::success();
}

void SceneReader::add_geoms(std::vector<Geom>& geoms, Body& body) {
  for (Geom& geom : geoms) {
    body.geoms.push_back(static_cast<int>(model_.geoms.size()));
    model_.geoms.push_back(std::move(geom));
  }
}

Status SceneReader::read_geom(const Json& value, const std::string& path, int body_index,
                              bool body_is_static, Geom& geom) {
  CONTACTLAB_RETURN_IF_ERROR(expect_object(value, path));
  const FieldReader fields(value, path);
  CONTACTLAB_RETURN_IF_ERROR(fields.require("type"));
  const Json& type = fields.at("type");
  const GeomKind* kind = nullptr;
  std::string kind_names;
  for (const GeomKind& candidate : geom_kinds()) {
    if (type.is_string() && type.get_ref<const std::string&>() == candidate.name) kind = &candidate;
    kind_names += (kind_names.empty() ? "\"" : ", \"") + std::string(candidate.name) + "\"";
  }
  if (kind == nullptr) {
    return Status::failure(fields.path_of("type") + ": must be one of " + kind_names + ", got " +
                           describe_json(type));
  }
  const std::string what = std::string("a ") + kind->name + " geom";
  CONTACTLAB_RETURN_IF_ERROR(fields.check_fields(kind->fields, what.c_str()));
  if (kind->type == ShapeType::Plane && !body_is_static) {
    return Status::failure(fields.path_of("type") +
                           ": a plane can only belong to a static body (set \"static\": true)");
  }
  geom.body = body_index;
  CONTACTLAB_RETURN_IF_ERROR(read_shape(fields, *kind, geom.shape));
  Quat orientation = Quat::Identity();
  CONTACTLAB_RETURN_IF_ERROR(
      fields.vec3("position", kLocalPositionRange, geom.local_pose.position));
  CONTACTLAB_RETURN_IF_ERROR(fields.quaternion("orientation", orientation));
  geom.local_pose.rotation = orientation.toRotationMatrix();
  geom.material = 0;
  if (fields.has("material")) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_material(fields.at("material"), fields.path_of("material"), geom.material));
  }
  if (fields.has("friction_direction")) {
    Vec3 direction;
    CONTACTLAB_RETURN_IF_ERROR(
        fields.vec3("friction_direction", kDirectionComponentRange, direction));
    const double norm = direction.norm();
    if (!(std::abs(norm - 1) <= kDirectionNormTolerance)) {
      return Status::failure(fields.path_of("friction_direction") +
                             ": must be a unit vector [x, y, z] in the geom frame (norm within " +
                             describe_number(kDirectionNormTolerance) + " of 1), got norm " +
                             describe_number(norm));
    }
    geom.friction_direction = direction / norm;
  }
  const std::size_t palette_size = sizeof kBodyPalette / sizeof kBodyPalette[0];
  geom.color = body_is_static ? kStaticColor : kBodyPalette[body_index % palette_size];
  return fields.color("color", geom.color);
}

Status SceneReader::read_shape(const FieldReader& fields, const GeomKind& kind, Shape& shape) {
  shape.type = kind.type;
  switch (kind.type) {
    case ShapeType::Plane:
      return Status::success();
    case ShapeType::Sphere:
      CONTACTLAB_RETURN_IF_ERROR(fields.require("radius"));
      return fields.number("radius", kSizeRange, shape.radius);
    case ShapeType::Box:
      CONTACTLAB_RETURN_IF_ERROR(fields.require("half_extents"));
      return fields.vec3("half_extents", kSizeRange, shape.half_extents);
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
      CONTACTLAB_RETURN_IF_ERROR(fields.require("radius"));
      CONTACTLAB_RETURN_IF_ERROR(fields.require("half_length"));
      CONTACTLAB_RETURN_IF_ERROR(fields.number("radius", kSizeRange, shape.radius));
      return fields.number("half_length", kSizeRange, shape.half_length);
    case ShapeType::ConvexHull:
      break;
  }
  CONTACTLAB_RETURN_IF_ERROR(fields.require("vertices"));
  const std::string path = fields.path_of("vertices");
  const Json& vertices = fields.at("vertices");
  CONTACTLAB_RETURN_IF_ERROR(
      expect_array(vertices, path, kMinHullVertices, kMaxHullVertices, "points [x, y, z]"));
  std::vector<Vec3> points(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    CONTACTLAB_RETURN_IF_ERROR(
        read_vec3(vertices[i], element_path(path, i), kLocalPositionRange, points[i]));
  }
  auto hull = std::make_shared<ConvexHullData>();
  const Status built = build_convex_hull(points, *hull);
  if (!built.ok()) return Status::failure(path + ": " + built.message());
  shape.hull = std::move(hull);
  return Status::success();
}

}  // namespace

Status load_scene(const std::string& json_text, Model& model) {
  if (json_text.size() > kMaxSceneBytes) {
    return Status::failure("scene: the JSON text must be at most " +
                           std::to_string(kMaxSceneBytes) + " bytes (1 MiB), got " +
                           std::to_string(json_text.size()));
  }
  const std::size_t nul = json_text.find('\0');
  if (nul != std::string::npos) {
    return Status::failure("scene: the JSON text holds a NUL byte at offset " + std::to_string(nul) +
                           "; a scene is UTF-8 text");
  }
  Json document;
  CONTACTLAB_RETURN_IF_ERROR(parse_json(json_text, kMaxJsonDepth, document));
  SceneReader reader;
  CONTACTLAB_RETURN_IF_ERROR(reader.read(document));
  model = std::move(reader.model());
  return Status::success();
}

Status read_scene_file(const std::string& path, std::string& text) {
  return read_bounded_file(path, kMaxSceneBytes, "a scene file", text);
}

Status load_scene_file(const std::string& path, Model& model) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(read_scene_file(path, text));
  return load_scene(text, model);
}

}  // namespace contactlab
