#include "contact/contact_rows.h"

#include <cmath>

#include <gtest/gtest.h>

#include "formulation/contact_lcp.h"

namespace contactlab {
namespace {

// Two dynamic boxes stacked on the ground: contacts ground-lower (body A static) and
// lower-upper (both dynamic), at off-centre points with tilted normals.
struct TwoBodyRows {
  Model model;
  Options options;
  std::vector<DetectedContact> contacts;
  std::vector<Vec3> position;
  IslandDynamics island;
  FrictionEdgeTable edges;
  IslandRows rows;

  TwoBodyRows() {
    model.material_names = {"default"};
    model.friction_table = {FrictionPair{0.6, 0.4}};
    model.bodies.resize(3);
    model.bodies[0].is_static = true;
    model.geoms.resize(3);
    for (int g = 0; g < 3; ++g) model.geoms[g].body = g;
    position = {Vec3::Zero(), Vec3(0.1, -0.2, 0.5), Vec3(0.15, -0.1, 1.1)};
    island.clear(3);
    for (int b = 1; b < 3; ++b) {
      Body& body = model.bodies[b];
      body.mass = 1.5 * b;
      body.inertia << 0.3, 0.01, 0.02, 0.01, 0.4, 0.03, 0.02, 0.03, 0.5;
      island.add_free_body(b, inverse_mass_at(body, Quat(Eigen::AngleAxisd(0.3 * b, Vec3(1, 2, 3).normalized()))),
                           (Vec6() << 0.1 * b, -0.2, 0.05, 0.3, 0.1 * b, -0.4).finished());
    }
    const Vec3 n1 = Vec3(0.1, 0.05, 1).normalized();
    const Vec3 n2 = Vec3(-0.2, 0.1, 1).normalized();
    contacts = {
        {0, 1, 0, 1, ContactPoint{Vec3(0.2, -0.1, 0.0), n1, 0.0, 0}},
        {0, 1, 0, 1, ContactPoint{Vec3(-0.1, -0.3, 0.0), n1, 1e-4, 1}},
        {1, 2, 1, 2, ContactPoint{Vec3(0.12, -0.15, 0.8), n2, -2e-4, 2}},
    };
    edges.set_edge_count(6);
    assemble(std::vector<int>{0, 1, 2});
  }

