// The parameters a user changes while a scene runs (the page's sliders, the CLI's
// --set). Every value is validated when set; a rejected value leaves Options as it was.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/math_types.h"
#include "base/status.h"

namespace contactlab {

// How each island's contact problem is posed and solved (one per seed formulation).
enum class Formulation {
  Lcp = 0,          // Anitescu-Potra / Stewart-Trinkle mixed LCP, Lemke (seed 002 eqs. 18-21)
  Convex = 1,       // Anitescu's convex relaxation (seed 004, seed 003)
  Soft = 2,         // Todorov's regularised convex formulation (seed 004)
  Quasistatic = 3,  // Pang's convex quasi-static time stepping (seed 003)
  Compliant = 4,    // spring-damper normal force, Stribeck-like friction (seed 004)
  Hybrid = 5,       // event detection and impulsive reset maps between smooth dynamics (seed 004)
};

struct Options {
  // h: the time step [s], 1e-4 .. 0.5 (seed 002 default 2.5 ms). Up to 0.5 s for seed
  // 003's comparison of the quasi-static model with SAP-like soft contact at h = 0.01,
  // 0.1 and 0.5 s; the dynamic formulations take it too, but above 0.1 s a step is
  // coarser than their stability notes assume (Baumgarte's default alpha = beta = 40
  // is stable only up to 0.1 s, docs/closed_chains.md).
  double time_step = 0.0025;
  // mu: when >= 0, replaces every material pair's static and kinetic friction
  // coefficient; -1 keeps the scene's materials. 0 .. 2, or -1.
  double friction_coefficient = -1;
  // e: when >= 0, replaces every material pair's coefficient of restitution (Newton's
  // v_n+ >= -e v_n- at an impact, seed 004); -1 keeps the scene's materials. 0 .. 1, or -1.
  double restitution = -1;
  // mu_t [m]: when >= 0, replaces every material pair's torsional friction coefficient
  // (a friction moment about the contact normal, |tau_n| <= mu_t f_n); -1 keeps the
  // scene's materials. 0 .. 1, or -1.
  double torsional_friction = -1;
  // gamma: error correction, the fraction of a constraint violation corrected per
  // step, seed 002 eq. (16) and (19). 0 .. 1.
  double error_reduction = 0.2;
  // alpha, beta: Baumgarte's stabilisation of loop closures, phi'' + 2 alpha phi' +
  // beta^2 phi = 0 (seed 004, "Bilateral Position Constraints"; beta = alpha is the
  // seed's critically damped form) [1/s], 0 .. 10000 each; both 0: none
  // (dynamics/articulation/baumgarte.h). 40 each: a time constant of 25 ms, stable
  // (h^2 beta^2 < 4 (1 + alpha h)) up to the largest time step, 0.1 s.
  double baumgarte_alpha = 40;
  double baumgarte_beta = 40;
  // u: edges of the polyhedral friction cone, seed 002 eq. (4); even, 2 .. 32. Two edges
  // are the pair +-t2 of the contact frame (friction_cone.h): for a floor the x axis,
  // seed 004's brick with f = f+ - f- (a scene asks for 2 only for motion in the x-z
  // plane, scene/scene_loader.cpp).
  int friction_edges = 8;
  // Geom pairs closer than this are kept as (possible) contacts [m], 0 .. 0.05.
  double contact_margin = 0.002;
  // GraspIt's contact threshold [m], 0 .. 0.01: eq. (19) measures the error Delta p
  // against half of it, so resting bodies settle this close (default 0.1 mm).
  double contact_threshold = 1e-4;
  // s_t: tangential slip speed below which a contact uses static friction, seed 002
  // eq. (13) [m/s], 0 .. 10.
  double kinetic_threshold_speed = 1e-3;
  // The largest speed at which a penetration is undone [m/s], 0.001 .. 100: eq. (19)'s
  // gamma (-Delta p) / h, soft contact's reference velocity from phi and the compliant
  // spring's stored energy are capped by it (docs/physics_robustness.md);
  // 3 m/s as Box2D's default contact push-out speed.
  double max_recovery_speed = 3;
  // g [m/s^2], each component -100 .. 100.
  Vec3 gravity = Vec3(0, 0, -9.81);
  // Auto-grasp (seed 002 §6): 0 dynamic (fingers close under PD control and the
  // object moves), 1 static (GraspIt's kinematic closing: the object stays put and
  // each finger stops at its first contact). Also named "dynamic" / "static".
  int autograsp = 0;
  // Seed 002 step 3: 0 "margin" (contacts within contact_margin enter the step's
  // problem), 1 "step_size" (a step after which a new contact overlaps, or a joint has
  // passed a limit, is cut so that the contact ends within 0.1 mm, or the joint within
  // 0.1 deg / 0.1 mm of its limit; the rest of the step follows: docs/step_size_search.md).
  int contact_search = 0;
  // How a step moves the state, 0 "semi_implicit" (the lab's: q^{l+1} = q^l + h G
  // v^{l+1}, PD forces at the step's end, pd_controller.h's implicit law) or 1
  // "seed_002" (seed 002 as written: eq. (12) q^{l+1} = q^l + h G v^l, and step 7's PD
  // forces from q^l, v^l accumulated in k explicitly; docs/seed_examples.md).
  int position_update = 0;

