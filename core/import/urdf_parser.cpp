#include "import/urdf_parser.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <map>
#include <sstream>


#include "import/xml_tree.h"

#include "import/import_limits.h"

namespace contactlab {
namespace {


// Thrown inside the parser only, turned into a Status at its boundary.
struct ParseError {
  std::string message;
};

[[noreturn]] void fail(const XmlElement* element, const std::string& message) {
  throw ParseError{"URDF line " + std::to_string(element->line) + ": " + message};
}

std::string tag(const XmlElement* element) { return std::string("<") + element->name + ">"; }

// "<joint name=\"j1\"> <limit upper>", the element and attribute a message is about.
std::string place(const std::string& owner, const XmlElement* element, const char* attribute) {
  std::string text = owner;
  if (!text.empty()) text += " ";
  text += tag(element);
  if (attribute != nullptr) text.insert(text.size() - 1, std::string(" ") + attribute);
  return text;
}

double parse_number_text(const XmlElement* element, const std::string& what, const std::string& text,
                         bool any_magnitude = false) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(begin, &end);
  while (end != nullptr && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')) ++end;
  if (end == begin || end == nullptr || *end != '\0') {
    const bool xacro = text.find("${") != std::string::npos || text.find("$(") != std::string::npos;
    fail(element, what + ": \"" + text + "\" is not a number" +
                      (xacro ? " (a xacro expression: run xacro on the file first)" : ""));
  }
  if (!std::isfinite(value) || errno == ERANGE) fail(element, what + ": \"" + text + "\" is not a finite number");
  if (!any_magnitude && std::fabs(value) > kMaxImportedNumber) {
    fail(element, what + ": " + text + " is too large (at most 1e6 in magnitude)");
  }
  return value;
}

bool has(const XmlElement* element, const char* attribute) { return element->attribute(attribute) != nullptr; }

// A <limit> value: finite, of any magnitude (ROS spells "none" as +-1e16; the import
// maps such bounds, urdf_scene.cpp).
double limit_number(const XmlElement* element, const char* attribute, const std::string& owner) {
  const char* text = element->attribute(attribute);
  if (text == nullptr) return 0;
  return parse_number_text(element, place(owner, element, attribute), text, true);
}

double number(const XmlElement* element, const char* attribute, const std::string& owner, double fallback) {
  const char* text = element->attribute(attribute);
  if (text == nullptr) return fallback;
  return parse_number_text(element, place(owner, element, attribute), text);
}

Vec3 triple(const XmlElement* element, const char* attribute, const std::string& owner, const Vec3& fallback) {
  const char* text = element->attribute(attribute);
  if (text == nullptr) return fallback;
  std::istringstream words(text);
  std::string word;
  std::vector<double> values;
  while (words >> word) values.push_back(parse_number_text(element, place(owner, element, attribute), word));
  if (values.size() != 3) {
    fail(element, place(owner, element, attribute) + ": \"" + text + "\" must be three numbers");
  }
  return Vec3(values[0], values[1], values[2]);
}

std::string required_text(const XmlElement* element, const char* attribute, const std::string& owner) {
  const char* text = element->attribute(attribute);
  if (text == nullptr || *text == '\0') fail(element, place(owner, element, attribute) + ": required");
  return text;
}

// Reports every attribute of `element` not in `used`.
void report_attributes(const XmlElement* element, std::initializer_list<const char*> used,
                       const std::string& path, ImportReport& report) {
  for (const auto& [name, value] : element->attributes) {
    bool known = false;
    for (const char* used_name : used) known = known || name == used_name;
    if (!known) report.ignore(path + " attribute " + name, element->line);
  }
}


// At most one child named `name`; null when there is none.
const XmlElement* single_child(const XmlElement* parent, const char* name, const std::string& owner) {
  const XmlElement* child = parent->first_child(name);
  if (child != nullptr && child->next_sibling(name) != nullptr) {
    fail(child->next_sibling(name), owner + " " + tag(parent) + ": more than one <" + name + ">");
  }
  return child;
}

Pose read_origin(const XmlElement* parent, const std::string& owner, const std::string& path, ImportReport& report) {
  const XmlElement* origin = single_child(parent, "origin", owner);
  if (origin == nullptr) return Pose{};
  report_attributes(origin, {"xyz", "rpy"}, path + " <origin>", report);
  return Pose{triple(origin, "xyz", owner, Vec3::Zero()), rotation_from_rpy(triple(origin, "rpy", owner, Vec3::Zero()))};
}

double positive(const XmlElement* element, const char* attribute, const std::string& owner) {
  const double value = number(element, attribute, owner, 0);
  if (!has(element, attribute)) fail(element, place(owner, element, attribute) + ": required");
  if (!(value > 0)) fail(element, place(owner, element, attribute) + ": must be > 0, got " + element->attribute(attribute));
  return value;
}

// <material name="..."><color rgba="r g b a"/></material>: the name and, when given,
// the colour (each component in [0, 1]). Textures and other children are reported.
void read_material(const XmlElement* element, const std::string& owner, const std::string& path,
                   ImportReport& report, std::string& name, bool& has_color, std::array<double, 4>& color) {
  const char* written = element->attribute("name");
  name = written != nullptr ? written : "";
  report_attributes(element, {"name"}, path, report);
  for (const XmlElement* child = element->first_child(); child != nullptr; child = child->next_sibling()) {
    if (!child->is("color")) {
      report.ignore(path + " <" + child->name + ">", child->line);
      continue;
    }
    const char* text = child->attribute("rgba");
    if (text == nullptr) fail(child, place(owner, child, "rgba") + ": required");
    std::istringstream words(text);
    std::string word;
    std::vector<double> values;
    while (words >> word) values.push_back(parse_number_text(child, place(owner, child, "rgba"), word));
    if (values.size() != 4) fail(child, place(owner, child, "rgba") + ": \"" + text + "\" must be four numbers");
    for (size_t k = 0; k < 4; ++k) {
      if (!(values[k] >= 0 && values[k] <= 1)) {
        fail(child, place(owner, child, "rgba") + ": every component must be within [0, 1], got \"" + text + "\"");
      }
      color[k] = values[k];
    }
    has_color = true;
    report_attributes(child, {"rgba"}, path + " <color>", report);
  }
}

// <visual> or <collision>: its origin and its one geometry. Returns false for a visual
// whose geometry is of a kind the import does not know (reported, not fatal).
bool read_geometry_element(const XmlElement* element, const std::string& owner, const std::string& path,
                           int index, ImportReport& report, UrdfGeometry& geometry) {
  const bool collision = element->is("collision");
  geometry.where = owner + " " + tag(element) + " " + std::to_string(index) + " (line " +
                   std::to_string(element->line) + ")";
  geometry.origin = read_origin(element, owner, path, report);
  report_attributes(element, {"name"}, path, report);
  const XmlElement* holder = nullptr;
  for (const XmlElement* child = element->first_child(); child != nullptr; child = child->next_sibling()) {
    if (child->is("origin")) continue;
    if (!collision && child->is("material")) {
      read_material(child, owner, path + " <material>", report, geometry.material, geometry.has_color, geometry.color);
    } else if (child->is("geometry")) {
      if (holder != nullptr) fail(child, owner + " " + tag(element) + ": more than one <geometry>");
      holder = child;
    } else {
      report.ignore(path + " <" + child->name + ">", child->line);
    }
  }
  if (holder == nullptr) fail(element, owner + " " + tag(element) + ": <geometry> is required");
  const XmlElement* shape = holder->first_child();
  if (shape == nullptr) fail(holder, owner + " " + tag(element) + " <geometry>: needs a box, cylinder, capsule, sphere or mesh");
  if (shape->next_sibling() != nullptr) {
    fail(shape->next_sibling(), owner + " " + tag(element) + " <geometry>: holds more than one shape");
  }
  const std::string shape_path = path + " <geometry> <" + shape->name + ">";
  if (shape->is("box")) {
    geometry.type = UrdfGeometryType::Box;
    geometry.size = triple(shape, "size", owner, Vec3::Zero());
    if (!has(shape, "size")) fail(shape, place(owner, shape, "size") + ": required");
    if (!(geometry.size.minCoeff() > 0)) fail(shape, place(owner, shape, "size") + ": every edge must be > 0");
    report_attributes(shape, {"size"}, shape_path, report);
  } else if (shape->is("cylinder")) {
    geometry.type = UrdfGeometryType::Cylinder;
    geometry.radius = positive(shape, "radius", owner);
    geometry.length = positive(shape, "length", owner);
    report_attributes(shape, {"radius", "length"}, shape_path, report);
  } else if (shape->is("capsule")) {  // URDF 1.1 (urdfdom), PyBullet: `length` between the caps' centres
    geometry.type = UrdfGeometryType::Capsule;
    geometry.radius = positive(shape, "radius", owner);
    geometry.length = positive(shape, "length", owner);
    report_attributes(shape, {"radius", "length"}, shape_path, report);
  } else if (shape->is("sphere")) {
    geometry.type = UrdfGeometryType::Sphere;
    geometry.radius = positive(shape, "radius", owner);
    report_attributes(shape, {"radius"}, shape_path, report);
  } else if (shape->is("mesh")) {
    geometry.type = UrdfGeometryType::Mesh;
    geometry.filename = required_text(shape, "filename", owner);
    geometry.scale = triple(shape, "scale", owner, Vec3::Ones());
    if (!(geometry.scale.cwiseAbs().minCoeff() > 0)) {
      fail(shape, place(owner, shape, "scale") + ": every factor must be nonzero");
    }
    report_attributes(shape, {"filename", "scale"}, shape_path, report);
  } else if (collision) {
    fail(shape, owner + " <collision> <geometry>: unknown shape " + tag(shape) +
                    " (allowed: box, cylinder, capsule, sphere, mesh)");
  } else {
    report.ignore(shape_path, shape->line);
    return false;
  }
  return true;
}

UrdfInertial read_inertial(const XmlElement* element, const std::string& owner, ImportReport& report) {
  UrdfInertial inertial;
  inertial.present = true;
  inertial.line = element->line;
  const std::string path = "<link> <inertial>";
  inertial.origin = read_origin(element, owner, path, report);
  const XmlElement* mass = single_child(element, "mass", owner);
  if (mass == nullptr) fail(element, owner + " <inertial>: <mass> is required");
  inertial.mass = number(mass, "value", owner, 0);
  if (!has(mass, "value")) fail(mass, place(owner, mass, "value") + ": required");
  if (inertial.mass < 0) fail(mass, place(owner, mass, "value") + ": must be >= 0 kg");
  report_attributes(mass, {"value"}, path + " <mass>", report);
  const XmlElement* inertia = single_child(element, "inertia", owner);
  if (inertia != nullptr) {
    const double ixx = number(inertia, "ixx", owner, 0), iyy = number(inertia, "iyy", owner, 0);
    const double izz = number(inertia, "izz", owner, 0), ixy = number(inertia, "ixy", owner, 0);
    const double ixz = number(inertia, "ixz", owner, 0), iyz = number(inertia, "iyz", owner, 0);
    inertial.inertia << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    report_attributes(inertia, {"ixx", "iyy", "izz", "ixy", "ixz", "iyz"}, path + " <inertia>", report);
  }
  for (const XmlElement* child = element->first_child(); child != nullptr; child = child->next_sibling()) {
    if (!child->is("origin") && !child->is("mass") && !child->is("inertia")) {
      report.ignore(path + " <" + child->name + ">", child->line);
    }
  }
  return inertial;
}

UrdfLink read_link(const XmlElement* element, ImportReport& report) {
  UrdfLink link;
  link.line = element->line;
  link.name = required_text(element, "name", "");
  const std::string owner = "link \"" + link.name + "\"";
  report_attributes(element, {"name"}, "<link>", report);
  for (const XmlElement* child = element->first_child(); child != nullptr; child = child->next_sibling()) {
    if (child->is("inertial")) {
      if (link.inertial.present) fail(child, owner + ": more than one <inertial>");
      link.inertial = read_inertial(child, owner, report);
    } else if (child->is("collision")) {
      UrdfGeometry geometry;
      read_geometry_element(child, owner, "<link> <collision>", static_cast<int>(link.collisions.size()), report,
                            geometry);
      link.collisions.push_back(geometry);
    } else if (child->is("visual")) {
      UrdfGeometry geometry;
      if (read_geometry_element(child, owner, "<link> <visual>", static_cast<int>(link.visuals.size()), report,
                                geometry)) {
        link.visuals.push_back(geometry);
      }
    } else {
      report.ignore(std::string("<link> <") + child->name + ">", child->line);
    }
  }
  return link;
}

UrdfJointType joint_type(const XmlElement* element, const std::string& owner) {
  const std::string type = required_text(element, "type", owner);
  static const std::map<std::string, UrdfJointType> kTypes = {
      {"revolute", UrdfJointType::Revolute}, {"continuous", UrdfJointType::Continuous},
      {"prismatic", UrdfJointType::Prismatic}, {"fixed", UrdfJointType::Fixed},
      {"floating", UrdfJointType::Floating}, {"planar", UrdfJointType::Planar}};
  const auto found = kTypes.find(type);
  if (found == kTypes.end()) {
    fail(element, owner + " <joint type>: unknown type \"" + type +
                      "\" (allowed: revolute, continuous, prismatic, fixed, floating, planar)");
  }
  return found->second;
}

std::string link_reference(const XmlElement* joint, const char* name, const std::string& owner) {
  const XmlElement* element = single_child(joint, name, owner);
  if (element == nullptr) fail(joint, owner + ": <" + name + " link=...> is required");
  return required_text(element, "link", owner);
}

UrdfJoint read_joint(const XmlElement* element, ImportReport& report) {
  UrdfJoint joint;
  joint.line = element->line;
  joint.name = required_text(element, "name", "");
  const std::string owner = "joint \"" + joint.name + "\"";
  joint.type = joint_type(element, owner);
  report_attributes(element, {"name", "type"}, "<joint>", report);
  joint.parent = link_reference(element, "parent", owner);
  joint.child = link_reference(element, "child", owner);
  joint.origin = read_origin(element, owner, "<joint>", report);
  const bool moves_on_axis = joint.type == UrdfJointType::Revolute || joint.type == UrdfJointType::Continuous ||
                             joint.type == UrdfJointType::Prismatic;
  if (const XmlElement* axis = single_child(element, "axis", owner)) {
    const Vec3 value = triple(axis, "xyz", owner, Vec3(1, 0, 0));
    report_attributes(axis, {"xyz"}, "<joint> <axis>", report);
    if (moves_on_axis) {
      if (!(value.norm() >= 1e-6)) fail(axis, owner + " <axis xyz>: a " + urdf_joint_type_name(joint.type) +
                                                  " joint needs a nonzero axis");
      joint.axis = value.normalized();
    }
  }
  if (const XmlElement* limit = single_child(element, "limit", owner)) {
    joint.limit.present = true;
    joint.limit.bounded = has(limit, "lower") || has(limit, "upper");
    joint.limit.lower = limit_number(limit, "lower", owner);
    joint.limit.upper = limit_number(limit, "upper", owner);
    joint.limit.effort = limit_number(limit, "effort", owner);
    joint.limit.velocity = limit_number(limit, "velocity", owner);
    report_attributes(limit, {"lower", "upper", "effort", "velocity"}, "<joint> <limit>", report);
    if (joint.limit.effort < 0 || joint.limit.velocity < 0) {
      fail(limit, owner + " <limit>: effort and velocity must be >= 0");
    }
    if (joint.type != UrdfJointType::Continuous && joint.limit.lower > joint.limit.upper) {
      fail(limit, owner + " <limit>: lower " + limit->attribute("lower") + " is above upper " +
                      limit->attribute("upper"));
    }
  }
  if (const XmlElement* dynamics = single_child(element, "dynamics", owner)) {
    joint.dynamics.damping = number(dynamics, "damping", owner, 0);
    joint.dynamics.friction = number(dynamics, "friction", owner, 0);
    report_attributes(dynamics, {"damping", "friction"}, "<joint> <dynamics>", report);
    if (joint.dynamics.damping < 0 || joint.dynamics.friction < 0) {
      fail(dynamics, owner + " <dynamics>: damping and friction must be >= 0");
    }
  }
  if (const XmlElement* mimic = single_child(element, "mimic", owner)) {
    joint.mimic.present = true;
    joint.mimic.joint = required_text(mimic, "joint", owner);
    joint.mimic.multiplier = number(mimic, "multiplier", owner, 1);
    joint.mimic.offset = number(mimic, "offset", owner, 0);
    report_attributes(mimic, {"joint", "multiplier", "offset"}, "<joint> <mimic>", report);
  }
  for (const XmlElement* child = element->first_child(); child != nullptr; child = child->next_sibling()) {
    static const char* const kUsed[] = {"parent", "child", "origin", "axis", "limit", "dynamics", "mimic"};
    bool used = false;
    for (const char* name : kUsed) used = used || child->is(name);
    if (!used) report.ignore(std::string("<joint> <") + child->name + ">", child->line);
  }
  return joint;
}

// One tree: unique names, joints between existing links, every link the child of at
// most one joint, exactly one root, every link reached from it.
void check_tree(const XmlElement* robot_element, const UrdfRobot& robot) {
  std::map<std::string, int> link_index;
  for (size_t l = 0; l < robot.links.size(); ++l) {
    if (!link_index.emplace(robot.links[l].name, static_cast<int>(l)).second) {
      throw ParseError{"URDF line " + std::to_string(robot.links[l].line) + ": link \"" + robot.links[l].name +
                       "\": a second link of that name"};
    }
  }
  std::map<std::string, int> joint_names;
  std::vector<int> parent_joint(robot.links.size(), -1);
  for (size_t j = 0; j < robot.joints.size(); ++j) {
    const UrdfJoint& joint = robot.joints[j];
    const std::string where = "URDF line " + std::to_string(joint.line) + ": joint \"" + joint.name + "\"";
    if (!joint_names.emplace(joint.name, static_cast<int>(j)).second) {
      throw ParseError{where + ": a second joint of that name"};
    }
    for (const std::string* name : {&joint.parent, &joint.child}) {
      if (link_index.count(*name) == 0) {
        throw ParseError{where + ": no link named \"" + *name + "\" (" +
                         (name == &joint.parent ? "parent" : "child") + ")"};
      }
    }
    if (joint.parent == joint.child) throw ParseError{where + ": joins link \"" + joint.parent + "\" to itself (a loop)"};
    int& parent = parent_joint[link_index[joint.child]];
    if (parent >= 0) {
      throw ParseError{where + ": link \"" + joint.child + "\" is already the child of joint \"" +
                       robot.joints[parent].name + "\" (a kinematic loop; URDF describes trees)"};
    }
    parent = static_cast<int>(j);
  }
  for (const UrdfJoint& joint : robot.joints) {
    if (joint.mimic.present && joint_names.count(joint.mimic.joint) == 0) {
      throw ParseError{"URDF line " + std::to_string(joint.line) + ": joint \"" + joint.name + "\" <mimic joint>: no joint named \"" +
                       joint.mimic.joint + "\""};
    }
  }
  std::vector<std::string> roots;
  for (size_t l = 0; l < robot.links.size(); ++l) {
    if (parent_joint[l] < 0) roots.push_back(robot.links[l].name);
  }
  if (roots.empty()) fail(robot_element, "<robot>: every link is a child (a kinematic loop), so there is no root link");
  if (roots.size() > 1) {
    fail(robot_element, "<robot>: two root links, \"" + roots[0] + "\" and \"" + roots[1] +
                            "\" (every link but one must be the child of a joint)");
  }
  // Reached from the root: a link on a loop of joints is not.
  std::vector<bool> reached(robot.links.size(), false);
  reached[link_index[roots[0]]] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const UrdfJoint& joint : robot.joints) {
      const int child = link_index[joint.child];
      if (reached[link_index[joint.parent]] && !reached[child]) reached[child] = grew = true;
    }
  }
  for (size_t l = 0; l < robot.links.size(); ++l) {
    if (!reached[l]) {
      throw ParseError{"URDF line " + std::to_string(robot.links[l].line) + ": link \"" + robot.links[l].name +
                       "\" is on a kinematic loop, not reached from the root \"" + roots[0] + "\""};
    }
  }
}

}  // namespace

