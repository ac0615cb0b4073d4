#include "contact/contact_rows.h"

#include <algorithm>
#include <utility>

#include "base/finite_values.h"
#include "contact/anisotropic_friction.h"
#include "contact/friction_coefficient.h"
#include "contact/restitution.h"
#include "contact/torsional_friction.h"

namespace contactlab {
namespace {

// value += J v over one side of a contact, each row's sum over its columns in order:
// with Columns = 6 (a free body) a constant trip count that unrolls, the same sums.
template <int Columns>
void add_side_rate(const Eigen::Matrix<double, 3, Eigen::Dynamic>& rows, const double* side_velocity, Vec3& value) {
  const int n = Columns == Eigen::Dynamic ? static_cast<int>(rows.cols()) : Columns;
  for (int r = 0; r < 3; ++r) {
    double sum = 0;
    for (int j = 0; j < n; ++j) sum += rows(r, j) * side_velocity[j];
    value[r] += sum;
  }
}

// The entries of fixed-size blocks stored densely one after the other (an empty vector
// has no first block to take them from).
template <typename Block>
bool blocks_finite(const std::vector<Block>& blocks) {
  static_assert(sizeof(Block) == Block::SizeAtCompileTime * sizeof(double), "stored densely");
  return blocks.empty() ||
         all_finite(blocks.front().data(), Block::SizeAtCompileTime * blocks.size());
}

// The frame rows (n, t1, t2) as body wrenches (d, r x d), negated for body A.
Eigen::Matrix<double, 3, 6> frame_wrenches(double sign, const Vec3 frame[3], const Vec3& point,
                                           const Vec3& center) {
  Eigen::Matrix<double, 3, 6> wrenches;
  for (int r = 0; r < 3; ++r) {
    wrenches.block<1, 3>(r, 0) = sign * frame[r].transpose();
    wrenches.block<1, 3>(r, 3) = sign * (point - center).cross(frame[r]).transpose();
  }
  return wrenches;
}

// rows_p * mobility_q over the shared member's n = Columns coordinates, each entry's sum
// over them in order (Columns = 6, a free body: a constant trip count that unrolls, the
// same sums).
template <int Columns>
Mat3 member_product_over(const MemberJacobian& p, const MemberJacobian& q) {
  const int n = Columns == Eigen::Dynamic ? static_cast<int>(p.rows.cols()) : Columns;
  const double* __restrict rows = p.rows.data();         // 3 x n, column-major
  const double* __restrict mobility = q.mobility.data();  // n x 3, column-major
  Mat3 block;
  for (int r = 0; r < 3; ++r) {
    for (int s = 0; s < 3; ++s) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += rows[3 * j + r] * mobility[n * s + j];
      block(r, s) = sum;
    }
  }
  return block;
}

// rows_p * mobility_q over the shared member: a 3x3 block of J M^-1 J^T.
Mat3 member_product(const MemberJacobian& p, const MemberJacobian& q) {
  if (p.rows.cols() == 6) return member_product_over<6>(p, q);
  return member_product_over<Eigen::Dynamic>(p, q);
}

// W_ce = sum over the members contacts c and e share of J_c M^-1 J_e^T; `coupled` (if
// given) says whether they share one.
Mat3 contact_pair_block(const std::vector<MemberJacobian>& sides, int c, int e, bool* coupled) {
  Mat3 block = Mat3::Zero();
  for (int p = 2 * c; p < 2 * c + 2; ++p) {
    for (int q = 2 * e; q < 2 * e + 2; ++q) {
      if (sides[p].member < 0 || sides[p].member != sides[q].member) continue;
      block += member_product(sides[p], sides[q]);
      if (coupled) *coupled = true;
    }
  }
  return block;
}

// row_p . mobility_q over the shared member: one entry of s M^-1 s^T.
double row_product(const MemberRow& p, const MemberRow& q) {
  double sum = 0;
  for (Eigen::Index j = 0; j < p.row.size(); ++j) sum += p.row[j] * q.mobility[j];
  return sum;
}

// row_p^T mobility_q over the shared member: s M^-1 J^T in the frame (n, t1, t2).
Vec3 row_frame_product(const MemberRow& p, const MemberJacobian& q) {
  Vec3 entry;
  for (int s = 0; s < 3; ++s) {
    double sum = 0;
    for (Eigen::Index j = 0; j < p.row.size(); ++j) sum += p.row[j] * q.mobility(j, s);
    entry[s] = sum;
  }
  return entry;
}

// (contacts with mu_t > 0) => their spin rows (0, +-mu_t n) on each side.
void add_torsion_rows(const std::vector<DetectedContact>& contacts, const IslandDynamics& island,
                      IslandRows& rows) {
  const int k = rows.contact_count;
  rows.torsion_count = 0;
  rows.contact_torsion.assign(k, -1);
  for (int c = 0; c < k; ++c) {
    if (!(rows.torsional_friction[c] > 0)) continue;
    if (static_cast<int>(rows.torsion.size()) == rows.torsion_count) rows.torsion.emplace_back();
    TorsionRow& torsion = rows.torsion[rows.torsion_count];
    rows.contact_torsion[c] = rows.torsion_count++;
    torsion.contact = c;
    torsion.coefficient = rows.torsional_friction[c];
    const DetectedContact& contact = contacts[rows.contacts[c]];
    Vec6 spin;
    spin << Vec3::Zero(), torsion.coefficient * contact.point.normal;
    island.body_row(contact.body_a, -spin, torsion.sides[0]);
    island.body_row(contact.body_b, spin, torsion.sides[1]);
  }
  rows.torsion.resize(rows.torsion_count);
}

// (spin rows, frame Jacobians) => s_t M^-1 J_e^T and s_t M^-1 s_r over shared members.
void write_torsion_gram(IslandRows& rows) {
  const int k = rows.contact_count;
  const int count = rows.torsion_count;
  rows.torsion_contact.assign(static_cast<std::size_t>(count) * k, Vec3::Zero());
  rows.torsion_torsion.assign(static_cast<std::size_t>(count) * count, 0.0);
  rows.joint_torsion.clear();
  for (int t = 0; t < count; ++t) {
    const TorsionRow& torsion = rows.torsion[t];
    for (int e = 0; e < k; ++e) {
      Vec3 entry = Vec3::Zero();
      for (const MemberRow& side : torsion.sides) {
        for (int q = 2 * e; q < 2 * e + 2; ++q) {
          const MemberJacobian& other = rows.frame_jacobians[q];
          if (side.member < 0 || side.member != other.member) continue;
          entry += row_frame_product(side, other);
        }
      }
      rows.torsion_contact[t * k + e] = entry;
    }
    for (int r = t; r < count; ++r) {
      double entry = 0;
      for (const MemberRow& side : torsion.sides) {
        for (const MemberRow& other : rows.torsion[r].sides) {
          if (side.member < 0 || side.member != other.member) continue;
          entry += row_product(side, other);
        }
      }
      rows.torsion_torsion[t * count + r] = rows.torsion_torsion[r * count + t] = entry;
    }
  }
}

// Every per-contact array (IslandRows::for_each_contact_array) sized for k contacts.
// Frame Jacobian sides past 2 k go to the spares with their buffers, and a growth takes
// spares back first.
void size_contact_arrays(int k, IslandRows& rows) {
  std::vector<MemberJacobian>& sides = rows.frame_jacobians;
  std::vector<MemberJacobian>& spare = rows.spare_frame_jacobians;
  while (static_cast<int>(sides.size()) > 2 * k) {
    spare.push_back(std::move(sides.back()));
    sides.pop_back();
  }
  while (static_cast<int>(sides.size()) < 2 * k && !spare.empty()) {
    sides.push_back(std::move(spare.back()));
    spare.pop_back();
  }
  rows.for_each_contact_array([k](auto& array, int per_contact) {
    array.resize(static_cast<std::size_t>(per_contact) * static_cast<std::size_t>(k));
  });
}

// (W_cc of every contact) => the contacts whose normals no impulse can move
// (immobile_normal) taken out of the per-contact arrays, the others kept in order.
void leave_out_immobile_contacts(IslandRows& rows) {
  const int k = rows.contact_count;
  double scale = 0;  // the largest diagonal entry of any W_cc
  for (int c = 0; c < k; ++c) scale = std::max(scale, rows.contact_self_gram[c].diagonal().maxCoeff());
  int kept = 0;
  for (int c = 0; c < k; ++c) {
    if (immobile_normal(rows.contact_self_gram[c](0, 0), scale)) continue;
    if (kept != c) {
      rows.for_each_contact_array([kept, c](auto& array, int per_contact) {
        for (int i = 0; i < per_contact; ++i) std::swap(array[per_contact * kept + i], array[per_contact * c + i]);
      });
    }
    ++kept;
  }
  rows.immobile_count = k - kept;
  if (kept == k) return;
  rows.contact_count = kept;
  size_contact_arrays(kept, rows);
}

// Appends joint row `limit` and its Gram entries.
void add_joint_row(const IslandDynamics& island, const LimitRow& limit, IslandRows& rows) {
  const int k = rows.contact_count;
  rows.limits.push_back(limit);
  const IslandMember& member = island.members()[limit.member];

  // M_c^-1 l~ on the member: sign times the joint's column of M_c^-1 (M_c^-1 l in
  // maximal coordinates).
  const Eigen::VectorXd& direction = limit.direction;
  Eigen::VectorXd mobility(member.size);
  for (int j = 0; j < member.size; ++j) {
    if (direction.size() == 0) {
      mobility[j] = limit.sign * island.inverse_mass_entry(limit.member, member.offset + j, limit.coordinate);
      continue;
    }
    double sum = 0;
    for (int i = 0; i < member.size; ++i) {
      if (direction[i] != 0) {
        sum += island.inverse_mass_entry(limit.member, member.offset + j, member.offset + i) * direction[i];
      }
    }
    mobility[j] = limit.sign * sum;
  }
  rows.limit_mobility.push_back(mobility);

  // l~^T M^-1 J_e^T: the contact's mobility rows at the joint, where it is on the member.
  for (int e = 0; e < k; ++e) {
    Vec3 entry = Vec3::Zero();
    for (int q = 2 * e; q < 2 * e + 2; ++q) {
      const MemberJacobian& side = rows.frame_jacobians[q];
      if (side.member != limit.member) continue;
      if (direction.size() == 0) {
        entry += limit.sign * side.mobility.row(limit.coordinate - side.offset).transpose();
        continue;
      }
      Vec3 rate = Vec3::Zero();
      for (int i = 0; i < member.size; ++i) {
        if (direction[i] != 0) rate += direction[i] * side.mobility.row(i).transpose();
      }
      entry += limit.sign * rate;
    }
    rows.limit_contact.push_back(entry);
  }

  // l~^T M^-1 s_t: the spin row's mobility at the joint, where it is on the member.
  for (int t = 0; t < rows.torsion_count; ++t) {
    double entry = 0;
    for (const MemberRow& side : rows.torsion[t].sides) {
      if (side.member != limit.member) continue;
      entry += limit.sign * side.mobility[limit.coordinate - side.offset];
    }
    rows.joint_torsion.push_back(entry);
  }
}

}  // namespace

