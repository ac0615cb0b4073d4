#include "contact_rows.h"

#include "finite_values.h"

namespace contactlab {
namespace {

// The generalised direction of a force along `direction` applied at `point` on a
// body whose centre of mass is at `center`: (direction, r x direction).
Vec6 wrench_direction(const Vec3& direction, const Vec3& point, const Vec3& center) {
  Vec6 wrench;
  wrench.head<3>() = direction;
  wrench.tail<3>() = (point - center).cross(direction);
  return wrench;
}

// Velocity of the material point at `point` of a body with velocity (v, w).
Vec3 point_velocity(const Vec6& velocity, const Vec3& point, const Vec3& center) {
  return velocity.head<3>() + velocity.tail<3>().cross(point - center);
}

void frame_jacobian(int body, double sign, const Vec3 frame[3], const Vec3& point,
                    const Vec3& center, const std::vector<InverseMass>& inverse_mass,
                    FrameJacobian& out) {
  out.body = body;
  if (body < 0) return;
  for (int r = 0; r < 3; ++r) {
    const Vec6 wrench = sign * wrench_direction(frame[r], point, center);
    out.rows.row(r) = wrench.transpose();
    out.mobility.col(r) = inverse_mass[body].apply(wrench);
  }
}

}  // namespace

bool IslandRows::is_finite() const {
  static_assert(sizeof(Mat3) == 9 * sizeof(double), "Mat3 blocks are stored densely");
  return all_finite(contact_gram.data()->data(), 9 * contact_gram.size()) &&
         all_finite(target_velocity.data(), target_velocity.size()) &&
         all_finite(friction_coefficient.data(), friction_coefficient.size());
}

double contact_target_velocity(double distance, const Options& options) {
  const double error = distance - 0.5 * options.contact_threshold;  // Delta p
  if (error < 0) return -options.error_reduction * error / options.time_step;  // eq. (19)
  return -error / options.time_step;
}

void assemble_island_rows(const Model& model, const Options& options,
                          const std::vector<DetectedContact>& contacts,
                          const std::vector<int>& island_contacts,
                          const std::vector<int>& local_of_body,
                          const std::vector<Vec3>& position,
                          const std::vector<InverseMass>& island_inverse_mass,
                          const std::vector<Vec6>& island_velocity,
                          const FrictionEdgeTable& edges, IslandRows& rows) {
  const int k = static_cast<int>(island_contacts.size());
  const int u = edges.edge_count();
  rows.contact_count = k;
  rows.friction_edges = u;
  rows.contacts = island_contacts;
  rows.target_velocity.resize(k);
  rows.friction_coefficient.resize(k);
  rows.frame.resize(k);
  rows.edge_cos = edges.cosines();
  rows.edge_sin = edges.sines();
  std::vector<FrameJacobian>& frames = rows.frame_jacobians;
  frames.resize(2 * k);

  for (int c = 0; c < k; ++c) {
    const DetectedContact& contact = contacts[island_contacts[c]];
    const Vec3& point = contact.point.position;
    const Vec3& normal = contact.point.normal;
    const int local_a = local_of_body[contact.body_a];
    const int local_b = local_of_body[contact.body_b];
    const Vec3& center_a = position[contact.body_a];
    const Vec3& center_b = position[contact.body_b];

    rows.target_velocity[c] = contact_target_velocity(contact.point.distance, options);

    // Seed 002 eq. (13): static friction below the threshold speed, kinetic above.
    Vec3 relative_velocity = Vec3::Zero();
    if (local_b >= 0) relative_velocity += point_velocity(island_velocity[local_b], point, center_b);
    if (local_a >= 0) relative_velocity -= point_velocity(island_velocity[local_a], point, center_a);
    const FrictionPair& pair = model.friction(model.geoms[contact.geom_a].material,
                                              model.geoms[contact.geom_b].material);
    if (options.friction_coefficient >= 0) {
      rows.friction_coefficient[c] = options.friction_coefficient;
    } else {
      rows.friction_coefficient[c] = relative_velocity.norm() < options.kinetic_threshold_speed
                                         ? pair.static_coefficient
                                         : pair.kinetic_coefficient;
    }

    // Seed 002 eq. (4): the u directions of D are d_j = cos_j t1 + sin_j t2.
    Vec3 t1, t2;
    tangent_basis(normal, t1, t2);
    const Vec3 frame[3] = {normal, t1, t2};
    rows.frame[c] << normal, t1, t2;
    frame_jacobian(local_a, -1.0, frame, point, center_a, island_inverse_mass, frames[2 * c]);
    frame_jacobian(local_b, 1.0, frame, point, center_b, island_inverse_mass, frames[2 * c + 1]);
  }

  // (frame Jacobians) => W_ce = sum over shared bodies of J_c M^-1 J_e^T.
  rows.contact_gram.resize(k * k);  // every block is written below
  rows.contacts_coupled.assign(k * k, 0);
  for (int c = 0; c < k; ++c) {
    for (int e = c; e < k; ++e) {
      Mat3 block = Mat3::Zero();
      bool coupled = false;
      for (int p = 2 * c; p < 2 * c + 2; ++p) {
        for (int q = 2 * e; q < 2 * e + 2; ++q) {
          if (frames[p].body < 0 || frames[p].body != frames[q].body) continue;
          block += frames[p].rows * frames[q].mobility;
          coupled = true;
        }
      }
      rows.contact_gram[c * k + e] = block;
      rows.contact_gram[e * k + c] = block.transpose();
      rows.contacts_coupled[c * k + e] = rows.contacts_coupled[e * k + c] = coupled;
    }
  }
}

}  // namespace contactlab
