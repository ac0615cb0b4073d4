// A warm basis for an island's contact LCP (contact_lcp.h, sparse_contact_lcp.h) whose
// contacts changed since the last pass: the last pass's bases carried over contact by
// contact.
//
// An island of contacts alone has the unknowns z = [c_n; beta; lambda] (k contacts, u
// friction edges, no limit, joint friction or torsion rows), its warm-start key
// [u, (geom_a, geom_b) per contact] (lcp_formulation.cpp). A contact is matched to the
// last pass's contact of the same geom pair and the same rank among that pair's
// contacts (a face's corners come out of the narrow phase in the same order while it
// rests); its c_n, beta_i and lambda take that contact's basic or nonbasic role. A new
// contact, matched by none, starts open: its w's basic. The basis is only a start: the
// Lemke methods check it and pivot from it (lcp/lemke.h, lcp/sparse_lemke.h).
#pragma once

#include <vector>

#include "formulation/solver_memory.h"

namespace contactlab {

// (last pass's bases, this island's key and contact count) => z_is_basic of size
// k (u + 2) in `basis`; false (basis untouched) when no contact was matched.
bool map_contact_basis(const std::vector<LcpBasis>& previous, const std::vector<long long>& key, int contact_count,
                       std::vector<char>& basis);

}  // namespace contactlab
