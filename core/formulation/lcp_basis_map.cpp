#include "formulation/lcp_basis_map.h"

#include <algorithm>
#include <tuple>

namespace contactlab {

namespace {

// One contact of a last pass's basis: its geom pair, its rank among the pair's
// contacts, where it came from.
struct PastContact {
  long long geom_a, geom_b;
  int rank;
  const LcpBasis* entry;
  int contact;
  int contact_count;
};

bool comes_before(const PastContact& a, const PastContact& b) {
  return std::tie(a.geom_a, a.geom_b, a.rank) < std::tie(b.geom_a, b.geom_b, b.rank);
}

// The ranks of the contacts of one key among those of the same geom pair, in order.
void rank_contacts(const std::vector<long long>& key, int contact_count, std::vector<int>& rank) {
  rank.assign(contact_count, 0);
  for (int c = 1; c < contact_count; ++c) {
    // Contacts of one pair come out of the narrow phase together.
    if (key[1 + 2 * c] == key[2 * c - 1] && key[2 + 2 * c] == key[2 * c]) rank[c] = rank[c - 1] + 1;
  }
}

}  // namespace

bool map_contact_basis(const std::vector<LcpBasis>& previous, const std::vector<long long>& key, int contact_count,
                       std::vector<char>& basis) {
  const long long edges = key[0];
  std::vector<PastContact> past;
  std::vector<int> rank;
  for (const LcpBasis& entry : previous) {
    const long long k = (static_cast<long long>(entry.key.size()) - 1) / 2;
    // Contacts alone: the same u, no limit rows, k (u + 2) unknowns.
    if (entry.key.empty() || entry.key[0] != edges || static_cast<long long>(entry.key.size()) != 1 + 2 * k ||
        static_cast<long long>(entry.z_is_basic.size()) != k * (edges + 2)) {
      continue;
    }
    rank_contacts(entry.key, static_cast<int>(k), rank);
    for (int c = 0; c < k; ++c) {
      past.push_back({entry.key[1 + 2 * c], entry.key[2 + 2 * c], rank[c], &entry, c, static_cast<int>(k)});
    }
  }
  if (past.empty()) return false;
  std::sort(past.begin(), past.end(), comes_before);
  const int u = static_cast<int>(edges);
  const int k = contact_count;
  std::vector<char> mapped(static_cast<std::size_t>(k) * (u + 2), 0);
  rank_contacts(key, k, rank);
  bool any = false;
  for (int c = 0; c < k; ++c) {
    const PastContact wanted{key[1 + 2 * c], key[2 + 2 * c], rank[c], nullptr, 0, 0};
    const auto found = std::lower_bound(past.begin(), past.end(), wanted, comes_before);
    if (found == past.end() || comes_before(wanted, *found)) continue;
    any = true;
    // z = [c_n (k); beta (k u, contact-major); lambda (k)], in both layouts.
    const std::vector<char>& old = found->entry->z_is_basic;
    const int j = found->contact;
    const int old_k = found->contact_count;
    mapped[c] = old[j];
    for (int i = 0; i < u; ++i) mapped[k + c * u + i] = old[old_k + j * u + i];
    mapped[k + k * u + c] = old[old_k + old_k * u + j];
  }
  if (any) basis.swap(mapped);
  return any;
}

}  // namespace contactlab
