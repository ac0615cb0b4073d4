// Seed 002's formulation: the island's contacts, joint limits and joint friction rows
// as the mixed LCP of eqs. (18)-(21) (contact_lcp.h), solved by Lemke's method (lcp/lemke.h) from the
// basis the same contacts ended with in the last pass (SolverMemory::lcp_bases). In an
// island of at least 150 unknowns (kWarmPathUnknowns), where that basis does not solve
// the problem as it is, Lemke's path starts from it (LemkeSettings::path_from_warm_basis);
// where such an island of contacts alone changed its contacts since the last pass, from
// the last pass's bases carried over contact by contact (lcp_basis_map.h).
//
// When the frictional LCP has no answer, the island falls back to the frictionless
// problem (its matrix is positive semidefinite), and, when that fails too, is held
// still this step; the report says which.
//
// An island of free bodies without torsion rows past the dense cap (island_size.h) is
// posed sparsely (sparse_contact_lcp.h) and solved by the sparse Lemke method
// (lcp/sparse_lemke.h), with the same warm starts, fallbacks and certificate, and the
// bases carried over contact by contact whatever its size. Every island under the cap
// keeps the dense path.
//
// A contact's mode is kinematic, read from the LCP's own variables: it opens when its
// normal row has slack (rho = w_n > 0, eq. 3), slides when it slips (lambda > 0, the
// slip speed of eqs. 5-6) or spins (its torsion row's sigma > 0, torsion_lcp.h), and
// sticks otherwise, even where it carries no load (one leg of a four-legged table).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "formulation/contact_lcp.h"
#include "formulation/formulation.h"
#include "formulation/island_size.h"
#include "formulation/sparse_contact_lcp.h"
#include "lcp/lemke.h"
#include "lcp/sparse_lemke.h"

namespace contactlab {

// Scratch of the island's LCP.
struct LcpScratch {
  ContactLcp lcp;           // the island's frictional problem, as posed
  ContactLcp frictionless;  // its first fallback's, when Lemke found no answer to it
  LemkeSolver lemke;
  SparseContactLcp sparse_lcp;   // the island posed sparsely (rows without dense Gram blocks)
  SparseContactLcp sparse_frictionless;  // its first fallback's
  bool sparse = false;           // the island's problem is sparse_lcp, not lcp
  SparseLemkeSolver sparse_lemke;
  std::vector<long long> key;  // the warm-start key of the island being solved
  std::vector<char> mapped_basis;  // a sparse island's warm basis across changed contacts
  // The answer the step applied, in lcp's unknowns: Lemke's, or the fallback's (the
  // frictionless answer's c_n, c_l and joint friction unknowns, or none).
  Eigen::VectorXd z;           // z = [c_n; c_l; beta; lambda; tau+; tau-; sigma; p+; p-; sigma_s]
  Eigen::VectorXd w;           // w = M z + q
  bool posed = false;          // lcp or sparse_lcp is the island's problem (its rows were finite)
  bool fell_back = false;      // z is a fallback's (regularised, without friction, held still)
};

// (rows, contact state, v_free in island.velocity, last pass's bases) => v^{l+1} in
// island.velocity, per contact the impulse, slip speed and mode, the report, and this
// pass's bases.
void solve_lcp_island(const Options& options, const IslandRows& rows,
                      const IslandContactState& contacts, LcpBases& bases, LcpScratch& scratch,
                      IslandDynamics& island, IslandSolution& solution);

class LcpFormulation : public ContactFormulation {
 public:
  const char* name() const override { return "lcp"; }
  void solve_island(const Options& options, const IslandRows& rows,
                    const IslandContactState& contacts, SolverMemory& memory,
                    IslandDynamics& island, IslandSolution& solution) override {
    solve_lcp_island(options, rows, contacts, memory.lcp_bases, scratch_, island, solution);
  }
  bool copy_last_problem(const Options& options, const IslandRows& rows, long long entries_left,
                         IslandProblem& problem) const override;
  bool solves_sparse(const Options& options, const IslandShape& shape) const override {
    return shape.only_free_bodies && !shape.torsional_friction &&
           island_contact_unknowns(shape.contacts, options.friction_edges) > kMaxIslandUnknowns;
  }
  int sparse_island_cap() const override { return kMaxSparseLcpUnknowns; }

 private:
  LcpScratch scratch_;
};

}  // namespace contactlab
