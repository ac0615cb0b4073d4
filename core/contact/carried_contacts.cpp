#include "contact/carried_contacts.h"

namespace contactlab {
namespace {

// u_X = x_X + R_X R_X0^T (p_0 - x_X0) - p_0: how far body X's material point at p_0
// has moved since the step start.
Vec3 point_displacement(const CarriedContacts& carried, const std::vector<Vec3>& position,
                        const std::vector<Quat>& orientation, int body, const Vec3& point) {
  const Vec3& start_position = carried.start_position[body];
  const Quat turn = orientation[body] * carried.start_orientation[body].conjugate();
  return position[body] + turn * (point - start_position) - point;
}

}  // namespace

void take_carried_contacts(const std::vector<Vec3>& position, const std::vector<Quat>& orientation,
                           const std::vector<DetectedContact>& contacts, CarriedContacts& carried) {
  carried.start_position = position;
  carried.start_orientation = orientation;
  carried.start = contacts;
  carried.taken = true;
}

void carry_contacts(const CarriedContacts& carried, const std::vector<Vec3>& position,
                    const std::vector<Quat>& orientation, std::vector<DetectedContact>& contacts) {
  contacts = carried.start;
  for (DetectedContact& contact : contacts) {
    ContactPoint& point = contact.point;
    const Vec3 moved_a = point_displacement(carried, position, orientation, contact.body_a, point.position);
    const Vec3 moved_b = point_displacement(carried, position, orientation, contact.body_b, point.position);
    // phi_s = phi_0 + n . (u_B - u_A), p_s = p_0 + (u_A + u_B) / 2
    point.distance += point.normal.dot(moved_b - moved_a);
    point.position += 0.5 * (moved_a + moved_b);
  }
}

}  // namespace contactlab
