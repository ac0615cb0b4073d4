#include "contact/islands.h"

namespace contactlab {
namespace {

int find_root(std::vector<int>& parent, int body) {
  while (parent[body] != body) {
    parent[body] = parent[parent[body]];
    body = parent[body];
  }
  return body;
}

}  // namespace

void find_islands(const std::vector<char>& is_dynamic,
                  const std::vector<std::pair<int, int>>& links, Islands& islands) {
  const int body_count = static_cast<int>(is_dynamic.size());
  std::vector<int>& parent = islands.island_of_body;  // reused as union-find storage
  parent.resize(body_count);
  for (int b = 0; b < body_count; ++b) parent[b] = b;
  for (const auto& [a, b] : links) {
    if (!is_dynamic[a] || !is_dynamic[b]) continue;
    const int root_a = find_root(parent, a);
    const int root_b = find_root(parent, b);
    // The lower index becomes the root, so roots are each island's lowest body.
    if (root_a < root_b) parent[root_b] = root_a;
    else if (root_b < root_a) parent[root_a] = root_b;
  }
  for (int b = 0; b < body_count; ++b) parent[b] = find_root(parent, b);

  // Number islands by their root in body order, then bucket the bodies.
  std::vector<int>& island_of_root = islands.scratch;
  island_of_root.assign(body_count, -1);
  int island_count = 0;
  for (int b = 0; b < body_count; ++b) {
    if (is_dynamic[b] && parent[b] == b) island_of_root[b] = island_count++;
  }
  islands.body_start.assign(island_count + 1, 0);
  for (int b = 0; b < body_count; ++b) {
    parent[b] = is_dynamic[b] ? island_of_root[parent[b]] : -1;
    if (parent[b] >= 0) ++islands.body_start[parent[b] + 1];
  }
  for (int i = 0; i < island_count; ++i) islands.body_start[i + 1] += islands.body_start[i];
  islands.bodies.resize(islands.body_start[island_count]);
  std::vector<int>& fill = islands.scratch;  // island_of_root is no longer needed
  fill.assign(islands.body_start.begin(), islands.body_start.end() - 1);
  for (int b = 0; b < body_count; ++b) {
    if (parent[b] >= 0) islands.bodies[fill[parent[b]]++] = b;
  }
}

}  // namespace contactlab
