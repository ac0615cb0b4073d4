#include "step/prescribed_efforts.h"

#include "dynamics/articulation/prescribed_elimination.h"

namespace contactlab {
namespace {

// y^T J^T f over the island's rows, y in `probe`: contacts (their frame's three rows),
// joint limits and joint friction rows, torsion rows.
double impulses_work(const IslandRows& rows, const IslandImpulses& impulses, const Eigen::VectorXd& probe) {
  double work = 0;
  for (int c = 0; c < rows.contact_count; ++c) work += impulses.contact[c].dot(rows.frame_velocity(c, probe));
  for (int l = 0; l < rows.limit_count; ++l) work += impulses.limit[l] * rows.limit_velocity(l, probe);
  for (int f = 0; f < rows.joint_friction_count; ++f) {
    work += impulses.joint_friction[f] * rows.limit_velocity(rows.friction_row(f), probe);
  }
  for (int c = 0; c < rows.contact_count; ++c) {
    const int t = rows.contact_torsion[c];
    if (t >= 0) work += impulses.torsion[c] * rows.torsion_velocity(t, probe);
  }
  return work;
}

}  // namespace

void set_prescribed_rates(const Model& model, double end_time, std::vector<ArticulationState>& articulations) {
  for (size_t a = 0; a < model.articulations.size(); ++a) {
    const std::vector<PrescribedMotion>& prescribed = model.articulations[a].prescribed;
    for (size_t k = 0; k < prescribed.size(); ++k) {
      articulations[a].prescribed_velocity[k] = prescribed_rate(prescribed[k], end_time);
    }
  }
}

void solve_prescribed_impulses(const Model& model, const IslandDynamics& island, const IslandRows* rows,
                               const IslandImpulses* impulses, const MemberRow* drag, double drag_scale,
                               std::vector<ArticulationMotionWorkspace>& workspaces, Eigen::VectorXd& probe,
                               Eigen::VectorXd& work) {
  const std::vector<IslandMember>& members = island.members();
  for (int m = 0; m < static_cast<int>(members.size()); ++m) {
    const IslandMember& member = members[m];
    if (member.articulation < 0 || model.articulations[member.articulation].prescribed.empty()) continue;
    ArticulationMotionWorkspace& ws = workspaces[member.articulation];
    const Eigen::MatrixXd& mobility = ws.prescribed_mobility;  // Y
    if (mobility.rows() != member.size) continue;  // held still: no elimination this step
    const int count = static_cast<int>(mobility.cols());
    work.setZero(count);
    for (int r = 0; r < count; ++r) {
      if (rows != nullptr) {
        probe.setZero(island.velocity.size());
        probe.segment(member.offset, member.size) = mobility.col(r);
        work[r] += impulses_work(*rows, *impulses, probe);
      }
      if (drag != nullptr && drag->member == m) work[r] += drag_scale * drag->row.dot(mobility.col(r));
    }
    prescribed_impulses(work, ws);
  }
}

}  // namespace contactlab