Vec3 IslandRows::frame_velocity(int c, const Eigen::VectorXd& velocity) const {
  Vec3 value = Vec3::Zero();
  for (int p = 2 * c; p < 2 * c + 2; ++p) {
    const MemberJacobian& jacobian = frame_jacobians[p];
    if (jacobian.member < 0) continue;
    const double* side_velocity = velocity.data() + jacobian.offset;
    const int n = static_cast<int>(jacobian.rows.cols());
    if (n == 6) {
      add_side_rate<6>(jacobian.rows, side_velocity, value);
    } else {
      add_side_rate<Eigen::Dynamic>(jacobian.rows, side_velocity, value);
    }
  }
  return value;
}

void IslandRows::apply_frame_impulse(int c, const Vec3& impulse, Eigen::VectorXd& velocity) const {
  for (int p = 2 * c; p < 2 * c + 2; ++p) {
    const MemberJacobian& jacobian = frame_jacobians[p];
    if (jacobian.member < 0) continue;
    const int n = static_cast<int>(jacobian.mobility.rows());
    for (int j = 0; j < n; ++j) {
      velocity[jacobian.offset + j] += jacobian.mobility(j, 0) * impulse.x() +
                                       jacobian.mobility(j, 1) * impulse.y() +
                                       jacobian.mobility(j, 2) * impulse.z();
    }
  }
}

