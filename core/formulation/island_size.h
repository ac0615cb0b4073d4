// The size cap of an island's contact problem (docs/robustness.md).
//
// Under the cap every formulation solves an island with dense matrices: seed 002's LCP has
// n = k (2 + u) + L unknowns for k contacts with u friction edges and L joint limits,
// the cone-edge, soft and quasi-static problems k (1 + u) + L, compliant contact only
// L; Lemke keeps about four n x n matrices and a path of about n pivots of O(n^2)
// each. Memory therefore grows as n^2 and time as n^3. An island whose contacts alone
// make more than kMaxIslandUnknowns = k (2 + u) unknowns is not posed at all: the step
// holds it still and reports FallbackReason::IslandTooLarge, before anything of size
// k^2 is allocated. At the cap Lemke's matrices take about 30 MB, a cold solve of
// contact problems under 0.1 s, and a solve that runs into every pivot limit (a cold
// attempt and three regularised ones, lcp/lemke.h) about 2.5 s.
//
// The soft formulation at every size with the pyramid (its Newton method cost less than
// the dense dual's active set and Lemke on every island measured, box_stack's 20
// contacts included: docs/performance.md, "Soft's pyramid sparse at every size") and with
// the elliptic cone (formulation/soft_newton.h, soft_newton_elliptic.h: cheaper than the
// dense interior point on every island of free bodies measured, a box on the floor
// included, docs/performance.md, "The elliptic cone sparse at every size"), the convex
// one at every size too (formulation/convex_newton.h:
// its method of multipliers cost less than the dense edge LCP's active set and Lemke on
// every island of free bodies measured, a box on the floor and box_stack included,
// docs/performance.md, "Convex sparse at every size") and quasi-static stepping's "qp"
// problem past kQuasistaticNewtonUnknowns (the same method) pose an island of free
// bodies without torsion rows sparsely: no k x k matrix is built (contact_rows.h's
// ContactGram::SelfBlocksOnly), memory grows with the contacts and the pairs of bodies
// in contact, and the cap becomes the memory guard
// kMaxSparseIslandUnknowns (docs/robustness.md states its memory and time). lcp does
// the same past kMaxIslandUnknowns (lcp_formulation.h: the sparse LCP of
// sparse_contact_lcp.h, solved by lcp/sparse_lemke.h, whose basis is a sparse LU with
// eta updates), with its own guard kMaxSparseLcpUnknowns: Lemke's path takes about n
// pivots, so its time, not its memory, sets that guard.
#pragma once

namespace contactlab {

inline constexpr int kMaxIslandUnknowns = 1000;
// Quasi-static stepping's crossover: its objects start every
// step at rest with v_q = h g / eps_q (a few m/s, quasistatic_motion.h), so every ray
// under a resting object is violated at z = 0, and on islands of a few dozen contacts
// the dense path's active-set guess, warm or cold, does not settle within its
// corrections (a cube's face on another has 16 rays for 6 freedoms): Lemke's method
// then takes some 300 pivots from scratch (docs/performance.md, "Quasi-static stepping
// past a small crossover"). Up to 200 unknowns both paths cost the same on the built-in
// scenes, and the dense one, certified to 1e-9 rather than 1e-6, keeps their
// trajectories (box_stack's 20 contacts at u = 8 make 200).
inline constexpr int kQuasistaticNewtonUnknowns = 200;
inline constexpr int kMaxSparseIslandUnknowns = 200000;
// The sparse Lemke method's memory guard (lcp/sparse_lemke.h, docs/robustness.md): its
// path takes about n pivots, each an LU solve over the basis and a pass over the etas.
inline constexpr int kMaxSparseLcpUnknowns = 10000;

// What decides between an island's dense and sparse problem, known before its rows
// are assembled.
struct IslandShape {
  long long contacts = 0;
  bool only_free_bodies = true;     // no articulation among its members
  bool torsional_friction = false;  // some contact has mu_t > 0 (a torsion row)
};

// k (2 + u): the unknowns of seed 002's LCP for the contacts of an island, the largest
// of any formulation's problem before joint limits and torsion rows (3 more per contact
// with torsional friction in the LCP, 1 in the others), which come on top of the cap.
inline long long island_contact_unknowns(long long contacts, int friction_edges) {
  return contacts * (2 + static_cast<long long>(friction_edges));
}

}  // namespace contactlab