  // The formulation, 0 .. 5 (Formulation), also named lcp, convex, soft,
  // quasistatic, compliant, hybrid.
  Formulation formulation = Formulation::Lcp;
  // How articulations are simulated: 0 "reduced" (joint coordinates, a kinematic tree)
  // or 1 "maximal" (seed 002 §2.2 and §4: every link a rigid body with its own 6
  // velocities, each joint as equality rows, docs/maximal_coordinates.md). Every
  // formulation but quasistatic takes both; the two cannot be set together.
  int coordinates = 0;
  // soft: epsilon, MuJoCo's impulse regularisation scaling: R = epsilon diag(A)
  // (seed 004, Todorov's formulation), 1e-6 .. 10.
  double soft_regularisation = 0.05;
  // soft: kappa, the error-reduction time constant [s], 0.001 .. 1.
  double soft_time_constant = 0.02;
  // soft: b, implicit damping added per velocity coordinate [N s/m, N m s/rad], 0 .. 1000.
  double soft_damping = 0;
  // soft: 0 pyramidal (u edges, as the LCP), 1 elliptic (the exact second-order
  // cone); also named "pyramidal" / "elliptic".
  int soft_cone = 0;
  // quasistatic: epsilon_q, the fraction of the inertia kept as regularisation,
  // (epsilon_q / h) M dq on unactuated coordinates (seed 003), 1e-6 .. 10.
  double quasistatic_mass_scale = 0.01;
  // quasistatic: 0 "qp" (Anitescu's friction constraints, a convex QP), 1 "lcp" (the
  // quasi-static LCP with Stewart-Trinkle friction, for comparison as in seed 003).
  int quasistatic_problem = 0;
  // quasistatic: 0 "regularised" (unactuated coordinates keep epsilon_q of their
  // inertia, as above), 1 "pure" (seed 003's force balance without the mass matrix,
  // sum F = 0 exactly; an island whose forces no contact forces balance is reported
  // infeasible: formulation/quasistatic_pure.h). Pure is posed with the "qp" problem only.
  int quasistatic_model = 0;
  // compliant: k, the normal spring stiffness [N/m], 10 .. 1e9.
  double compliant_stiffness = 1e5;
  // compliant: zeta, damping as a fraction of critical for the contact's effective
  // mass, 0 .. 10.
  double compliant_damping_ratio = 1;
  // compliant: the normal force's damping, 0 "linear" (the spring-damper f_n = k d + c d',
  // c = 2 zeta sqrt(k m_eff)) or 1 "hunt_crossley" (Hunt & Crossley 1975: f_n = k d
  // (1 + d_hc d'), whose damping vanishes with the depth, so that the force is zero at
  // touch and at separation and the restitution falls with the impact speed:
  // formulation/compliant_island.cpp).
  int compliant_damping_law = 0;
  // compliant, hunt_crossley: d_hc, Hunt and Crossley's dissipation [s/m], 0 .. 100;
  // an impact at v leaves at e = 1 - (2/3) d_hc v for small d_hc v.
  double compliant_dissipation = 0.2;
  // compliant: the friction curve mu(|v_t| / v_s), 0 "smooth" (the regularised law of
  // formulation/stribeck_friction.h) or 1 "piecewise_linear" (seed 004's figure: mu_s s
  // up to the stiction speed, a straight line to mu_k at 3 v_s, mu_k beyond).
  int compliant_friction_law = 0;
  // compliant: v_s, the Stribeck stiction speed [m/s], 1e-6 .. 1.
  double compliant_stiction_speed = 1e-3;
  // compliant: substeps per time step, 1 .. 10000, or 0 to choose as many as
  // stability needs.
  int compliant_substeps = 0;
  // compliant: how a step is integrated, 0 "substeps" (explicit, in compliant_substeps
  // passes of h / n) or 1 "error_controlled" (Dormand-Prince 5(4) over each step to the
  // tolerances below, free bodies only: formulation/compliant_adaptive.h).
  int compliant_integration = 0;
  // compliant, error_controlled: the relative tolerance, 1e-14 .. 1e-2, and the
  // absolute tolerance [m, m/s, rad/s], 1e-16 .. 1e-2.
  double compliant_relative_tolerance = 1e-6;
  double compliant_absolute_tolerance = 1e-9;
  // compliant, error_controlled: the accepted integrator steps one step may take before
  // it ends with status "integrator limit", 1 .. 1000000.
  int compliant_max_integrator_steps = 20000;
  // hybrid (docs/hybrid.md): Dormand-Prince 5(4)'s relative tolerance rtol, 1e-14 .. 1e-2,
  // and absolute tolerance atol [m, m/s, rad/s], 1e-16 .. 1e-2.
  double hybrid_relative_tolerance = 1e-10;
  double hybrid_absolute_tolerance = 1e-12;
  // hybrid: the width to which an event's time is located [s], 1e-15 .. 1e-3.
  double hybrid_event_tolerance = 1e-12;
  // hybrid: delta, the distance within which contacts touch [m], 1e-12 .. 1e-3.
  double hybrid_contact_tolerance = 1e-6;
  // hybrid: v_z, the Zeno speed [m/s], 0 .. 10: an impact slower than this ends in
  // sustained contact (e = 0). 0.005 is about sqrt(2 g delta) = 0.0044 at the default
  // delta: a bounce no higher than delta is given up.
  double hybrid_zeno_speed = 0.005;
  // hybrid: the events one step may hold before it ends with status "event limit",
  // 1 .. 100000.
  int hybrid_max_events = 1000;
  // hybrid: the reset map at an impact, 0 "coulomb" (the impulse in the friction cone),
  // 1 "frictionless", 2 "infinite" (seed 004's J = [n; t1; t2], diag(1+e, 1, 1)).
  int hybrid_impact_friction = 0;
};

// Seed 002's eq. (12) as written (position_update "seed_002"): q^(l+1) = q^l + h G v^l.
inline bool uses_seed_002_position_update(const Options& options) { return options.position_update == 1; }

// How a control moves over an option's values: linearly, or over log10 of the value.
enum class OptionScale { Linear, Log };

// A value of an option that has a name: every value of a choice (formulation,
// autograsp, contact_search, soft_cone, quasistatic_problem, quasistatic_model,
// compliant_damping_law, compliant_friction_law, compliant_integration), or a special
// setting of a numeric option
// (friction_coefficient -1, restitution -1, torsional_friction -1, compliant_substeps 0).
struct NamedValue {
  double value = 0;
  std::string name;   // the word scene files and --set take for it
  std::string label;  // what a control shows
};

// Everything a user interface or a document needs to know about one option: the
// page builds its controls from these, and set_option checks values against them.
struct OptionDescription {
  std::string name;                  // the canonical name
  std::vector<std::string> aliases;  // the seed's short names set_option also takes
  std::string symbol;                // the seed's symbol (h, mu, ...); "" when it has none
  std::string label;                 // a few words for a control, without symbol and unit
  std::string unit;                  // SI unit, "" when dimensionless
  OptionScale scale = OptionScale::Linear;
  bool integer = false;
  // The valid range. Named values are valid too, also outside it; friction_edges
  // must also be even (the allowed text says so).
  double min = 0;
  double max = 0;
  // The part of the range a slider spans (narrower where the rest is rarely useful:
  // compliant_substeps 0 .. 200 of 0 .. 10000), and its step, in log10 units on a log
  // scale.
  double slider_min = 0;
  double slider_max = 0;
  double step = 0;
  double default_value = 0;  // the value in a default-constructed Options
  std::vector<NamedValue> values;
  // The formulation whose parameter this is; none for options every formulation uses.
  std::optional<Formulation> formulation;
  std::string allowed;  // what is allowed, as set_option's message says it
};

// Every option, in the order of option_names().
const std::vector<OptionDescription>& option_descriptions();

// Sets one option by name. The seed's symbols h, mu, gamma and u are accepted as
// short names for time_step, friction_coefficient, error_reduction, friction_edges.
Status set_option(Options& options, const std::string& name, double value);
// Reads one option by the same names; fails for an unknown name.
Status get_option(const Options& options, const std::string& name, double& value);
// The canonical option names, in a fixed order.
const std::vector<std::string>& option_names();
// Options with named values (OptionDescription::values): the number for `word`.
// Fails naming the allowed words; an option without named values fails too.
Status option_value_of_word(const std::string& name, const std::string& word, double& value);
// The name of a formulation ("lcp", "convex", ...).
const char* formulation_name(Formulation formulation);

}  // namespace contactlab
