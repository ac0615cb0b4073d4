// The name of every unknown of an island's frictional LCP, in the order of z
// (contact_lcp.h, seed 002 eq. 21): what a reader of the problem, in the page or in a
// file `contactlab run --lcp-dump` wrote, needs to tell a row of M from another.
//
//   cn<c>        c_n, contact c's normal impulse        (eq. 3)
//   cl<l>        c_l, joint row l's limit impulse        (eq. 9)
//   beta<c>.<j>  beta, contact c's impulse along edge j  (eq. 5)
//   lambda<c>    lambda, contact c's slip speed          (eq. 6)
//   tau+<f> tau-<f> sigma<f>       joint friction row f's split (joint_friction_lcp.h)
//   p+<t> p-<t> sigma_s<t>         torsion row t's split (torsion_lcp.h)
//
// c, l, f and t count from 0 within the island.
//
// The convex problems of island_problem.h name theirs alike:
//   EdgeQp (cone_edge_problem.h): beta<c>.<j>, contact c's impulse along ray j,
//     n_c + mu_c d_j (seed 004, "Anitescu's convex formulation"), then cl<l>, then the
//     split of joint friction and torsion rows as above (edge_lcp.h's Lemke problem);
//   ConeProgram (soft_elliptic.h): pn<c>, then pt<c>.1 pt<c>.2 where mu_c > 0, contact c's
//     frame impulse, and ps<c>, its torsion row's p_s, with torsional friction; then
//     cl<l>, then tau<f>, joint friction row f's impulse.
#pragma once

#include <string>
#include <vector>

#include "contact/contact_rows.h"

namespace contactlab {

std::vector<std::string> lcp_unknown_labels(const IslandRows& rows);
std::vector<std::string> edge_unknown_labels(const IslandRows& rows);
std::vector<std::string> cone_unknown_labels(const IslandRows& rows);

}  // namespace contactlab
