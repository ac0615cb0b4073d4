#include "contact/island_dynamics.h"

namespace contactlab {

void IslandDynamics::clear(int body_count) {
  if (static_cast<int>(body_member_.size()) != body_count) {
    body_member_.assign(body_count, -1);
    body_link_.assign(body_count, -1);
  } else {
    for (int body : touched_bodies_) {
      body_member_[body] = -1;
      body_link_[body] = -1;
    }
  }
  touched_bodies_.clear();
  members_.clear();
  free_inverse_mass_.clear();
  articulation_entry_.clear();
  velocity.resize(0);
  start_velocity.resize(0);
}

void IslandDynamics::add_free_body(int body, const InverseMass& inverse_mass, const Vec6& body_velocity) {
  IslandMember member;
  member.body = body;
  member.offset = static_cast<int>(velocity.size());
  member.size = 6;
  body_member_[body] = static_cast<int>(members_.size());
  touched_bodies_.push_back(body);
  members_.push_back(member);
  free_inverse_mass_.push_back(inverse_mass);
  articulation_entry_.emplace_back();
  velocity.conservativeResize(member.offset + 6);
  velocity.segment<6>(member.offset) = body_velocity;
}

void IslandDynamics::add_articulation(int articulation, const std::vector<int>& link_body,
                                      const KinematicTree& tree, const TreeKinematics& kinematics,
                                      const Eigen::VectorXd& articulation_velocity,
                                      const Eigen::MatrixXd& inverse_mass) {
  IslandMember member;
  member.articulation = articulation;
  member.offset = static_cast<int>(velocity.size());
  member.size = tree.velocity_size();
  const int index = static_cast<int>(members_.size());
  for (int link = 0; link < static_cast<int>(link_body.size()); ++link) {
    body_member_[link_body[link]] = index;
    body_link_[link_body[link]] = link;
    touched_bodies_.push_back(link_body[link]);
  }
  members_.push_back(member);
  free_inverse_mass_.emplace_back();
  articulation_entry_.push_back(ArticulationEntry{&tree, &kinematics, &inverse_mass});
  velocity.conservativeResize(member.offset + member.size);
  velocity.segment(member.offset, member.size) = articulation_velocity;
}

void IslandDynamics::body_jacobian(int body, const Eigen::Matrix<double, 3, 6>& wrench_rows,
                                   MemberJacobian& out) const {
  out.member = body_member_[body];
  if (out.member < 0) return;
  const IslandMember& member = members_[out.member];
  out.offset = member.offset;
  out.rows.resize(3, member.size);
  out.mobility.resize(member.size, 3);
  if (member.body >= 0) {
    out.rows = wrench_rows;
    for (int r = 0; r < 3; ++r) {
      out.mobility.col(r) = free_inverse_mass_[out.member].apply(wrench_rows.row(r).transpose());
    }
    return;
  }
  // A link: rows J_com (3 x nv), mobility M_c^-1 (rows J_com)^T.
  const ArticulationEntry& entry = articulation_entry_[out.member];
  com_jacobian(*entry.tree, *entry.kinematics, body_link_[body], jacobian_scratch_);
  const int n = member.size;
  for (int r = 0; r < 3; ++r) {
    for (int j = 0; j < n; ++j) {
      double sum = 0;
      for (int k = 0; k < 6; ++k) sum += wrench_rows(r, k) * jacobian_scratch_(k, j);
      out.rows(r, j) = sum;
    }
  }
  const Eigen::MatrixXd& inverse_mass = *entry.inverse_mass;
  for (int r = 0; r < 3; ++r) {
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int j = 0; j < n; ++j) sum += inverse_mass(i, j) * out.rows(r, j);
      out.mobility(i, r) = sum;
    }
  }
}

void IslandDynamics::body_row(int body, const Vec6& wrench, MemberRow& out) const {
  out.member = body_member_[body];
  if (out.member < 0) return;
  const IslandMember& member = members_[out.member];
  out.offset = member.offset;
  if (member.body >= 0) {
    out.row = wrench;
    out.mobility = free_inverse_mass_[out.member].apply(wrench);
    return;
  }
  // A link: row wrench^T J_com (nv), mobility M_c^-1 row^T.
  const ArticulationEntry& entry = articulation_entry_[out.member];
  com_jacobian(*entry.tree, *entry.kinematics, body_link_[body], jacobian_scratch_);
  const int n = member.size;
  out.row.resize(n);
  for (int j = 0; j < n; ++j) {
    double sum = 0;
    for (int k = 0; k < 6; ++k) sum += wrench[k] * jacobian_scratch_(k, j);
    out.row[j] = sum;
  }
  const Eigen::MatrixXd& inverse_mass = *entry.inverse_mass;
  out.mobility.resize(n);
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int j = 0; j < n; ++j) sum += inverse_mass(i, j) * out.row[j];
    out.mobility[i] = sum;
  }
}

double IslandDynamics::inverse_mass_entry(int member, int row, int column) const {
  const IslandMember& entry = members_[member];
  return (*articulation_entry_[member].inverse_mass)(row - entry.offset, column - entry.offset);
}

}  // namespace contactlab
