// contactlab check SCENE: validate a scene and summarise it.
#include "commands.h"
#include "scene/scene_loader.h"

namespace contactlab {

int run_check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1 || args[0].empty() || args[0][0] == '-') {
    err << "contactlab check: SCENE: expected exactly one scene file\n";
    return 2;
  }
  Model model;
  const Status status = load_scene_file(args[0], model);
  if (!status.ok()) {
    err << "contactlab check: " << status.message() << '\n';
    return 2;
  }
  int dynamic = 0;
  for (const Body& body : model.bodies) dynamic += body.is_static ? 0 : 1;
  out << "scene " << model.name << ": valid\n";
  out << "bodies: " << model.bodies.size() << " (" << dynamic << " dynamic), geoms: "
      << model.geoms.size() << ", materials: " << model.material_count() << '\n';
  const Options& o = model.options;
  out << "options: time_step " << o.time_step << " s, friction_edges " << o.friction_edges
      << ", error_reduction " << o.error_reduction << ", contact_margin " << o.contact_margin
      << " m, friction_coefficient "
      << (o.friction_coefficient < 0 ? std::string("from materials") : std::to_string(o.friction_coefficient))
      << ", duration " << model.duration << " s\n";
  for (const Body& body : model.bodies) {
    out << "  " << body.name << ": ";
    if (body.is_static) out << "static";
    else out << "mass " << body.mass << " kg";
    out << ", " << body.geoms.size() << " geom(s):";
    for (int g : body.geoms) out << ' ' << shape_type_name(model.geoms[g].shape.type);
    out << '\n';
  }
  return 0;
}

}  // namespace contactlab
