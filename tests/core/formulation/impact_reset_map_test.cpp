// Seed 004's impulsive reset maps (formulation/impact_reset_map.h) against the seed's
// example: a hollow ball (I = 2/3 m r^2) landing on horizontal ground with infinite
// friction leaves with
//   q_dot+ = [3/5, 0, -2/5 r; 0, -e, 0; -3/(5r), 0, 2/5] q_dot-,   q = (x, z, theta),
// and the frictionless and Coulomb maps' closed forms.
#include "formulation/impact_reset_map.h"

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "contact/friction_cone.h"
#include "formulation/impact_lcp.h"

namespace contactlab {
namespace {

constexpr double kSeedBallMass = 1.3;
constexpr double kSeedBallRadius = 0.1;

// The ball's generalised velocity (v, w) in 3D is the seed's (xdot, zdot, thetadot)
// with v = (xdot, 0, zdot) and w = (0, -thetadot, 0): the contact point's speed along
// x is xdot + r thetadot = vx - r wy, the seed's tangent row [1, 0, r].
Eigen::VectorXd seed_ball_velocity(double xdot, double zdot, double thetadot) {
  Eigen::VectorXd v = Eigen::VectorXd::Zero(6);
  v << xdot, 0, zdot, 0, -thetadot, 0;
  return v;
}

Eigen::MatrixXd seed_hollow_ball_inverse_mass() {
  Eigen::VectorXd diagonal(6);
  const double inertia = 2.0 / 3.0 * kSeedBallMass * kSeedBallRadius * kSeedBallRadius;
  diagonal << 1 / kSeedBallMass, 1 / kSeedBallMass, 1 / kSeedBallMass, 1 / inertia, 1 / inertia, 1 / inertia;
  return diagonal.asDiagonal();
}

// The ground contact under the centre: rows [d, (p - x) x d] with p - x = (0, 0, -r).
Eigen::RowVectorXd seed_ball_ground_row(const Vec3& direction) {
  Eigen::RowVectorXd row(6);
  row << direction.transpose(), Vec3(0, 0, -kSeedBallRadius).cross(direction).transpose();
  return row;
}

ImpactContactRows seed_ball_ground_contact(double restitution, double friction) {
  ImpactContactRows rows;
  Vec3 t1, t2;
  tangent_basis(Vec3::UnitZ(), t1, t2);
  rows.normal = seed_ball_ground_row(Vec3::UnitZ());
  rows.tangent1 = seed_ball_ground_row(t1);
  rows.tangent2 = seed_ball_ground_row(t2);
  rows.restitution = restitution;
  rows.friction = friction;
  return rows;
}

class SeedSpinningBallMap : public ::testing::TestWithParam<double> {};

TEST_P(SeedSpinningBallMap, InfiniteFrictionIsTheSeedsMatrix) {
  const double e = GetParam();
  const double xdot = 1.0, zdot = -4.2, thetadot = 20.0;
  const ImpactResult result = impact_reset(seed_hollow_ball_inverse_mass(), {seed_ball_ground_contact(e, 0)},
                                           ImpactFriction::Infinite, seed_ball_velocity(xdot, zdot, thetadot));
  const double expected_x = 3.0 / 5 * xdot - 2.0 / 5 * kSeedBallRadius * thetadot;
  const double expected_z = -e * zdot;
  const double expected_theta = -3.0 / (5 * kSeedBallRadius) * xdot + 2.0 / 5 * thetadot;
  EXPECT_NEAR(result.velocity[0], expected_x, 1e-9);
  EXPECT_NEAR(result.velocity[2], expected_z, 1e-9);
  EXPECT_NEAR(-result.velocity[4], expected_theta, 1e-9);
  EXPECT_NEAR(result.velocity[1], 0, 1e-12);
  EXPECT_NEAR(result.velocity[3], 0, 1e-12);
  EXPECT_NEAR(result.velocity[5], 0, 1e-12);
}

INSTANTIATE_TEST_SUITE_P(Restitution, SeedSpinningBallMap, ::testing::Values(0.0, 0.6, 1.0));

// Frictionless: q_dot+ = [I - (1+e) M^-1 n^T (n M^-1 n^T)^# n] q_dot-: only zdot
// changes, to -e zdot, and the spin and xdot are kept.
TEST(ImpactResetMap, FrictionlessKeepsTangentialMotion) {
  const ImpactResult result = impact_reset(seed_hollow_ball_inverse_mass(), {seed_ball_ground_contact(0.5, 0.3)},
                                           ImpactFriction::Frictionless, seed_ball_velocity(1, -4, 20));
  EXPECT_NEAR((result.velocity - seed_ball_velocity(1, 2, 20)).norm(), 0, 1e-12);
  EXPECT_NEAR(result.impulse[0].x(), kSeedBallMass * 6, 1e-12);
}

// Coulomb with mu below what sticking needs: the ball slides through the impact with
// P_t = mu P_n against the slip (P_n = m (1 + e) |zdot-|): xdot+ = xdot- - mu P_n / m
// sign(slip), thetadot+ from the same impulse at arm r; kinetic energy never grows.
TEST(ImpactResetMap, CoulombSlidesThroughWithMuTimesTheNormalImpulse) {
  const double mu = 0.1, e = 0.5;
  const double xdot = 1.0, zdot = -4.0, thetadot = 20.0;  // slip xdot + r thetadot = 3 m/s
  const ImpactResult result = impact_reset(seed_hollow_ball_inverse_mass(), {seed_ball_ground_contact(e, mu)},
                                           ImpactFriction::Coulomb, seed_ball_velocity(xdot, zdot, thetadot));
  const double normal_impulse = kSeedBallMass * (1 + e) * -zdot;
  const double inertia = 2.0 / 3.0 * kSeedBallMass * kSeedBallRadius * kSeedBallRadius;
  EXPECT_EQ(result.sliding_contacts, 1);
  EXPECT_NEAR(result.velocity[0], xdot - mu * normal_impulse / kSeedBallMass, 1e-12);
  EXPECT_NEAR(result.velocity[2], -e * zdot, 1e-12);
  EXPECT_NEAR(-result.velocity[4], thetadot - kSeedBallRadius * mu * normal_impulse / inertia, 1e-12);
  const auto energy = [&](const Eigen::VectorXd& v) {
    return 0.5 * kSeedBallMass * v.head<3>().squaredNorm() + 0.5 * inertia * v.tail<3>().squaredNorm();
  };
  EXPECT_LT(energy(result.velocity), energy(seed_ball_velocity(xdot, zdot, thetadot)));
  // With mu large enough the Coulomb map is the infinite-friction one.
  const ImpactResult sticking = impact_reset(seed_hollow_ball_inverse_mass(), {seed_ball_ground_contact(e, 10)},
                                             ImpactFriction::Coulomb, seed_ball_velocity(xdot, zdot, thetadot));
  const ImpactResult infinite = impact_reset(seed_hollow_ball_inverse_mass(), {seed_ball_ground_contact(e, 0)},
                                             ImpactFriction::Infinite, seed_ball_velocity(xdot, zdot, thetadot));
  EXPECT_EQ(sticking.sliding_contacts, 0);
  EXPECT_NEAR((sticking.velocity - infinite.velocity).norm(), 0, 1e-12);
}

// Newton's cradle's law here: the simultaneous frictionless map over every closing and
// touching contact at once (the seed's pseudoinverse form with targets n q_dot+ =
// -e n q_dot-, 0 at the touching contacts, which arrive at rest). A row of N = 5 equal
// touching balls (1 kg, one coordinate each, n_i = x_(i+1) - x_i), the first arriving
// at v: balls 2..N leave as one at (1 + e) v / N and the striker at ((1 + e) / N - e) v,
// not the one ball out of a real cradle, whose impacts run through the row one after
// another. Momentum is kept exactly, and the kinetic energy loses (1 - e^2) / 2
// (n q_dot-)^T (n M^-1 n^T)^-1 (n q_dot-): nothing at e = 1, where the map is a
// reflection in the metric of M.
TEST(ImpactResetMap, TouchingRowLeavesAsOneBodyBehindTheStriker) {
  constexpr int kBalls = 5;
  const double v = 1.5;
  for (double e : {1.0, 0.7, 0.0}) {
    std::vector<ImpactContactRows> rows(kBalls - 1);
    for (int c = 0; c < kBalls - 1; ++c) {
      rows[c].normal = Eigen::RowVectorXd::Zero(kBalls);
      rows[c].normal[c] = -1;
      rows[c].normal[c + 1] = 1;
      rows[c].tangent1 = rows[c].tangent2 = Eigen::RowVectorXd::Zero(kBalls);
      rows[c].restitution = e;
    }
    Eigen::VectorXd before = Eigen::VectorXd::Zero(kBalls);
    before[0] = v;
    const Eigen::MatrixXd inverse_mass = Eigen::MatrixXd::Identity(kBalls, kBalls);
    const ImpactResult result = impact_reset(inverse_mass, rows, ImpactFriction::Frictionless, before);
    EXPECT_NEAR(result.velocity[0], ((1 + e) / kBalls - e) * v, 1e-12) << "e = " << e;
    for (int i = 1; i < kBalls; ++i) EXPECT_NEAR(result.velocity[i], (1 + e) / kBalls * v, 1e-12) << "e = " << e;
    EXPECT_NEAR(result.velocity.sum(), v, 1e-14) << "e = " << e;
    Eigen::MatrixXd normals(kBalls - 1, kBalls);
    for (int c = 0; c < kBalls - 1; ++c) normals.row(c) = rows[c].normal;
    const Eigen::VectorXd normal_speeds = normals * before;
    const double normal_part =
        0.5 * normal_speeds.dot((normals * inverse_mass * normals.transpose()).inverse() * normal_speeds);
    EXPECT_NEAR(0.5 * before.squaredNorm() - 0.5 * result.velocity.squaredNorm(), (1 - e * e) * normal_part, 1e-12)
        << "e = " << e;
    // Every impulse pushes (here the LCP's answer is the seed's pseudoinverse map's).
    for (const Eigen::Vector3d& impulse : result.impulse) EXPECT_GT(impulse.x(), 0) << "e = " << e;
    EXPECT_TRUE(result.certificate.valid) << "e = " << e;
  }
}

// A point mass (m = 2 kg, q = its position) sliding down a ramp (normal (sin a, 0,
// cos a)) at speed v meets the floor (normal z) at the ramp's foot: the ramp's contact
// touches at zero normal speed, the floor's closes at v sin a. The seed's
// pseudoinverse form holds both normal speeds at zero, which stops the mass (in the
// plane) with a pulling ramp impulse; the LCP lets the ramp's contact go (P = 0,
// leaving at v sin(a) cos(a) ... > 0) and the floor takes P_n = m v sin a: frictionless
// the mass slides on at v cos a, with Coulomb friction mu at v (cos a - mu sin a).
TEST(ImpactResetMap, ContactsOnlyPushAtARampsFoot) {
  const double mass = 2, speed = 3, angle = 0.4, mu = 0.3;
  const Eigen::MatrixXd inverse_mass = Eigen::MatrixXd::Identity(3, 3) / mass;
  const auto contact = [&](const Vec3& normal) {
    ImpactContactRows rows;
    Vec3 t1, t2;
    tangent_basis(normal, t1, t2);
    rows.normal = normal.transpose();
    rows.tangent1 = t1.transpose();
    rows.tangent2 = t2.transpose();
    rows.friction = mu;
    return rows;
  };
  const std::vector<ImpactContactRows> rows = {contact(Vec3(std::sin(angle), 0, std::cos(angle))),
                                               contact(Vec3::UnitZ())};
  const Eigen::Vector3d before = speed * Eigen::Vector3d(std::cos(angle), 0, -std::sin(angle));
  const ImpactResult seed_map = impact_reset(inverse_mass, rows, ImpactFriction::Infinite, before);
  EXPECT_LT(seed_map.impulse[0].x(), 0);  // the pseudoinverse form pulls
  const ImpactResult frictionless = impact_reset(inverse_mass, rows, ImpactFriction::Frictionless, before);
  ASSERT_TRUE(frictionless.solved) << frictionless.failure;
  EXPECT_TRUE(frictionless.certificate.valid);
  EXPECT_NEAR(frictionless.impulse[0].x(), 0, 1e-12);
  EXPECT_NEAR(frictionless.impulse[1].x(), mass * speed * std::sin(angle), 1e-12);
  EXPECT_NEAR((frictionless.velocity - Eigen::Vector3d(speed * std::cos(angle), 0, 0)).norm(), 0, 1e-12);
  EXPECT_GT(rows[0].normal.dot(frictionless.velocity), 0);  // the ramp's contact separates
  const ImpactResult coulomb = impact_reset(inverse_mass, rows, ImpactFriction::Coulomb, before);
  ASSERT_TRUE(coulomb.solved) << coulomb.failure;
  EXPECT_TRUE(coulomb.certificate.valid);
  EXPECT_EQ(coulomb.sliding_contacts, 1);
  EXPECT_NEAR(coulomb.impulse[0].x(), 0, 1e-12);
  EXPECT_NEAR(coulomb.impulse[1].x(), mass * speed * std::sin(angle), 1e-12);
  EXPECT_NEAR((coulomb.velocity - Eigen::Vector3d(speed * (std::cos(angle) - mu * std::sin(angle)), 0, 0)).norm(), 0,
              1e-12);
  EXPECT_LT(coulomb.energy_change, frictionless.energy_change);
  EXPECT_LT(frictionless.energy_change, 0);
}

// A deterministic generator for the random impacts below (the same numbers on every
// platform, unlike <random>'s distributions).
class ImpactTestNumbers {
 public:
  double next() {  // uniform in [-1, 1)
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state_ >> 11) / 4503599627370496.0 - 1.0;
  }

