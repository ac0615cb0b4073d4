// The double_pendulum scene (assets/scenes/double_pendulum.json): seed 004's "Simple
// Double Pendulum", point masses m1 = m2 = 1 kg on massless rods l1 = l2 = 1 m, released
// with the upper rod horizontal. The lab's energy is the seed's T + U, and the
// Hamiltonian's drift over the scene's 10 s is bounded per formulation.
#include <algorithm>
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "formulation/compliant_island.h"
#include "scene_fixture.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace double_pendulum_scene {

constexpr double kMass = 1;    // m1 = m2 [kg]
constexpr double kLength = 1;  // l1 = l2 [m]

// Seed 004: T = 1/2 (m1 + m2) l1^2 q1'^2 + 1/2 m2 l2^2 (q1' + q2')^2
//             + m2 l1 l2 q1' (q1' + q2') c2,
//           U = -(m1 + m2) g l1 c1 - m2 g l2 c12, measured from the pivot.
double seed_energy(const Model& model, const Options& options, const Data& data) {
  const Articulation& pendulum = model.articulations[0];
  const double q1 = joint_position(pendulum, data.articulations[0], 0);
  const double q2 = joint_position(pendulum, data.articulations[0], 1);
  const double v1 = joint_velocity(pendulum, data.articulations[0], 0);
  const double v2 = joint_velocity(pendulum, data.articulations[0], 1);
  const double g = -options.gravity.z();
  const double m1 = kMass, m2 = kMass, l1 = kLength, l2 = kLength;
  const double kinetic = 0.5 * (m1 + m2) * l1 * l1 * v1 * v1 + 0.5 * m2 * l2 * l2 * (v1 + v2) * (v1 + v2) +
                         m2 * l1 * l2 * v1 * (v1 + v2) * std::cos(q2);
  const double potential = -(m1 + m2) * g * l1 * std::cos(q1) - m2 * g * l2 * std::cos(q1 + q2);
  return kinetic + potential;
}

// The lab's energy is the seed's up to a constant (the pivot's height) and the
// points' 1e-6 kg m^2 of inertia.
TEST(DoublePendulumScene, TheLabsEnergyIsTheSeedsLagrangianEnergy) {
  const Model model = load_builtin_scene("double_pendulum");
  Data data = make_data(model);
  const double offset = mechanical_energy(model, model.options, data) - seed_energy(model, model.options, data);
  double worst = 0;
  run_for(model, model.options, data, 2.0, [&](const Data& now) {
    worst = std::max(worst, std::abs(mechanical_energy(model, model.options, now) -
                                     seed_energy(model, model.options, now) - offset));
  });
  EXPECT_LT(worst, 1e-3);
  // The constant is U's zero: (m1 + m2) g times the pivot's height.
  EXPECT_NEAR(offset, 2 * kMass * 9.81 * 2.3, 1e-9);
}

struct Drift {
  double largest_gain = 0;  // max (H - H0) [J]
  double largest_loss = 0;  // max (H0 - H) [J]
  double final_change = 0;  // H - H0 at the end [J]
  SolverStatus last_status = SolverStatus::NoContacts;
};

Drift energy_drift(Formulation formulation, double time_step) {
  const Model model = load_builtin_scene("double_pendulum");
  Options options = model.options;
  options.formulation = formulation;
  options.time_step = time_step;
  Data data = make_data(model);
  const double start = mechanical_energy(model, options, data);
  Drift drift;
  run_for(model, options, data, model.duration, [&](const Data& now) {
    const double change = mechanical_energy(model, options, now) - start;
    drift.largest_gain = std::max(drift.largest_gain, change);
    drift.largest_loss = std::max(drift.largest_loss, -change);
    drift.final_change = change;
    drift.last_status = now.solver.status;
  });
  return drift;
}

constexpr double kSceneTimeStep = 0.0025;  // h of the scene [s]

// Energy scale: m g l = 9.81 J. With no contact, lcp, convex and soft take the same
// semi-implicit Euler step on the joint coordinates, and with a configuration-dependent
// M(q) it is not energy-conserving: H creeps upward at a rate of order h, 1.46 J over
// the 10 s at h = 2.5 ms (15 % of m g l), and half of that at half the step.
TEST(DoublePendulumScene, TheHamiltonianGainsEnergyAtARateOfOrderH) {
  double gain_at_h = 0;
  for (Formulation formulation : {Formulation::Lcp, Formulation::Convex, Formulation::Soft}) {
    const Drift drift = energy_drift(formulation, kSceneTimeStep);
    EXPECT_LT(drift.largest_gain, 1.6) << formulation_name(formulation);
    EXPECT_GT(drift.largest_gain, 1.0) << formulation_name(formulation);
    EXPECT_LT(drift.largest_loss, 0.1) << formulation_name(formulation);
    EXPECT_EQ(drift.last_status, SolverStatus::NoContacts) << formulation_name(formulation);
    gain_at_h = drift.largest_gain;
  }
  const double gain_at_half_h = energy_drift(Formulation::Lcp, kSceneTimeStep / 2).largest_gain;
  EXPECT_GT(gain_at_half_h / gain_at_h, 0.4);
  EXPECT_LT(gain_at_half_h / gain_at_h, 0.6);
}

// Compliant contact takes the same step in n substeps of h / n (n = compliant_substep_count,
// the spring's bound on the lightest link): with no contact, the semi-implicit Euler
// steps of lcp at h / n, whose largest gain it keeps (within 5 %), a fraction of lcp's at h.
TEST(DoublePendulumScene, CompliantSubstepsKeepTheHamiltonianOfTheSubstep) {
  const Model model = load_builtin_scene("double_pendulum");
  Options options = model.options;
  options.formulation = Formulation::Compliant;
  DampingRatioTable table;
  const int substeps = compliant_substep_count(model, options, table);
  ASSERT_GT(substeps, 1);
  const Drift drift = energy_drift(Formulation::Compliant, kSceneTimeStep);
  const Drift fine = energy_drift(Formulation::Lcp, kSceneTimeStep / substeps);
  EXPECT_NEAR(drift.largest_gain, fine.largest_gain, 0.05 * fine.largest_gain);
  EXPECT_LT(drift.largest_gain, 1.6 / substeps * 1.5);
  EXPECT_LT(drift.largest_loss, 0.1);
}

// The quasi-static model keeps only epsilon_q of the inertia: the swing dies and the
// pendulum ends hanging at rest, 3 m g l = 29.43 J below its horizontal release.
TEST(DoublePendulumScene, TheQuasiStaticModelEndsHangingAtRest) {
  const Drift drift = energy_drift(Formulation::Quasistatic, kSceneTimeStep);
  EXPECT_NEAR(drift.final_change, -3 * kMass * 9.81 * kLength, 0.01);
}

// The event-driven formulation, with no contact to detect, integrates the manipulator
// equation itself by Dormand-Prince 5(4) at rtol 1e-10: H stays within 1e-8 J over
// the 10 s (measured 6e-10 J), where the time steps above drift by a joule.
TEST(DoublePendulumScene, TheHybridFormulationKeepsTheEnergy) {
  const Drift drift = energy_drift(Formulation::Hybrid, kSceneTimeStep);
  EXPECT_EQ(drift.last_status, SolverStatus::NoContacts);
  EXPECT_LT(drift.largest_gain, 1e-8);
  EXPECT_LT(drift.largest_loss, 1e-8);
}

}  // namespace double_pendulum_scene
}  // namespace contactlab