void IslandRows::apply_limit_impulse(int l, double impulse, Eigen::VectorXd& velocity) const {
  const Eigen::VectorXd& mobility = limit_mobility[l];
  for (Eigen::Index j = 0; j < mobility.size(); ++j) {
    velocity[limits[l].offset + j] += mobility[j] * impulse;
  }
}

double IslandRows::torsion_velocity(int t, const Eigen::VectorXd& velocity) const {
  double value = 0;
  for (const MemberRow& side : torsion[t].sides) {
    if (side.member < 0) continue;
    double sum = 0;
    for (Eigen::Index j = 0; j < side.row.size(); ++j) sum += side.row[j] * velocity[side.offset + j];
    value += sum;
  }
  return value;
}

void IslandRows::apply_torsion_impulse(int t, double impulse, Eigen::VectorXd& velocity) const {
  for (const MemberRow& side : torsion[t].sides) {
    if (side.member < 0) continue;
    for (Eigen::Index j = 0; j < side.mobility.size(); ++j) {
      velocity[side.offset + j] += side.mobility[j] * impulse;
    }
  }
}

double IslandRows::column_velocity(int i, const Eigen::VectorXd& velocity) const {
  if (i < contact_count) return frame_velocity(i, velocity).x();
  if (i < normal_count()) return limit_velocity(i - contact_count, velocity);
  const int c = (i - normal_count()) / friction_edges;
  const int j = (i - normal_count()) % friction_edges;
  const Vec3 frame = frame_velocity(c, velocity);
  return edge_cos[j] * frame.y() + edge_sin[j] * frame.z();
}

