#include "formulation/lcp_basis_map.h"

#include <algorithm>
#include <tuple>

namespace contactlab {

namespace {

// One contact of a last pass's basis: its geom pair, where it came from.
struct PastContact {
  long long geom_a, geom_b;
  const LcpBasis* entry;
  int contact;
  int contact_count;
};

bool comes_before(const PastContact& a, const PastContact& b) {
  return std::tie(a.geom_a, a.geom_b) < std::tie(b.geom_a, b.geom_b);
}

}  // namespace

bool map_contact_basis(const std::vector<LcpBasis>& previous, const std::vector<long long>& key,
                       const std::vector<Vec3>& points, std::vector<char>& basis) {
  const long long edges = key[0];
  std::vector<PastContact> past;
  for (const LcpBasis& entry : previous) {
    const long long k = (static_cast<long long>(entry.key.size()) - 1) / 2;
    // Contacts alone: the same u, no limit rows, k (u + 2) unknowns, a point each.
    if (entry.key.empty() || entry.key[0] != edges || static_cast<long long>(entry.key.size()) != 1 + 2 * k ||
        static_cast<long long>(entry.z_is_basic.size()) != k * (edges + 2) ||
        static_cast<long long>(entry.points.size()) != k) {
      continue;
    }
    for (int c = 0; c < k; ++c) {
      past.push_back({entry.key[1 + 2 * c], entry.key[2 + 2 * c], &entry, c, static_cast<int>(k)});
    }
  }
  if (past.empty()) return false;
  std::stable_sort(past.begin(), past.end(), comes_before);
  const int u = static_cast<int>(edges);
  const int k = static_cast<int>(points.size());
  std::vector<char> mapped(static_cast<std::size_t>(k) * (u + 2), 0);
  // Every (contact, past contact) of the same pair by distance, the nearest taken first.
  struct Candidate {
    double distance;
    int contact;
    std::size_t past;
  };
  std::vector<Candidate> candidates;
  for (int c = 0; c < k; ++c) {
    const PastContact wanted{key[1 + 2 * c], key[2 + 2 * c], nullptr, 0, 0};
    const auto [first, last] = std::equal_range(past.begin(), past.end(), wanted, comes_before);
    for (auto it = first; it != last; ++it) {
      candidates.push_back({(it->entry->points[it->contact] - points[c]).squaredNorm(), c,
                            static_cast<std::size_t>(it - past.begin())});
    }
  }
  std::stable_sort(candidates.begin(), candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
  std::vector<char> contact_matched(k, 0);
  std::vector<char> past_taken(past.size(), 0);
  bool any = false;
  for (const Candidate& candidate : candidates) {
    if (contact_matched[candidate.contact] || past_taken[candidate.past]) continue;
    contact_matched[candidate.contact] = 1;
    past_taken[candidate.past] = 1;
    any = true;
    // z = [c_n (k); beta (k u, contact-major); lambda (k)], in both layouts.
    const int c = candidate.contact;
    const PastContact& found = past[candidate.past];
    const std::vector<char>& old = found.entry->z_is_basic;
    const int j = found.contact;
    const int old_k = found.contact_count;
    mapped[c] = old[j];
    for (int i = 0; i < u; ++i) mapped[k + c * u + i] = old[old_k + j * u + i];
    mapped[k + k * u + c] = old[old_k + old_k * u + j];
  }
  if (any) basis.swap(mapped);
  return any;
}

}  // namespace contactlab
