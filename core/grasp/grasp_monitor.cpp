#include "grasp/grasp_monitor.h"

#include "contact/friction_coefficient.h"
#include "contact/torsional_friction.h"
#include "dynamics/rigid_body.h"

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

// The grasped object (-1: none) and its touching link contacts as the analysis sees them.
int grasp_contacts(const Model& model, const Options& options, const Data& data,
                   std::vector<GraspContact>& contacts) {
  contacts.clear();
  int object = -1;
  std::vector<int> touches(model.bodies.size(), 0);
  for (const ContactRecord& contact : data.contacts) {
    const int body = held_body(model, contact);
    if (body >= 0 && touching(contact, options)) ++touches[body];
  }
  for (int b = 0; b < static_cast<int>(touches.size()); ++b) {
    if (touches[b] > 0 && (object < 0 || touches[b] > touches[object])) object = b;
  }
  if (object < 0) return object;

  for (const ContactRecord& contact : data.contacts) {
    if (held_body(model, contact) != object || !touching(contact, options)) continue;
    GraspContact grasp;
    grasp.point = contact.position;
    // The normal points from body_a to body_b: into the object when it is body_b.
    grasp.inward_normal = contact.body_b == object ? contact.normal : Vec3(-contact.normal);
    // A held grasp sticks: mu_s.
    grasp.friction_coefficient =
        contact_friction(model, options, contact.geom_a, contact.geom_b).static_coefficient;
    // A soft finger: its torsional friction (grasp_quality.h).
    grasp.torsional_friction =
        contact_torsional_friction(model, options, contact.geom_a, contact.geom_b);
    contacts.push_back(grasp);
  }
  return object;
}

}  // namespace

GraspReport evaluate_current_grasp(const Model& model, const Options& options, const Data& data) {
  GraspReport report;
  std::vector<GraspContact> contacts;
  report.object = grasp_contacts(model, options, data, contacts);
  if (report.object < 0) return report;
  report.contact_count = static_cast<int>(contacts.size());
  const Body& object = model.bodies[report.object];
  report.quality = evaluate_grasp(contacts, data.position[report.object],
                                  bounding_radius(model, object), options.friction_edges);
  return report;
}

Status current_grasp_wrenches(const Model& model, const Options& options, const Data& data, int& object,
                              std::vector<Vec6>& wrenches) {
  wrenches.clear();
  std::vector<GraspContact> contacts;
  object = grasp_contacts(model, options, data, contacts);
  if (object < 0) return Status::success();
  std::vector<int> wrench_contact;
  return grasp_wrenches(contacts, data.position[object], bounding_radius(model, model.bodies[object]),
                        options.friction_edges, wrenches, wrench_contact);
}

}  // namespace contactlab