void IslandRows::apply_column_impulse(int i, double impulse, Eigen::VectorXd& velocity) const {
  if (i < contact_count) return apply_frame_impulse(i, Vec3(impulse, 0, 0), velocity);
  if (i < normal_count()) return apply_limit_impulse(i - contact_count, impulse, velocity);
  const int c = (i - normal_count()) / friction_edges;
  const int j = (i - normal_count()) % friction_edges;
  apply_frame_impulse(c, Vec3(0, edge_cos[j] * impulse, edge_sin[j] * impulse), velocity);
}

bool IslandRows::is_finite() const {
  return blocks_finite(contact_gram) && blocks_finite(contact_self_gram) &&
         blocks_finite(limit_contact) &&
         std::all_of(limit_mobility.begin(), limit_mobility.end(),
                     [](const Eigen::VectorXd& mobility) {
                       return all_finite(mobility.data(), static_cast<std::size_t>(mobility.size()));
                     }) &&
         all_finite(target_velocity.data(), target_velocity.size()) &&
         all_finite(friction_coefficient.data(), friction_coefficient.size()) &&
         all_finite(restitution.data(), restitution.size()) &&
         all_finite(torsional_friction.data(), torsional_friction.size()) &&
         blocks_finite(torsion_contact) && all_finite(torsion_torsion.data(), torsion_torsion.size()) &&
         all_finite(joint_torsion.data(), joint_torsion.size()) &&
         std::all_of(joint_friction.begin(), joint_friction.end(),
                     [](const JointFrictionRow& row) { return all_finite(&row.bound, 1); });
}

bool immobile_normal(double normal_mobility, double island_scale) {
  return normal_mobility <= 1e-12 * island_scale;
}

double contact_target_velocity(double distance, const Options& options) {
  const double error = distance - 0.5 * options.contact_threshold;  // Delta p
  if (error < 0) {
    // Eq. (19), capped: a deep overlap is undone at no more than max_recovery_speed.
    return std::min(-options.error_reduction * error / options.time_step, options.max_recovery_speed);
  }
  return -error / options.time_step;
}

double limit_target_velocity(double distance, const Options& options) {
  if (distance < 0) return -options.error_reduction * distance / options.time_step;
  return -distance / options.time_step;
}

void fill_dense_contact_gram(IslandRows& rows) {
  const int k = rows.contact_count;
  const std::vector<MemberJacobian>& sides = rows.frame_jacobians;
  rows.dense_gram = true;
  rows.contact_gram.resize(k * k);  // every block is written below
  rows.contacts_coupled.assign(k * k, 0);
  for (int c = 0; c < k; ++c) {
    rows.contact_gram[c * k + c] = rows.contact_self_gram[c];
    rows.contacts_coupled[c * k + c] = sides[2 * c].member >= 0 || sides[2 * c + 1].member >= 0;
    for (int e = c + 1; e < k; ++e) {
      bool coupled = false;
      const Mat3 block = contact_pair_block(sides, c, e, &coupled);
      rows.contact_gram[c * k + e] = block;
      rows.contact_gram[e * k + c] = block.transpose();
      rows.contacts_coupled[c * k + e] = rows.contacts_coupled[e * k + c] = coupled;
    }
  }
}

Mat3 contact_gram_block(const IslandRows& rows, int c, int e) {
  if (c == e) return rows.self_block(c);
  if (c < e) return contact_pair_block(rows.frame_jacobians, c, e, nullptr);
  return contact_pair_block(rows.frame_jacobians, e, c, nullptr).transpose();
}

