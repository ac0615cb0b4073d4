// What the contact solvers carry from one step to the next. This is state, not scratch:
// a warm-started solve ends on other bits than a cold one, so the next step's result
// depends on it. It lives in Data, and a replay that restores a state must restore it
// with the rest of Data; the step's scratch (step/step_workspace.h) holds nothing of
// the kind.
#pragma once

#include <cstddef>
#include <vector>

#include "base/math_types.h"
#include "formulation/contact_warm_start.h"
#include "formulation/edge_warm_start.h"

namespace contactlab {

// The basis an island's LCP ended with (seed 002 eq. 21 by Lemke), keyed by the contacts
// and limits it was built from (lcp_formulation.cpp), to warm-start the next pass's LCP
// of the same contacts, and its contacts' points, to carry it over contact by contact
// where they changed (lcp_basis_map.h).
struct LcpBasis {
  std::vector<long long> key;
  std::vector<char> z_is_basic;
  std::vector<Vec3> points;  // per contact of the key, its point, world [m]
};

// The LCP bases of the last pass and of this one, storage reused between them.
struct LcpBases {
  std::vector<LcpBasis> previous;  // the last pass's: this pass's candidates
  std::vector<LcpBasis> current;   // this pass's: the first `used` entries
  std::size_t used = 0;

  // The last pass's bases become this pass's candidates; the other list is
  // overwritten. A pass that solves no LCP leaves none for the next.
  void start_pass();
};

struct SolverMemory {
  LcpBases lcp_bases;                 // seed 002's LCP (lcp, quasistatic "lcp")
  EdgeWarmStarts convex_warm_starts;  // Anitescu's QP (convex, quasistatic "qp"), dense islands
  ContactWarmStart convex_contacts;   // the same QP's sparse islands, contact by contact
  EdgeWarmStarts soft_warm_starts;    // Todorov's pyramidal problem (soft)

  // At the start of every pass of the step, whichever formulation runs: what only the
  // last pass may offer (the LCP's bases, the sparse QP's contacts) moves on.
  void start_pass() {
    lcp_bases.start_pass();
    convex_contacts.start_pass();
  }
};

}  // namespace contactlab
