#include "formulation/edge_warm_start.h"

#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"

namespace contactlab {
namespace {

// A member as the model knows it: a free body's index, -2 - an articulation's, or -1
// for the static side of a contact.
long long member_identity(const IslandDynamics& island, int member) {
  if (member < 0) return -1;
  const IslandMember& entry = island.members()[member];
  return entry.body >= 0 ? entry.body : -2 - entry.articulation;
}

}  // namespace

void make_warm_start_key(const IslandRows& rows, const IslandDynamics& island, std::vector<long long>& key) {
  key.clear();
  key.push_back(rows.friction_edges);
  key.push_back(rows.contact_count);
  for (const MemberJacobian& side : rows.frame_jacobians)
    key.push_back(member_identity(island, side.member));
  for (int l = 0; l < rows.limit_count; ++l) {
    const LimitRow& limit = rows.limits[l];
    key.push_back(-2 - limit.articulation);
    key.push_back(limit.sign > 0 ? 2 * limit.link : 2 * limit.link + 1);
  }
  // Joint friction rows: a negative second entry, unlike any limit's.
  for (const JointFrictionRow& friction : rows.joint_friction) {
    key.push_back(-2 - friction.articulation);
    key.push_back(-1 - friction.link);
  }
}

EdgeWarmStart& warm_start_slot(const std::vector<long long>& key, EdgeWarmStarts& warm_starts) {
  std::vector<EdgeWarmStart>& entries = warm_starts.entries;
  EdgeWarmStart* slot = nullptr;
  for (EdgeWarmStart& entry : entries) {
    if (entry.key == key) slot = &entry;
  }
  if (slot == nullptr && entries.size() < kWarmStartCapacity) {
    entries.emplace_back();
    slot = &entries.back();
  }
  if (slot == nullptr) {
    slot = &entries.front();
    for (EdgeWarmStart& entry : entries) {
      if (entry.last_used < slot->last_used) slot = &entry;
    }
  }
  return *slot;
}

}  // namespace contactlab
