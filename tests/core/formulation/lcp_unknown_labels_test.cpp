// formulation/lcp_unknown_labels.h: every unknown of the island's frictional LCP is
// named where the solver's own index arithmetic (contact_rows.h, contact_lcp.h, and
// lcp_formulation.cpp's reading of z) puts it.
#include "formulation/lcp_unknown_labels.h"

#include <gtest/gtest.h>

#include "formulation/contact_lcp.h"

namespace contactlab {
namespace {

TEST(LcpUnknownLabels, EachNameStandsWhereTheSolverReadsThatUnknown) {
  IslandRows rows;
  rows.contact_count = 2;
  rows.limit_count = 1;
  rows.joint_friction_count = 1;
  rows.friction_edges = 4;
  rows.torsion_count = 1;
  rows.contact_torsion = {-1, 0};
  const std::vector<std::string> labels = lcp_unknown_labels(rows);
  // k + L + k u + k + 3 F + 3 T = 2 + 1 + 8 + 2 + 3 + 3
  ASSERT_EQ(labels.size(), 19u);
  ASSERT_EQ(static_cast<int>(labels.size()), torsion_unknown(rows) + 3 * rows.torsion_count);
  EXPECT_EQ(labels[0], "cn0");
  EXPECT_EQ(labels[1], "cn1");
  EXPECT_EQ(labels[rows.limit_column(0)], "cl0");
  EXPECT_EQ(labels[rows.friction_column(0, 0)], "beta0.0");
  EXPECT_EQ(labels[rows.friction_column(1, 3)], "beta1.3");
  // The slip speed lambda of contact c is z[column_count + c].
  EXPECT_EQ(labels[rows.column_count() + 1], "lambda1");
  // tau+, tau- and sigma of joint friction row f, block by block.
  const int friction = joint_friction_unknown(rows, true);
  EXPECT_EQ(labels[friction], "tau+0");
  EXPECT_EQ(labels[friction + rows.joint_friction_count], "tau-0");
  EXPECT_EQ(labels[friction + 2 * rows.joint_friction_count], "sigma0");
  // p+, p- and sigma_s of torsion row t.
  const int torsion = torsion_unknown(rows);
  EXPECT_EQ(labels[torsion], "p+0");
  EXPECT_EQ(labels[torsion + rows.torsion_count], "p-0");
  EXPECT_EQ(labels[torsion + 2 * rows.torsion_count], "sigma_s0");
}

TEST(LcpUnknownLabels, AnIslandOfOneFrictionlessContactHasItsNormalAndSlip) {
  IslandRows rows;
  rows.contact_count = 1;
  rows.friction_edges = 0;
  EXPECT_EQ(lcp_unknown_labels(rows), (std::vector<std::string>{"cn0", "lambda0"}));
}

}  // namespace
}  // namespace contactlab
