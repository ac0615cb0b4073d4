#include "grasp/grasp_quality.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <Eigen/Dense>
#include <gtest/gtest.h>

#include "contact/friction_cone.h"
#include "test_constants.h"

namespace contactlab {
namespace {


// Reference: the Ferrari-Canny epsilon by brute force over all 6-subsets of the
// wrenches. A subset spanning a hyperplane (kernel of [w^T -1] of dimension 1, from
// Eigen's full-pivoting LU) with every wrench on one side supports the GWS; epsilon is
// the smallest distance from the origin to those planes if the origin is inside all of
// them, else 0.
double brute_force_epsilon(const std::vector<Vec6>& wrenches) {
  const int n = static_cast<int>(wrenches.size());
  double nearest = 1e300;
  int subset[6] = {0, 1, 2, 3, 4, 5};
  while (true) {
    Eigen::MatrixXd system(6, 7);
    for (int r = 0; r < 6; ++r) {
      system.block<1, 6>(r, 0) = wrenches[subset[r]].transpose();
      system(r, 6) = -1;
    }
    const Eigen::FullPivLU<Eigen::MatrixXd> lu(system);
    if (lu.dimensionOfKernel() == 1) {
      const Eigen::VectorXd kernel = lu.kernel().col(0);
      const double length = kernel.head(6).norm();
      const Vec6 normal = kernel.head(6) / length;
      const double offset = kernel(6) / length;
      int above = 0, below = 0;
      for (const Vec6& w : wrenches) {
        if (normal.dot(w) - offset > 1e-9) ++above;
        if (normal.dot(w) - offset < -1e-9) ++below;
      }
      if (above == 0) nearest = std::min(nearest, offset);
      if (below == 0) nearest = std::min(nearest, -offset);
    }
    int position = 5;
    while (position >= 0 && subset[position] == n - 6 + position) --position;
    if (position < 0) break;
    ++subset[position];
    for (int k = position + 1; k < 6; ++k) subset[k] = subset[k - 1] + 1;
  }
  return nearest > 0 ? nearest : 0;
}

std::vector<Vec6> wrenches_of(const std::vector<GraspContact>& contacts, const Vec3& center,
                              double torque_scale, int friction_edges) {
  std::vector<Vec6> wrenches;
  std::vector<int> wrench_contact;
  EXPECT_TRUE(
      grasp_wrenches(contacts, center, torque_scale, friction_edges, wrenches, wrench_contact)
          .ok());
  return wrenches;
}

// Twelve frictionless contacts on the cube [-1, 1]^3, two per face, off the face
// centres so that they also push torques.
std::vector<GraspContact> cube_grasp() {
  const double h = 0.5;
  return {{Vec3(1, h, 0), -Vec3::UnitX(), 0},  {Vec3(1, 0, h), -Vec3::UnitX(), 0},
          {Vec3(-1, -h, 0), Vec3::UnitX(), 0}, {Vec3(-1, 0, -h), Vec3::UnitX(), 0},
          {Vec3(0, 1, h), -Vec3::UnitY(), 0},  {Vec3(h, 1, 0), -Vec3::UnitY(), 0},
          {Vec3(0, -1, -h), Vec3::UnitY(), 0}, {Vec3(-h, -1, 0), Vec3::UnitY(), 0},
          {Vec3(h, 0, 1), -Vec3::UnitZ(), 0},  {Vec3(0, h, 1), -Vec3::UnitZ(), 0},
          {Vec3(-h, 0, -1), Vec3::UnitZ(), 0}, {Vec3(0, -h, -1), Vec3::UnitZ(), 0}};
}

// Three contacts 120 degrees apart on the equator of a sphere of radius `radius`
// centred at `center`, pushing towards the centre.
std::vector<GraspContact> three_finger_grasp(const Vec3& center, double radius, double mu) {
  std::vector<GraspContact> contacts;
  const double cosines[] = {1, -0.5, -0.5};
  const double sines[] = {0, std::sqrt(3.0) / 2, -std::sqrt(3.0) / 2};
  for (int i = 0; i < 3; ++i) {
    const Vec3 outward(cosines[i], sines[i], 0);
    contacts.push_back({center + radius * outward, -outward, mu});
  }
  return contacts;
}

// Seed 002 eq. (4) at unit normal force: frictionless w = (n, (p - c) x n / rho);
// here p - c = (1, 0.5, 0), n = -e_x, rho = 2: torque (0, 0, 0.5) / 2.
TEST(GraspWrenches, FrictionlessWrenchByHand) {
  const std::vector<Vec6> wrenches =
      wrenches_of({{Vec3(2, 1.5, 1), -Vec3::UnitX(), 0}}, Vec3(1, 1, 1), 2, 8);
  ASSERT_EQ(wrenches.size(), 1u);
  Vec6 expected;
  expected << -1, 0, 0, 0, 0, 0.25;
  EXPECT_LT((wrenches[0] - expected).norm(), 1e-15);
}

// Each frictional contact gives u wrenches with f_j = n + mu d_j: f . n = 1,
// |f - n| = mu, d_j from the shared edge table and tangent basis, torque (p - c) x f / rho.
TEST(GraspWrenches, FrictionEdgesFollowTheFrictionCone) {
  const Vec3 normal = Vec3(1, -2, 2).normalized();
  const Vec3 point(0.3, 0.4, -0.5), center(0.1, 0, 0);
  const double mu = 0.7, rho = 1.5;
  const int u = 6;
  std::vector<Vec6> wrenches;
  std::vector<int> wrench_contact;
  ASSERT_TRUE(grasp_wrenches({{point, 3 * normal, mu}, {point, normal, 0}}, center, rho, u,
                             wrenches, wrench_contact)
                  .ok());
  ASSERT_EQ(wrenches.size(), 7u);
  EXPECT_EQ(wrench_contact, (std::vector<int>{0, 0, 0, 0, 0, 0, 1}));
  Vec3 t1, t2;
  tangent_basis(normal, t1, t2);
  FrictionEdgeTable table;
  table.set_edge_count(u);
  for (int j = 0; j < u; ++j) {
    const Vec3 force = wrenches[j].head<3>();
    EXPECT_NEAR(force.dot(normal), 1, 1e-15);
    EXPECT_NEAR((force - normal).norm(), mu, 1e-15);
    EXPECT_LT((force - normal - mu * table.direction(j, t1, t2)).norm(), 1e-15);
    EXPECT_LT((Vec3(wrenches[j].tail<3>()) - (point - center).cross(force) / rho).norm(), 1e-15);
  }
}

// All normals of a frictionless grasp on a sphere pass through its centre: no torque at
// all, so the GWS is at most 3-dimensional and there is no force closure.
TEST(GraspQuality, FrictionlessSphereIsNeverForceClosure) {
  std::vector<GraspContact> contacts;
  const Vec3 center(0.2, -0.1, 0.4);
  const double radius = 0.05;
  for (int i = 0; i < 7; ++i) {
    const Vec3 outward = Vec3(std::cos(0.9 * i), std::sin(0.9 * i) * std::cos(1.3 * i),
                              std::sin(0.9 * i) * std::sin(1.3 * i))
                             .normalized();
    contacts.push_back({center + radius * outward, -outward, 0});
  }
  const GraspQuality quality = evaluate_grasp(contacts, center, radius, 8);
  ASSERT_TRUE(quality.status.ok());
  EXPECT_EQ(quality.wrench_count, 7);
  EXPECT_EQ(quality.wrench_space_dimension, 3);
  EXPECT_FALSE(quality.force_closure);
  EXPECT_EQ(quality.epsilon, 0);
  EXPECT_EQ(quality.volume, 0);
}

// Twelve well-placed frictionless contacts hold the cube; epsilon against brute force.
// Six frictionless contacts never do: six wrenches span at most a 5-simplex.
TEST(GraspQuality, FrictionlessCubeGrasp) {
  const std::vector<GraspContact> contacts = cube_grasp();
  const double rho = std::sqrt(3.0);  // the cube's largest distance from its centre
  const GraspQuality quality = evaluate_grasp(contacts, Vec3::Zero(), rho, 8);
  ASSERT_TRUE(quality.status.ok());
  EXPECT_EQ(quality.wrench_count, 12);
  EXPECT_TRUE(quality.force_closure);
  EXPECT_GT(quality.volume, 0);
  EXPECT_NEAR(quality.epsilon, brute_force_epsilon(wrenches_of(contacts, Vec3::Zero(), rho, 8)),
              1e-12);

  const std::vector<GraspContact> six(contacts.begin(), contacts.begin() + 6);
  const GraspQuality too_few = evaluate_grasp(six, Vec3::Zero(), rho, 8);
  ASSERT_TRUE(too_few.status.ok());
  EXPECT_LE(too_few.wrench_space_dimension, 5);
  EXPECT_FALSE(too_few.force_closure);
}

// Two antipodal point contacts cannot resist a torque about the line joining them:
// every wrench has zero torque along it, the GWS is 5-dimensional.
TEST(GraspQuality, AntipodalFrictionalPairIsNotForceClosure) {
  const std::vector<GraspContact> contacts = {{Vec3(0, 0, 1), -Vec3::UnitZ(), 1.0},
                                              {Vec3(0, 0, -1), Vec3::UnitZ(), 1.0}};
  const GraspQuality quality = evaluate_grasp(contacts, Vec3::Zero(), 1, 8);
  ASSERT_TRUE(quality.status.ok());
  EXPECT_EQ(quality.wrench_count, 16);
  EXPECT_EQ(quality.wrench_space_dimension, 5);
  EXPECT_FALSE(quality.force_closure);
  EXPECT_EQ(quality.epsilon, 0);
}

// Soft fingers (torsional friction mu_t > 0, grasp_quality.h): each edge wrench gets
// the pure moment mu_t n added both ways, ((p - c) x f +- mu_t n) / rho, so a contact
// gives 2 u wrenches, and 2 without Coulomb friction.
TEST(GraspWrenches, SoftFingerAddsTheMomentAboutItsNormalBothWays) {
  const Vec3 normal = Vec3(1, -2, 2).normalized();
  const Vec3 point(0.3, 0.4, -0.5), center(0.1, 0, 0);
  const double mu = 0.7, mu_t = 0.004, rho = 1.5;
  const int u = 6;
  GraspContact soft{point, 3 * normal, mu};
  soft.torsional_friction = mu_t;
  GraspContact frictionless_soft{point, normal, 0};
  frictionless_soft.torsional_friction = mu_t;
  const std::vector<Vec6> point_wrenches = wrenches_of({{point, 3 * normal, mu}}, center, rho, u);
  const std::vector<Vec6> wrenches = wrenches_of({soft, frictionless_soft}, center, rho, u);
  ASSERT_EQ(wrenches.size(), 2u * u + 2);
  Vec6 moment = Vec6::Zero();
  moment.tail<3>() = mu_t * normal / rho;
  for (int j = 0; j < u; ++j) {
    EXPECT_LT((wrenches[2 * j] - (point_wrenches[j] + moment)).norm(), 1e-15);
    EXPECT_LT((wrenches[2 * j + 1] - (point_wrenches[j] - moment)).norm(), 1e-15);
  }
  const Vec6 normal_wrench = wrenches_of({{point, normal, 0}}, center, rho, u)[0];
  EXPECT_LT((wrenches[2 * u] - (normal_wrench + moment)).norm(), 1e-15);
  EXPECT_LT((wrenches[2 * u + 1] - (normal_wrench - moment)).norm(), 1e-15);
}

// The antipodal pair above with soft fingers: the moments +-mu_t n, along the line
// through the contacts, add the sixth dimension, and the grasp is force closure, with
// epsilon as brute force; it grows with mu_t (+-mu_t1 n lies between +-mu_t2 n).
TEST(GraspQuality, AntipodalSoftFingersAreForceClosure) {
  double previous = 0;
  for (const double mu_t : {0.05, 0.1, 0.2}) {
    std::vector<GraspContact> contacts = {{Vec3(0, 0, 1), -Vec3::UnitZ(), 1.0},
                                          {Vec3(0, 0, -1), Vec3::UnitZ(), 1.0}};
    for (GraspContact& contact : contacts) contact.torsional_friction = mu_t;
    const GraspQuality quality = evaluate_grasp(contacts, Vec3::Zero(), 1, 4);
    ASSERT_TRUE(quality.status.ok());
    EXPECT_EQ(quality.wrench_count, 16);
    EXPECT_EQ(quality.wrench_space_dimension, 6);
    EXPECT_TRUE(quality.force_closure) << "mu_t = " << mu_t;
    EXPECT_NEAR(quality.epsilon, brute_force_epsilon(wrenches_of(contacts, Vec3::Zero(), 1, 4)), 1e-12);
    EXPECT_GT(quality.epsilon, previous);
    previous = quality.epsilon;
  }
}

// Three fingers at 120 degrees: without friction the three normals only span the
// equatorial plane; with mu = 0.5 the grasp is force closure, epsilon as brute force.
TEST(GraspQuality, ThreeFingersOnSphereNeedFriction) {
  const Vec3 center(0, 0, 0.1);
  const GraspQuality frictionless =
      evaluate_grasp(three_finger_grasp(center, 0.04, 0), center, 0.04, 4);
  ASSERT_TRUE(frictionless.status.ok());
  EXPECT_FALSE(frictionless.force_closure);
  EXPECT_EQ(frictionless.epsilon, 0);

  const std::vector<GraspContact> contacts = three_finger_grasp(center, 0.04, 0.5);
  const GraspQuality quality = evaluate_grasp(contacts, center, 0.04, 4);
  ASSERT_TRUE(quality.status.ok());
  EXPECT_EQ(quality.wrench_count, 12);
  EXPECT_TRUE(quality.force_closure);
  EXPECT_NEAR(quality.epsilon, brute_force_epsilon(wrenches_of(contacts, center, 0.04, 4)), 1e-12);
}

// With -d_j among the edges (u even), n + mu1 d_j is a convex combination of
// n + mu2 d_j and n - mu2 d_j for mu1 < mu2: the GWS grows with mu, so does epsilon.
TEST(GraspQuality, EpsilonGrowsWithFriction) {
  double previous = 0;
  for (int step = 1; step <= 10; ++step) {
    const double mu = 0.1 * step;
    const GraspQuality quality =
        evaluate_grasp(three_finger_grasp(Vec3::Zero(), 1, mu), Vec3::Zero(), 1, 8);
    ASSERT_TRUE(quality.status.ok());
    ASSERT_TRUE(quality.force_closure) << "mu=" << mu;
    EXPECT_GT(quality.epsilon, previous) << "mu=" << mu;
    previous = quality.epsilon;
  }
}

// The wrenches depend only on p - c and rho: moving the whole grasp, or scaling it with
// rho, leaves the quality unchanged up to roundoff.
TEST(GraspQuality, InvariantUnderTranslationAndScale) {
  const GraspQuality reference =
      evaluate_grasp(three_finger_grasp(Vec3::Zero(), 1, 0.4), Vec3::Zero(), 1, 8);
  const Vec3 moved(0.3, -1.2, 0.8);
  const GraspQuality other = evaluate_grasp(three_finger_grasp(moved, 0.02, 0.4), moved, 0.02, 8);
  ASSERT_TRUE(other.status.ok());
  EXPECT_TRUE(other.force_closure);
  EXPECT_NEAR(other.epsilon, reference.epsilon, 1e-12);
  EXPECT_NEAR(other.volume, reference.volume, 1e-12 * reference.volume);
}

// Determinism: a permuted contact list gives the same decision and epsilon to 1e-12;
// the same list twice gives the same bits.
TEST(GraspQuality, ContactOrderDoesNotMatter) {
  std::vector<GraspContact> contacts = cube_grasp();
  for (GraspContact& contact : contacts) contact.friction_coefficient = 0.3;
  const GraspQuality reference = evaluate_grasp(contacts, Vec3::Zero(), std::sqrt(3.0), 4);
  ASSERT_TRUE(reference.status.ok());
  ASSERT_TRUE(reference.force_closure);
  const GraspQuality again = evaluate_grasp(contacts, Vec3::Zero(), std::sqrt(3.0), 4);
  EXPECT_EQ(again.epsilon, reference.epsilon);
  EXPECT_EQ(again.volume, reference.volume);
  EXPECT_EQ(again.facet_count, reference.facet_count);
  for (int shift = 1; shift < 4; ++shift) {
    std::reverse(contacts.begin(), contacts.end());
    std::rotate(contacts.begin(), contacts.begin() + 3 * shift, contacts.end());
    const GraspQuality permuted = evaluate_grasp(contacts, Vec3::Zero(), std::sqrt(3.0), 4);
    ASSERT_TRUE(permuted.status.ok());
    EXPECT_EQ(permuted.force_closure, reference.force_closure);
    EXPECT_NEAR(permuted.epsilon, reference.epsilon, 1e-12);
    EXPECT_NEAR(permuted.volume, reference.volume, 1e-12 * reference.volume);
  }
}

// The space kept for drawing: wrenches, their contacts, and facets indexing into them.
TEST(GraspQuality, KeepsTheWrenchSpace) {
  GraspWrenchSpace space;
  const GraspQuality quality =
      evaluate_grasp(three_finger_grasp(Vec3::Zero(), 1, 0.5), Vec3::Zero(), 1, 8, space);
  ASSERT_TRUE(quality.status.ok());
  ASSERT_EQ(space.wrenches.size(), 24u);
  ASSERT_EQ(space.wrench_contact.size(), 24u);
  EXPECT_EQ(space.wrench_contact[8], 1);
  EXPECT_EQ(static_cast<int>(space.hull.facets.size()), quality.facet_count);
  for (const HullFacetNd& facet : space.hull.facets) {
    for (int k = 0; k < 6; ++k) {
      ASSERT_GE(facet.vertices[k], 0);
      ASSERT_LT(facet.vertices[k], 24);
    }
  }
}

TEST(GraspQuality, NoContactsIsNoGrasp) {
  const GraspQuality quality = evaluate_grasp({}, Vec3::Zero(), 1, 8);
  ASSERT_TRUE(quality.status.ok());
  EXPECT_EQ(quality.wrench_count, 0);
  EXPECT_EQ(quality.wrench_space_dimension, -1);
  EXPECT_FALSE(quality.force_closure);
}

// Bad input fails with the field named and leaves no NaN behind.
TEST(GraspQuality, RejectsBadInput) {
  const std::vector<GraspContact> good = three_finger_grasp(Vec3::Zero(), 1, 0.5);
  const auto message_of = [](const std::vector<GraspContact>& contacts, double rho, int u) {
    const GraspQuality quality = evaluate_grasp(contacts, Vec3::Zero(), rho, u);
    EXPECT_FALSE(quality.force_closure);
    EXPECT_EQ(quality.epsilon, 0);
    return quality.status.message();
  };
  EXPECT_NE(message_of(good, 0, 8).find("torque_scale"), std::string::npos);
  EXPECT_NE(message_of(good, std::nan(""), 8).find("torque_scale"), std::string::npos);
  EXPECT_NE(message_of(good, 1, 5).find("friction_edges"), std::string::npos);
  EXPECT_NE(message_of(good, 1, 34).find("friction_edges"), std::string::npos);
  std::vector<GraspContact> bad = good;
  bad[1].friction_coefficient = -0.1;
  EXPECT_NE(message_of(bad, 1, 8).find("contacts[1].friction_coefficient"), std::string::npos);
  bad = good;
  bad[1].torsional_friction = -0.001;
  EXPECT_NE(message_of(bad, 1, 8).find("contacts[1].torsional_friction"), std::string::npos);
  bad[1].torsional_friction = std::nan("");
  EXPECT_NE(message_of(bad, 1, 8).find("contacts[1].torsional_friction"), std::string::npos);
  bad = good;
  bad[2].inward_normal = Vec3::Zero();
  EXPECT_NE(message_of(bad, 1, 8).find("contacts[2].inward_normal"), std::string::npos);
  bad = good;
  bad[0].point.y() = std::nan("");
  EXPECT_NE(message_of(bad, 1, 8).find("contacts[0].point"), std::string::npos);
}

}  // namespace
}  // namespace contactlab
