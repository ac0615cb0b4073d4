// The data: everything that changes while a scene runs: state, contacts, solver
// statistics and what the solvers carry from one step to the next. The step's scratch
// is not here (step/step_workspace.h).
#pragma once

#include <vector>

#include "base/math_types.h"
#include "contact/contact_detection.h"
#include "control/robot_control.h"
#include "dynamics/articulation/articulation_state.h"
#include "dynamics/drag_spring.h"
#include "dynamics/model.h"
#include "formulation/hybrid_event.h"
#include "formulation/island_problem.h"
#include "formulation/island_solution.h"
#include "formulation/solver_memory.h"
#include "formulation/solver_report.h"

namespace contactlab {

// One contact of the last step. Forces are the step's impulses divided by h and act
// on body_b; body_a receives the opposite.
struct ContactRecord {
  int body_a = -1;
  int body_b = -1;
  int geom_a = -1;
  int geom_b = -1;
  Vec3 position = Vec3::Zero();        // world [m]
  Vec3 normal = Vec3::UnitZ();         // world, unit, from body_a to body_b
  double distance = 0;                 // phi at the start of the step [m]
  double normal_force = 0;             // c_n / h [N]
  Vec3 friction_force = Vec3::Zero();  // D beta / h, world [N]
  double friction_coefficient = 0;     // mu used this step (seed 002 eq. 13)
  double slip_speed = 0;               // lambda: the largest tangential speed along an edge [m/s]
  // The relative velocity of body_b's point against body_a's after the step, v^{l+1}:
  double normal_velocity = 0;                 // along the normal [m/s]
  Vec3 tangential_velocity = Vec3::Zero();    // in the tangent plane, world [m/s]
  ContactMode mode = ContactMode::Separating;
};

// A detected contact before the solve: no force yet, mode separating.
ContactRecord contact_record_of(const DetectedContact& contact);

// One joint position limit of the last step (seed 002 eq. 9): a time-stepping
// formulation's limit row, its impulse / h, or the hybrid formulation's active limit,
// its force lambda_l at the end of the step (formulation/hybrid_advance.h).
struct JointLimitRecord {
  int articulation = -1;
  int link = -1;     // whose joint is limited
  double sign = 1;   // +1 at the lower limit, -1 at the upper
  double force = 0;  // >= 0, pushing the joint off the bound [N m or N]
};

// One joint's Coulomb friction (seed 002 eq. 14) in the last step: a time-stepping
// formulation's joint friction row, its impulse / h, sticking while that is inside
// the bound c; or the hybrid formulation's joint at the end of the step, its mode and
// torque (lambda_j sticking, -c s sliding: formulation/hybrid_advance.h).
struct JointFrictionRecord {
  int articulation = -1;
  int link = -1;       // whose joint has friction
  bool sticking = true;
  double torque = 0;   // on the joint [N m or N]
};

// A contact whose bodies moved further into each other in one step than the thinner
// geom is thick: they may have passed through each other (step/tunnelling.h).
struct TunnellingWarning {
  int body_a = -1;
  int body_b = -1;
  double overshoot = 0;  // -(phi + h v_n^{l+1}) [m]
  double thickness = 0;  // the thinner geom's [m]
};

// What the constraint solver did in the last step, summed over islands. In words:
// solver_status_name(status), fallback_message(fallbacks) (formulation/solver_report.h).
struct SolverStats {
  SolverStatus status = SolverStatus::NoContacts;  // Solved, or the first failure's kind
  std::vector<SolverFallback> fallbacks;  // what failed and which fallback was used, in order
  int lcp_size = 0;     // unknowns in all islands' problems
  int pivots = 0;       // Lemke pivots of seed 002's LCP in all islands
  int islands = 0;      // islands of dynamic bodies
  int warm_starts = 0;  // islands solved from the previous basis or active set
  int iterations = 0;   // convex, soft, quasistatic: active-set, Lemke or interior-point
                        // iterations in all islands; hybrid: integrator steps
  int events = 0;       // hybrid: events in the step (data.events)
  // Contacts left out of their islands' problems, no impulse being able to move them
  // along their normals (contact/contact_rows.h immobile_normal): their impulse is zero.
  int immobile_contacts = 0;
  std::vector<TunnellingWarning> tunnelling;  // this step's, one per body pair
  // Each island's problem (LCP, QP over the cone's rays or cone program) with its
  // answer and certificate, in island order, kept only while
  // StepWorkspace::keep_island_problems is on and only for formulations that pose one
  // (formulation.h copy_last_problem), within kMaxKeptProblemEntries; the last pass's.
  std::vector<IslandProblem> island_problems;
};

struct Data {
  double time = 0;
  long step_count = 0;
  // Per body in model order (static bodies keep their initial pose, zero velocity;
  // links follow their articulation's q and v).
  std::vector<Vec3> position;          // centre of mass, world [m]
  std::vector<Quat> orientation;       // unit quaternion, body to world
  std::vector<Vec3> linear_velocity;   // of the centre of mass, world [m/s]
  std::vector<Vec3> angular_velocity;  // world [rad/s]
  std::vector<ArticulationState> articulations;  // per Model::articulations
  ControlState control;                          // the timeline and what drives set points
  // The mouse's pull on a grabbed body (dynamics/drag_spring.h), in every step until
  // released: an external force at the grabbed point, taken from the pose and
  // velocity at the start of each pass.
  DragSpring drag;
  std::vector<ContactRecord> contacts;
  // The last step's joint limit rows (time-stepping) or active limits (hybrid).
  std::vector<JointLimitRecord> limits;
  // The last step's joint Coulomb friction rows (time-stepping) or joints (hybrid).
  std::vector<JointFrictionRecord> joint_frictions;
  // The last step's events, in time order; only an event-driven formulation (hybrid)
  // has any (formulation/hybrid_event.h).
  std::vector<HybridEvent> events;
  SolverStats solver;
  // Part of the state: the next step's result depends on it, so a replay that restores
  // a state restores it too (formulation/solver_memory.h).
  SolverMemory solver_memory;
};

// The scene's initial state, with empty contacts and statistics.
Data make_data(const Model& model);

// The largest gap of any loop closure of any articulation [m] (largest_loop_gap in
// dynamics/articulation/loop_closure.h); 0 in a scene without loops. The state CSV's
// loop_error, and what the page plots.
double loop_error(const Model& model, const Data& data);

// In maximal coordinates, the largest violation of any joint's rows of any
// articulation, metres and radians taken as they are (largest_joint_violation in
// dynamics/articulation/maximal_joints.h): the drift of seed 002 eq. (16). 0 in
// reduced coordinates, where the joints cannot come apart. The state CSV's
// joint_error.
double joint_error(const Model& model, const Data& data);

// Total kinetic plus gravitational potential energy [J] (analytic checks).
double mechanical_energy(const Model& model, const Options& options, const Data& data);

}  // namespace contactlab