Status read_urdf_tree(const XmlElement& document_root, UrdfRobot& robot, ImportReport& report) {
  const XmlElement* root = &document_root;
  if (!root->is("robot")) return Status::failure("URDF: the document's root element must be <robot>, got " + tag(root));
  UrdfRobot parsed;
  ImportReport parsed_report = report;
  try {
    const char* name = root->attribute("name");
    parsed.name = name != nullptr ? name : "";
    report_attributes(root, {"name"}, "<robot>", parsed_report);
    for (const XmlElement* child = root->first_child(); child != nullptr; child = child->next_sibling()) {
      if (child->is("link")) {
        if (parsed.links.size() == kMaxUrdfLinks) {
          fail(child, "<robot>: more than " + std::to_string(kMaxUrdfLinks) + " links");
        }
        parsed.links.push_back(read_link(child, parsed_report));
      } else if (child->is("joint")) {
        parsed.joints.push_back(read_joint(child, parsed_report));
      } else if (child->is("material")) {
        std::string material;
        bool has_color = false;
        std::array<double, 4> color{};
        read_material(child, "<robot>", "<robot> <material>", parsed_report, material, has_color, color);
        if (has_color && !material.empty()) parsed.material_colors[material] = color;
      } else {
        parsed_report.ignore("<" + child->name + ">", child->line);
      }
    }
    if (parsed.links.empty()) fail(root, "<robot>: has no <link>");
    for (UrdfLink& link : parsed.links) {
      for (UrdfGeometry& visual : link.visuals) {
        const auto named = parsed.material_colors.find(visual.material);
        if (visual.has_color || named == parsed.material_colors.end()) continue;
        visual.has_color = true;
        visual.color = named->second;
      }
    }
    check_tree(root, parsed);
  } catch (const ParseError& error) {
    return Status::failure(error.message);
  }
  robot = std::move(parsed);
  report = std::move(parsed_report);
  return Status::success();
}

Status parse_urdf(const std::string& text, const XmlParser& parse_xml, UrdfRobot& robot, ImportReport& report) {
  if (text.size() > kMaxUrdfBytes) {
    return Status::failure("URDF: the document must be at most " + std::to_string(kMaxUrdfBytes) + " bytes, got " +
                           std::to_string(text.size()));
  }
  XmlElement document_root;
  const Status parsed = parse_xml(text, document_root);
  if (!parsed.ok()) return Status::failure("URDF " + parsed.message());
  return read_urdf_tree(document_root, robot, report);
}

}  // namespace contactlab