  void assemble(const std::vector<int>& island_contacts) {
    assemble_contact_rows(model, options, contacts, island_contacts, position, island, edges, rows);
  }
};

// The contact-frame blocks give the same H^T M^-1 H as the columns one by one:
// entry (i, j) is the velocity column i measures after a unit impulse along column j.
TEST(ContactRows, FrameBlocksReproduceTheColumnGramMatrix) {
  TwoBodyRows setup;
  const IslandRows& rows = setup.rows;
  ContactLcp lcp;
  build_contact_lcp(rows, setup.island.velocity, lcp);
  const int m = rows.column_count();
  ASSERT_EQ(m, 3 * 7);
  for (int j = 0; j < m; ++j) {
    Eigen::VectorXd response = Eigen::VectorXd::Zero(12);
    rows.apply_column_impulse(j, 1.0, response);
    for (int i = 0; i < m; ++i) {
      EXPECT_NEAR(lcp.matrix()(i, j), rows.column_velocity(i, response), 1e-14) << i << "," << j;
    }
  }
}

// One ContactLcp reused for islands of three contacts, then one, then three again (its
// buffer kept at its largest, contact_lcp.h) holds what a fresh one builds, bit for bit.
TEST(ContactRows, AReusedProblemShrunkThenGrownEqualsAFreshOne) {
  TwoBodyRows setup;
  ContactLcp fresh_large;
  build_contact_lcp(setup.rows, setup.island.velocity, fresh_large);
  ContactLcp reused;
  reused.resize(static_cast<int>(fresh_large.matrix().rows()));
  reused.matrix().setConstant(7.0);
  build_contact_lcp(setup.rows, setup.island.velocity, reused);
  EXPECT_EQ(reused.matrix(), fresh_large.matrix());

  setup.assemble({2});
  ContactLcp fresh_small;
  build_contact_lcp(setup.rows, setup.island.velocity, fresh_small);
  build_contact_lcp(setup.rows, setup.island.velocity, reused);
  ASSERT_LT(fresh_small.matrix().rows(), fresh_large.matrix().rows());
  ASSERT_EQ(reused.matrix().rows(), fresh_small.matrix().rows());
  EXPECT_EQ(reused.matrix(), fresh_small.matrix());
  EXPECT_EQ(reused.offset, fresh_small.offset);

  setup.assemble({0, 1, 2});
  build_contact_lcp(setup.rows, setup.island.velocity, reused);
  EXPECT_EQ(reused.matrix(), fresh_large.matrix());
  EXPECT_EQ(reused.offset, fresh_large.offset);
}

// Contacts on different bodies (ground-lower, ground-upper) share no body: their
// blocks are exactly zero, also where the matrix held other numbers before.
TEST(ContactRows, UncoupledBlocksAreZeroInAReusedMatrix) {
  TwoBodyRows setup;
  setup.contacts[2].body_a = 0;
  setup.contacts[2].geom_a = 0;
  setup.assemble({0, 2});
  const IslandRows& rows = setup.rows;
  ContactLcp fresh;
  build_contact_lcp(rows, setup.island.velocity, fresh);
  ContactLcp reused;
  reused.resize(static_cast<int>(fresh.matrix().rows()));
  reused.matrix().setConstant(7.0);
  build_contact_lcp(rows, setup.island.velocity, reused);
  EXPECT_EQ(reused.matrix(), fresh.matrix());
  for (int i = 0; i < rows.column_count(); ++i) {
    for (int j = 0; j < rows.column_count(); ++j) {
      const int contact_i = i < 2 ? i : (i - 2) / 6;
      const int contact_j = j < 2 ? j : (j - 2) / 6;
      if (contact_i != contact_j) {
        EXPECT_EQ(fresh.matrix()(i, j), 0) << i << "," << j;
      }
    }
  }
  Eigen::VectorXd response = Eigen::VectorXd::Zero(12);
  rows.apply_frame_impulse(0, Vec3::UnitX(), response);
  EXPECT_EQ(rows.column_velocity(1, response), 0);  // the other contact's normal
}

// A contact no impulse can move (both sides immovable: here the static ground's two
// geoms' stand-in, body 0 on both sides, W_cc = 0) among the island's contacts is left
// out, and every per-contact array of the rest is what the island without it
// assembles, bit for bit: each kept contact's values moved down past the gap, their
// frame Jacobians with them.
TEST(ContactRows, LeavingOutAnImmobileContactKeepsEveryArrayOfTheOthers) {
  TwoBodyRows without;
  without.model.friction_table[0].torsional_friction = 0.01;  // torsion rows too
  without.assemble({0, 1, 2});
  TwoBodyRows with = without;
  with.contacts.push_back({0, 0, 0, 0, ContactPoint{Vec3(0.3, 0.2, 0.0), Vec3::UnitZ(), -0.01, 3}});
  with.assemble({0, 3, 1, 2});
  const IslandRows& kept = with.rows;
  const IslandRows& alone = without.rows;
  EXPECT_EQ(kept.immobile_count, 1);
  EXPECT_EQ(alone.immobile_count, 0);
  ASSERT_EQ(kept.contact_count, 3);
  EXPECT_EQ(kept.contacts, alone.contacts);
  EXPECT_EQ(kept.target_velocity, alone.target_velocity);
  EXPECT_EQ(kept.friction_coefficient, alone.friction_coefficient);
  EXPECT_EQ(kept.restitution, alone.restitution);
  EXPECT_EQ(kept.torsional_friction, alone.torsional_friction);
  EXPECT_EQ(kept.frame, alone.frame);
  EXPECT_EQ(kept.friction_scale, alone.friction_scale);
  EXPECT_EQ(kept.contact_self_gram, alone.contact_self_gram);
  EXPECT_EQ(kept.contact_torsion, alone.contact_torsion);
  ASSERT_EQ(kept.frame_jacobians.size(), 2u * 3);
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(kept.frame_velocity(c, with.island.velocity), alone.frame_velocity(c, without.island.velocity)) << c;
  }
  ContactLcp lcp_kept, lcp_alone;
  build_contact_lcp(kept, with.island.velocity, lcp_kept);
  build_contact_lcp(alone, without.island.velocity, lcp_alone);
  EXPECT_EQ(lcp_kept.matrix(), lcp_alone.matrix());
  EXPECT_EQ(lcp_kept.offset, lcp_alone.offset);
}

// Torsional friction (contact_rows.h): each contact with mu_t > 0 gets the row mu_t n .
// (w_B - w_A), and the LCP's torsion unknowns p+ (contact_lcp.h) have the Gram entries
// of that row against every column and each other, as impulses measure them one by one.
TEST(ContactRows, TorsionRowsAreTheScaledSpinAndTheirGramEntriesMatch) {
  TwoBodyRows setup;
  const double mu_t = 0.01;
  setup.model.friction_table[0].torsional_friction = mu_t;
  setup.assemble({0, 1, 2});
  const IslandRows& rows = setup.rows;
  ASSERT_EQ(rows.torsion_count, 3);
  EXPECT_EQ(rows.contact_torsion, (std::vector<int>{0, 1, 2}));
  const Eigen::VectorXd& v = setup.island.velocity;
  // Contact 2 is between the two boxes: mu_t n2 . (w_upper - w_lower).
  const Vec3 spin = v.segment<3>(9) - v.segment<3>(3);
  EXPECT_NEAR(rows.torsion_velocity(2, v), mu_t * setup.contacts[2].point.normal.dot(spin), 1e-15);
  EXPECT_NEAR(rows.torsion_velocity(0, v), mu_t * setup.contacts[0].point.normal.dot(v.segment<3>(3)), 1e-15);

  ContactLcp lcp;
  build_contact_lcp(rows, v, lcp);
  const int m = rows.column_count();
  const int first = torsion_unknown(rows);
  ASSERT_EQ(first, m + rows.contact_count);
  ASSERT_EQ(lcp.matrix().rows(), first + 3 * rows.torsion_count);
  for (int t = 0; t < rows.torsion_count; ++t) {
    Eigen::VectorXd response = Eigen::VectorXd::Zero(12);
    rows.apply_torsion_impulse(t, 1.0, response);
    for (int i = 0; i < m; ++i) {
      EXPECT_NEAR(lcp.matrix()(i, first + t), rows.column_velocity(i, response), 1e-14) << i << "," << t;
      Eigen::VectorXd column = Eigen::VectorXd::Zero(12);
      rows.apply_column_impulse(i, 1.0, column);
      EXPECT_NEAR(lcp.matrix()(first + t, i), rows.torsion_velocity(t, column), 1e-14) << t << "," << i;
    }
    for (int r = 0; r < rows.torsion_count; ++r) {
      EXPECT_NEAR(lcp.matrix()(first + r, first + t), rows.torsion_velocity(r, response), 1e-14);
    }
    // Eq. (6) for the pair: w_sigma = c_n - p+ - p-, and sigma in both w+ and w-.
    const int sigma = first + 2 * rows.torsion_count + t;
    EXPECT_EQ(lcp.matrix()(sigma, rows.torsion[t].contact), 1);
    EXPECT_EQ(lcp.matrix()(sigma, first + t), -1);
    EXPECT_EQ(lcp.matrix()(first + t, sigma), 1);
    EXPECT_EQ(lcp.offset[first + t], rows.torsion_velocity(t, v));
  }

  IslandRows broken = rows;
  broken.torsion_torsion[4] = std::nan("");
  EXPECT_FALSE(broken.is_finite());

  // Without torsional friction there are no torsion rows and the LCP is seed 002's.
  setup.model.friction_table[0].torsional_friction = 0;
  setup.assemble({0, 1, 2});
  EXPECT_EQ(setup.rows.torsion_count, 0);
  build_contact_lcp(setup.rows, v, lcp);
  EXPECT_EQ(lcp.matrix().rows(), m + setup.rows.contact_count);
}

// A NaN anywhere in the rows is caught before an LCP is built from them.
TEST(ContactRows, IsFiniteCatchesNonFiniteRows) {
  TwoBodyRows setup;
  EXPECT_TRUE(setup.rows.is_finite());
  IslandRows rows = setup.rows;
  rows.contact_gram[4](2, 1) = std::nan("");
  EXPECT_FALSE(rows.is_finite());
  rows = setup.rows;
  rows.target_velocity[1] = INFINITY;
  EXPECT_FALSE(rows.is_finite());
  rows = setup.rows;
  rows.friction_coefficient[2] = std::nan("");
  EXPECT_FALSE(rows.is_finite());
}

// Eq. (19) and the open-gap allowance: targets by the sign of Delta p = phi - threshold/2.
TEST(ContactRows, TargetVelocityFollowsEquation19) {
  Options options;
  options.time_step = 0.01;
  options.error_reduction = 0.2;
  options.contact_threshold = 1e-4;
  EXPECT_DOUBLE_EQ(contact_target_velocity(5e-5, options), 0);             // at rest
  EXPECT_DOUBLE_EQ(contact_target_velocity(1.05e-3, options), -0.1);       // may close 1 mm
  EXPECT_DOUBLE_EQ(contact_target_velocity(-0.95e-3, options), 0.2 * 1e-3 / 0.01);  // push out
}

// Seed 002 eq. (13): static mu below the threshold speed, kinetic above; the override wins.
TEST(ContactRows, FrictionCoefficientFollowsEquation13) {
  TwoBodyRows setup;
  // Relative contact speeds here are ~0.1-1 m/s: above the 1 mm/s default threshold.
  for (double mu : setup.rows.friction_coefficient) EXPECT_EQ(mu, 0.4);
  setup.options.kinetic_threshold_speed = 10;
  setup.assemble({0, 1, 2});
  for (double mu : setup.rows.friction_coefficient) EXPECT_EQ(mu, 0.6);
  setup.options.friction_coefficient = 1.25;
  setup.assemble({0, 1, 2});
  for (double mu : setup.rows.friction_coefficient) EXPECT_EQ(mu, 1.25);
}

}  // namespace
}  // namespace contactlab
