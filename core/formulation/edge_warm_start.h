// The warm starts the cone-edge solvers keep between steps (EdgeWarmStarts, state in
// Data: formulation/solver_memory.h): an island is known again by its key, the members
// on either side of each of its contacts and its joint rows in order, and its entry
// holds what its last solve ended with. At most kWarmStartCapacity entries, the least
// recently used replaced.
#pragma once

#include <cstddef>
#include <vector>

#include <Eigen/Core>

namespace contactlab {

struct IslandRows;
class IslandDynamics;

inline constexpr std::size_t kWarmStartCapacity = 64;

// The final active set and answer of a recent solve, keyed by the island's contacts
// (the members each contact touches, in order) and limits; a basis that no longer fits
// costs one reduced solve.
struct EdgeWarmStart {
  std::vector<long long> key;
  std::vector<char> active;
  Eigen::VectorXd z;
  // With torsion rows, which skip the active set: the final basis of Lemke's problem.
  std::vector<char> lemke_basis;
  long long last_used = 0;
};

// The warm starts carried from one solve to the next.
struct EdgeWarmStarts {
  std::vector<EdgeWarmStart> entries;
  long long clock = 0;
};

// (rows, island) => the island's key: u, k, each contact side's member (a free body's
// index, -2 - an articulation's, -1 for the static side), each joint row's.
void make_warm_start_key(const IslandRows& rows, const IslandDynamics& island, std::vector<long long>& key);

// The entry for `key`: its own, a new one below capacity, or the least recently used.
EdgeWarmStart& warm_start_slot(const std::vector<long long>& key, EdgeWarmStarts& warm_starts);

}  // namespace contactlab
