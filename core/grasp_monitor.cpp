#include "grasp_monitor.h"

#include "rigid_body.h"

namespace contactlab {
namespace {

bool touching(const ContactRecord& contact, const Options& options) {
  return contact.distance <= options.contact_threshold;
}

// The free body on the other side of a link contact, or -1.
int held_body(const Model& model, const ContactRecord& contact) {
  const Body& a = model.bodies[contact.body_a];
  const Body& b = model.bodies[contact.body_b];
  if (a.articulation >= 0 && b.articulation < 0 && !b.is_static) return contact.body_b;
  if (b.articulation >= 0 && a.articulation < 0 && !a.is_static) return contact.body_a;
  return -1;
}

}  // namespace

GraspReport evaluate_current_grasp(const Model& model, const Options& options, const Data& data) {
  GraspReport report;
  std::vector<int> touches(model.bodies.size(), 0);
  for (const ContactRecord& contact : data.contacts) {
    const int body = held_body(model, contact);
    if (body >= 0 && touching(contact, options)) ++touches[body];
  }
  for (int b = 0; b < static_cast<int>(touches.size()); ++b) {
    if (touches[b] > 0 && (report.object < 0 || touches[b] > touches[report.object])) report.object = b;
  }
  if (report.object < 0) return report;

  std::vector<GraspContact> contacts;
  for (const ContactRecord& contact : data.contacts) {
    if (held_body(model, contact) != report.object || !touching(contact, options)) continue;
    GraspContact grasp;
    grasp.point = contact.position;
    // The normal points from body_a to body_b: into the object when it is body_b.
    grasp.inward_normal = contact.body_b == report.object ? contact.normal : Vec3(-contact.normal);
    grasp.friction_coefficient =
        options.friction_coefficient >= 0
            ? options.friction_coefficient
            : model.friction(model.geoms[contact.geom_a].material, model.geoms[contact.geom_b].material)
                  .static_coefficient;
    contacts.push_back(grasp);
  }
  report.contact_count = static_cast<int>(contacts.size());
  const Body& object = model.bodies[report.object];
  report.quality = evaluate_grasp(contacts, data.position[report.object],
                                  bounding_radius(model, object), options.friction_edges);
  return report;
}

}  // namespace contactlab
