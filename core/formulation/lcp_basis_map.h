// A warm basis for an island's contact LCP (contact_lcp.h, sparse_contact_lcp.h) whose
// contacts changed since the last pass: the last pass's bases carried over contact by
// contact.
//
// An island of contacts alone has the unknowns z = [c_n; beta; lambda] (k contacts, u
// friction edges, no limit, joint friction or torsion rows), its warm-start key
// [u, (geom_a, geom_b) per contact] (lcp_formulation.cpp). Contacts are matched to the
// last pass's contacts of the same geom pair by their points, the nearest pairs first
// (each contact and each past contact matched at most once); a matched contact's c_n,
// beta_i and lambda take its past contact's basic or nonbasic role. Points, not ranks
// among a pair's contacts: where a pair's contact count changes (a cylinder's rim points
// on a face, a corner appearing), the ranks of the contacts after it shift and carry
// other contacts' roles (docs/performance.md, "bin_pile's warm paths on q as it is, and
// bases carried by the nearest point"). A new contact, matched by none, starts open: its
// w's basic. The basis is only a start: the Lemke methods check it and pivot from it
// (lcp/lemke.h, lcp/sparse_lemke.h).
#pragma once

#include <vector>

#include "base/math_types.h"
#include "formulation/solver_memory.h"

namespace contactlab {

// (last pass's bases, this island's key and contact points) => z_is_basic of size
// k (u + 2) in `basis`, k = points.size(); false (basis untouched) when no contact was
// matched.
bool map_contact_basis(const std::vector<LcpBasis>& previous, const std::vector<long long>& key,
                       const std::vector<Vec3>& points, std::vector<char>& basis);

}  // namespace contactlab