 private:
  unsigned long long state_ = 20261129ULL;
};

// Random impacts (6 to 9 coordinates, a random M, 1 to 5 contacts with random rows,
// e and mu, a frictionless limit row and a bilateral row in some): every answer of the
// Coulomb and frictionless laws is certified and checked again from the rows: P_n >= 0,
// n q_dot+ + e n q_dot- >= 0 (e = 0 where the law fell back to a plastic impact),
// their product 0, |P_t| <= mu P_n with P_t against the slip where it slides, bilateral
// rows at n q_dot+ = 0; and the kinetic energy 1/2 q_dot^T M q_dot never grows, to
// 1e-9 J, its change the reported one. The random rows' e (at separating rows too)
// jams some: Newton's law has no answer there, and the plastic impact is taken.
TEST(ImpactResetMap, RandomImpactsAreCertifiedAndNeverGainEnergy) {
  ImpactTestNumbers numbers;
  int plastic = 0, sliding = 0, separating = 0, unsettled = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int size = 6 + trial % 4;
    Eigen::MatrixXd root(size, size);
    for (int i = 0; i < size; ++i) {
      for (int j = 0; j < size; ++j) root(i, j) = numbers.next();
    }
    const Eigen::MatrixXd mass = root * root.transpose() + 0.5 * Eigen::MatrixXd::Identity(size, size);
    const Eigen::MatrixXd inverse_mass = mass.inverse();
    const auto random_row = [&]() {
      Eigen::RowVectorXd row(size);
      for (int i = 0; i < size; ++i) row[i] = numbers.next();
      return row;
    };
    std::vector<ImpactContactRows> rows(1 + trial % 5);
    for (ImpactContactRows& row : rows) {
      row.normal = random_row();
      row.tangent1 = random_row();
      row.tangent2 = random_row();
      row.restitution = std::max(0.0, numbers.next());
      row.friction = 1 + numbers.next();
    }
    if (trial % 3 == 0) {
      rows.back().frictionless = true;
      rows.back().tangent1.setZero();
      rows.back().tangent2.setZero();
    }
    Eigen::VectorXd before(size);
    for (int i = 0; i < size; ++i) before[i] = 2 * numbers.next();
    if (trial % 7 == 0) {
      ImpactContactRows coupling;
      coupling.normal = random_row();
      coupling.tangent1 = coupling.tangent2 = Eigen::RowVectorXd::Zero(size);
      coupling.frictionless = coupling.bilateral = true;
      rows.push_back(coupling);
      // A coupling holds before the impact too: q_dot- in its null space.
      before -= coupling.normal.transpose() * coupling.normal.dot(before) / coupling.normal.squaredNorm();
    }
    for (ImpactFriction law : {ImpactFriction::Coulomb, ImpactFriction::Frictionless}) {
      const ImpactResult result = impact_reset(inverse_mass, rows, law, before);
      ASSERT_TRUE(result.solved) << "trial " << trial << ": " << result.failure;
      EXPECT_TRUE(result.certificate.valid) << "trial " << trial;
      const Eigen::VectorXd& after = result.velocity;
      const double energy_change = 0.5 * after.dot(mass * after) - 0.5 * before.dot(mass * before);
      EXPECT_LE(energy_change, 1e-9) << "trial " << trial;
      EXPECT_NEAR(energy_change, result.energy_change, 1e-9) << "trial " << trial;
      plastic += result.plastic ? 1 : 0;
      unsettled += result.cone_turns < kImpactConeTurns ? 0 : 1;
      sliding += result.sliding_contacts;
      for (size_t c = 0; c < rows.size(); ++c) {
        const ImpactContactRows& row = rows[c];
        const Eigen::Vector3d& impulse = result.impulse[c];
        if (row.bilateral) {
          EXPECT_NEAR(row.normal.dot(after), 0, 1e-9) << "trial " << trial;
          continue;
        }
        const double e = result.plastic ? 0.0 : row.restitution;
        const double speed = row.normal.dot(after) + e * row.normal.dot(before);
        separating += impulse.x() == 0 && speed > 1e-6 ? 1 : 0;
        EXPECT_GE(impulse.x(), -1e-9) << "trial " << trial;
        EXPECT_GE(speed, -1e-9) << "trial " << trial;
        EXPECT_NEAR(impulse.x() * speed, 0, 1e-9 * (1 + std::abs(impulse.x()) + std::abs(speed))) << "trial " << trial;
        const Eigen::Vector2d tangential = impulse.tail<2>();
        const double mu = law == ImpactFriction::Coulomb && !row.frictionless ? row.friction : 0.0;
        EXPECT_LE(tangential.norm(), mu * impulse.x() + 1e-9) << "trial " << trial;
        const Eigen::Vector2d slip(row.tangent1.dot(after), row.tangent2.dot(after));
        // Sliding, where the pyramid's turns settled: mu P_n against the slip.
        if (mu > 0 && slip.norm() > 1e-6 && result.cone_turns < kImpactConeTurns) {
          EXPECT_NEAR((tangential + mu * impulse.x() * slip.normalized()).norm(), 0, 1e-7) << "trial " << trial;
        }
      }
    }
  }
  // The cases the law tells apart all occur. The pyramid's turns settle in about half
  // of the 300 Coulomb impacts of these random coupled rows (144 do not within
  // kImpactConeTurns: there the answer is the last pyramid's, checked above all the
  // same); the frictionless ones have nothing to turn.
  EXPECT_LE(unsettled, 150);
  EXPECT_GT(plastic, 0);
  EXPECT_GT(sliding, 0);
  EXPECT_GT(separating, 0);
}

}  // namespace
}  // namespace contactlab