void assemble_contact_rows(const Model& model, const Options& options,
                           const std::vector<DetectedContact>& contacts,
                           const std::vector<int>& island_contacts,
                           const std::vector<Vec3>& position, const IslandDynamics& island,
                           const FrictionEdgeTable& edges, IslandRows& rows,
                           ContactGram gram) {
  const int k = static_cast<int>(island_contacts.size());
  const int u = edges.edge_count();
  rows.contact_count = k;
  rows.limit_count = 0;
  rows.joint_friction_count = 0;
  rows.friction_edges = u;
  size_contact_arrays(k, rows);
  std::copy(island_contacts.begin(), island_contacts.end(), rows.contacts.begin());
  std::fill(rows.friction_scale.begin(), rows.friction_scale.end(), Eigen::Vector2d::Ones());
  rows.edge_cos = edges.cosines();
  rows.edge_sin = edges.sines();
  rows.limits.clear();
  rows.limit_contact.clear();
  rows.limit_mobility.clear();
  rows.joint_friction.clear();
  std::vector<MemberJacobian>& sides = rows.frame_jacobians;

  for (int c = 0; c < k; ++c) {
    const DetectedContact& contact = contacts[island_contacts[c]];
    const Vec3& point = contact.point.position;
    const Vec3& normal = contact.point.normal;
    const Vec3& center_a = position[contact.body_a];
    const Vec3& center_b = position[contact.body_b];

    rows.target_velocity[c] = contact_target_velocity(contact.point.distance, options);

    // Seed 002 eq. (4): the u directions of D are d_j = cos_j t1 + sin_j t2.
    Vec3 t1, t2;
    tangent_basis(normal, t1, t2);
    const Vec3 frame[3] = {normal, t1, t2};
    rows.frame[c] << normal, t1, t2;
    island.body_jacobian(contact.body_a, frame_wrenches(-1.0, frame, point, center_a), sides[2 * c]);
    island.body_jacobian(contact.body_b, frame_wrenches(1.0, frame, point, center_b), sides[2 * c + 1]);

    // Seed 002 eq. (13): static friction below the threshold slip speed, kinetic above.
    const Vec3 relative_velocity = rows.frame_velocity(c, island.velocity);
    const FrictionPair friction = contact_friction(model, options, contact.geom_a, contact.geom_b);
    if (is_anisotropic(friction, contact.friction_direction)) {
      // The ellipse as a circle in a scaled frame, whose rows replace the unit ones.
      const ContactFrictionFrame scaled =
          anisotropic_friction_frame(friction, normal, contact.friction_direction, t1, t2,
                                     tangential_slip(relative_velocity), options);
      const Vec3 scaled_frame[3] = {normal, scaled.scale1 * scaled.t1, scaled.scale2 * scaled.t2};
      rows.frame[c] << scaled_frame[0], scaled_frame[1], scaled_frame[2];
      rows.friction_scale[c] = Eigen::Vector2d(scaled.scale1, scaled.scale2);
      island.body_jacobian(contact.body_a, frame_wrenches(-1.0, scaled_frame, point, center_a),
                           sides[2 * c]);
      island.body_jacobian(contact.body_b, frame_wrenches(1.0, scaled_frame, point, center_b),
                           sides[2 * c + 1]);
      rows.friction_coefficient[c] = scaled.coefficient;
    } else {
      rows.friction_coefficient[c] =
          friction_coefficient(friction, tangential_slip(relative_velocity), options);
    }
    rows.restitution[c] = contact_restitution(model, options, contact.geom_a, contact.geom_b);
    rows.torsional_friction[c] =
        contact_torsional_friction(model, options, contact.geom_a, contact.geom_b);
  }

  // (frame Jacobians) => W_ce = sum over shared members of J_c M^-1 J_e^T.
  // (Each W_cc as fill_dense_contact_gram always stored it, transposed from the sum: the
  // same bits either way.)
  for (int c = 0; c < k; ++c) rows.contact_self_gram[c] = contact_pair_block(sides, c, c, nullptr).transpose();
  leave_out_immobile_contacts(rows);
  add_torsion_rows(contacts, island, rows);
  if (gram == ContactGram::Dense) {
    fill_dense_contact_gram(rows);
  } else {
    rows.dense_gram = false;
    rows.contact_gram.clear();
    rows.contacts_coupled.clear();
  }
  write_torsion_gram(rows);
}

void add_limit_row(const IslandDynamics& island, const LimitRow& limit, IslandRows& rows) {
  add_joint_row(island, limit, rows);
  ++rows.limit_count;
}

void add_joint_friction_row(const IslandDynamics& island, const JointFrictionRow& friction,
                            IslandRows& rows) {
  LimitRow row;
  row.articulation = friction.articulation;
  row.link = friction.link;
  row.sign = 1;
  row.member = friction.member;
  row.offset = friction.offset;
  row.coordinate = friction.coordinate;
  row.target_velocity = 0;
  row.direction = friction.direction;
  add_joint_row(island, row, rows);
  rows.joint_friction.push_back(friction);
  ++rows.joint_friction_count;
}

}  // namespace contactlab
