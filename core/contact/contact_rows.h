// The constraint rows of one island, seed 002 eq. (18): the columns of n~ (contact
// normals), l~ (joint limits, eq. 9) and D~ (friction directions, eq. 4) as
// generalised directions on the island's members (island_dynamics.h), their
// mass-weighted Gram matrix H^T M^-1 H, and the error-correction velocities of
// eq. (19). Bilateral joint rows J~ (couplings) are eliminated before they get here,
// member by member (articulation_motion.h), as eq. (21) does.
//
// The Gram matrix is kept in contact-frame blocks: for contacts c, e the 3x3 block
// W_ce = J_c M^-1 J_e^T over the frames (n, t1, t2). Every friction column is
// d_j = cos_j t1 + sin_j t2, so its entries follow from W by two or four products:
// (1 + u)^2 numbers from 9, and nothing at all for contacts that share no member.
// A limit row is the joint coordinate itself, sign q_j >= ..., so its entries are
// those of the mobility of the contacts on its articulation, and of M_c^-1.
//
// A joint friction row (seed 002 eq. 14's Coulomb term c as a bound) is the same kind
// of column, e_j on one joint coordinate: the row qdot_j^{l+1} = 0 with an impulse
// tau in [-c h, c h], the joint's analogue of the friction cone: zero slip while
// |tau| < c h, and at the bound tau opposes the joint's motion. Its constant bound
// needs no normal force, so no formulation relaxes it. Joint rows share one storage:
// `limits`, `limit_contact` and `limit_mobility` hold the L limits, then the F joint
// friction rows (joint row L + f), so the Gram entries of both come from the same
// code; limit_count counts only the first L.
//
// A contact with torsional friction (contact/torsional_friction.h, mu_t > 0) gets one
// row more, its relative spin about the normal, n . (w_B - w_A): the fourth row s of
// seed 004's extended contact Jacobian [n; t1; t2; s]. The row is kept scaled by mu_t,
// the wrench (0, mu_t n) on body B and (0, -mu_t n) on body A, as a friction ray is,
// n + mu d_j: its rate mu_t s^T v [m/s] is the slip speed at the distance mu_t from the
// contact, and its impulse p_s [N s], the moment tau_n = mu_t p_s over mu_t, is bounded
// by the normal impulse, |p_s| <= c_n, i.e. |tau_n| <= mu_t c_n. (Rows and unknowns
// then share their units and scale with the friction rays', which keeps the problems
// well conditioned.) The T torsion rows keep their own Gram entries against the contact
// frames, each other and the joint rows; a scene without torsional friction has none,
// and every problem built from the rows is the one it was without them.
//
// Columns of H, in order: k normals, L limits, then u friction directions per contact.
// The F joint friction columns and the T torsion columns are not among them: each
// formulation places their unknowns after its own (contact_lcp.h, cone_edge_problem.h).
#pragma once

#include <vector>

#include <Eigen/Core>

#include "base/math_types.h"
#include "contact/contact_detection.h"
#include "contact/friction_cone.h"
#include "contact/island_dynamics.h"

namespace contactlab {

// One joint at (or about to reach) a position limit, seed 002 eq. (9): the row
// sign * qdot_j^{l+1} >= target, with impulse c_l >= 0 and complementarity.
struct LimitRow {
  int articulation = -1;
  int link = -1;          // whose joint is limited
  double sign = 1;        // +1 at the lower limit, -1 at the upper
  int member = -1;        // island member of the articulation
  int offset = 0;         // the member's first island velocity index
  int coordinate = 0;     // island velocity index of the joint
  double target_velocity = 0;
  // In maximal coordinates the joint's rate is no coordinate but qdot_j = l v on the
  // member's velocities (maximal_joints.h): l here, and `coordinate` unused. Empty: the
  // unit vector of `coordinate`.
  Eigen::VectorXd direction;
};

// A joint held by Coulomb friction, seed 002 eq. (14): the row qdot_j^{l+1} = 0 with
// impulse tau in [-bound, bound], bound = c h. Stored as a joint row of sign +1 and
// target 0 (a LimitRow), with its bound here.
struct JointFrictionRow {
  int articulation = -1;
  int link = -1;          // whose joint has friction
  int member = -1;        // island member of the articulation
  int offset = 0;         // the member's first island velocity index
  int coordinate = 0;     // island velocity index of the joint
  double bound = 0;       // c h [N m s] or [N s]
  Eigen::VectorXd direction;  // as LimitRow's
};

// The spin row of a contact with torsional friction, scaled by mu_t: mu_t s^T v^{l+1}
// with impulse p_s in [-c_n, c_n], the moment tau_n = mu_t p_s.
struct TorsionRow {
  int contact = -1;        // the island contact it belongs to
  double coefficient = 0;  // mu_t [m]
  MemberRow sides[2];      // body A's side (wrench (0, -mu_t n)), body B's (0, mu_t n)
};

struct IslandRows {
  int contact_count = 0;   // k
  // The island's contacts left out of k because no impulse can move them along their
  // normals (immobile_normal below): their impulse is zero.
  int immobile_count = 0;
  int limit_count = 0;     // L
  int joint_friction_count = 0;  // F
  int friction_edges = 0;  // u
  std::vector<int> contacts;                  // indices into the step's detected contacts
  std::vector<double> target_velocity;        // per contact: n^T v^{l+1} >= target (eq. 19)
  std::vector<double> friction_coefficient;   // per contact: mu (eq. 13)
  std::vector<double> restitution;            // per contact: e (restitution.h)
  // Per contact: columns n, t1, t2 in world; an anisotropic contact's tangents are scaled
  // by friction_scale (contact/anisotropic_friction.h), so rates and impulses along them
  // are the scaled cone's.
  std::vector<Mat3> frame;
  std::vector<Eigen::Vector2d> friction_scale;  // per contact: mu_1 / mu, mu_2 / mu; (1, 1) isotropic
  std::vector<double> edge_cos;               // per edge j: cos(2 pi j / u)
  std::vector<double> edge_sin;               // per edge j: sin(2 pi j / u)
  // Whether the k x k blocks below are built (ContactGram::Dense) or left empty
  // (ContactGram::SelfBlocksOnly: a large island's sparse problem needs only W_cc).
  bool dense_gram = true;
  std::vector<Mat3> contact_gram;             // k x k blocks W_ce, row-major (dense_gram)
  std::vector<char> contacts_coupled;         // k x k: the two contacts share a member (dense_gram)
  std::vector<Mat3> contact_self_gram;        // per contact: W_cc, always
  std::vector<MemberJacobian> frame_jacobians;  // per contact: body A's side, then B's
  // Sides past the last island's 2 k, kept with their buffers: islands of every size take
  // turns in one IslandRows each step, so a shrink then a growth would free and allocate
  // every side's rows and mobility again.
  std::vector<MemberJacobian> spare_frame_jacobians;
  std::vector<LimitRow> limits;               // per joint row (L limits, then F friction rows)
  std::vector<Vec3> limit_contact;            // (L + F) x k: l~_l^T M^-1 J_e^T in e's frame
  std::vector<Eigen::VectorXd> limit_mobility;  // per joint row: M_c^-1 l~_l on its member
  std::vector<JointFrictionRow> joint_friction;  // per joint friction row
  int torsion_count = 0;                      // T: contacts with mu_t > 0
  std::vector<double> torsional_friction;     // per contact: mu_t [m], 0 for a point contact
  std::vector<int> contact_torsion;           // per contact: its torsion row, or -1
  std::vector<TorsionRow> torsion;            // per torsion row
  // With s_t the scaled row mu_t s of torsion row t:
  std::vector<Vec3> torsion_contact;          // T x k: s_t^T M^-1 J_e^T in e's frame
  std::vector<double> torsion_torsion;        // T x T: s_t^T M^-1 s_r
  std::vector<double> joint_torsion;          // (L + F) x T: l~_l^T M^-1 s_t

  // Every per-contact array that assemble_contact_rows fills before it leaves out the
  // contacts no impulse can move, with its entries per contact (a frame Jacobian per
  // side): `visit(array, per_contact)` on each. The one list both the sizing and the
  // compaction go through, so an array added here is sized and compacted alike.
  // (contact_torsion and the k x k blocks are built afterwards, from the kept contacts.)
  template <typename Visit>
  void for_each_contact_array(Visit&& visit) {
    visit(contacts, 1);
    visit(target_velocity, 1);
    visit(friction_coefficient, 1);
    visit(restitution, 1);
    visit(torsional_friction, 1);
    visit(frame, 1);
    visit(friction_scale, 1);
    visit(contact_self_gram, 1);
    visit(frame_jacobians, 2);
  }

  // The relative velocity at contact c in its frame (n, t1, t2): J_c v.
  Vec3 frame_velocity(int c, const Eigen::VectorXd& velocity) const;
  // velocity += M^-1 J_c^T impulse, for an impulse in contact c's frame.
  void apply_frame_impulse(int c, const Vec3& impulse, Eigen::VectorXd& velocity) const;
  // Joint row l (a limit, l < L, or friction row l - L): the joint's rate along the
  // row, sign * qdot_j.
  double limit_velocity(int l, const Eigen::VectorXd& velocity) const {
    const LimitRow& limit = limits[l];
    if (limit.direction.size() == 0) return limit.sign * velocity[limit.coordinate];
    double rate = 0;
    for (Eigen::Index j = 0; j < limit.direction.size(); ++j) rate += limit.direction[j] * velocity[limit.offset + j];
    return limit.sign * rate;
  }
  // velocity += M^-1 l~_l impulse.
  void apply_limit_impulse(int l, double impulse, Eigen::VectorXd& velocity) const;
  // l~_l^T M^-1 l~_m: joint row m's rate after a unit impulse on joint row l (zero
  // across articulations).
  double limit_limit(int l, int m) const {
    if (limits[l].member != limits[m].member) return 0;
    const Eigen::VectorXd& direction = limits[m].direction;
    if (direction.size() == 0) return limits[m].sign * limit_mobility[l][limits[m].coordinate - limits[m].offset];
    double rate = 0;
    for (Eigen::Index j = 0; j < direction.size(); ++j) rate += direction[j] * limit_mobility[l][j];
    return limits[m].sign * rate;
  }

  // Torsion row t: mu_t times the relative spin about its contact's normal, s_t^T v [m/s].
  double torsion_velocity(int t, const Eigen::VectorXd& velocity) const;
  // velocity += M^-1 s_t impulse, for the moment mu_t impulse about the normal.
  void apply_torsion_impulse(int t, double impulse, Eigen::VectorXd& velocity) const;
  // s_t^T M^-1 s_r and s_t^T M^-1 J_e^T (zero where the contacts share no member).
  double torsion_torsion_entry(int t, int r) const { return torsion_torsion[t * torsion_count + r]; }
  const Vec3& torsion_contact_entry(int t, int e) const {
    return torsion_contact[t * contact_count + e];
  }
  // l~_l^T M^-1 s_t for joint row l.
  double joint_torsion_entry(int l, int t) const { return joint_torsion[l * torsion_count + t]; }

  // Column i of H (a normal, a limit or a friction direction): H_i^T v.
  double column_velocity(int i, const Eigen::VectorXd& velocity) const;
  // velocity += M^-1 H_i impulse.
  void apply_column_impulse(int i, double impulse, Eigen::VectorXd& velocity) const;

  const Mat3& block(int c, int e) const { return contact_gram[c * contact_count + e]; }
  // W_cc, the same numbers as block(c, c), with or without the dense blocks.
  const Mat3& self_block(int c) const { return contact_self_gram[c]; }
  // The normal-normal entry n_c^T M^-1 n_e of H^T M^-1 H.
  double normal_normal(int c, int e) const { return block(c, e)(0, 0); }

  // No infinity or NaN in the Gram entries, targets, friction coefficients,
  // restitution or torsional friction: the LCP built from them is then finite wherever
  // v_free is.
  bool is_finite() const;

  int joint_row_count() const { return limit_count + joint_friction_count; }  // L + F
  // Joint friction row f's index among the joint rows.
  int friction_row(int f) const { return limit_count + f; }
  // Whether the island has any row to solve: a contact, a limit or a joint friction row.
  bool has_rows() const { return contact_count + joint_row_count() > 0; }

  int normal_count() const { return contact_count + limit_count; }  // c_n and c_l
  int limit_column(int l) const { return contact_count + l; }
  int column_count() const { return normal_count() + contact_count * friction_edges; }
  int friction_column(int contact, int edge) const {
    return normal_count() + contact * friction_edges + edge;
  }
};

// The velocity the normal row asks for, seed 002 eq. (19) with Delta p = phi - threshold/2:
// a penetrating contact (Delta p < 0) is pushed apart at gamma (-Delta p)/h; a contact
// still open (Delta p >= 0) may close by at most Delta p in this step (seed 004,
// phi(q') ~ phi(q) + h n v' >= 0), so bodies meet at the threshold instead of passing it.
// The push apart is capped at options.max_recovery_speed, so that a deep overlap does
// not eject a body at a speed growing as depth / h.
double contact_target_velocity(double distance, const Options& options);

// The same for a joint limit (eq. 9 with eq. 19's correction), with Delta = the
// distance to the limit, sign (q - limit): past it, pushed back at gamma (-Delta)/h;
// short of it, may reach it in this step.
double limit_target_velocity(double distance, const Options& options);

// Whether a contact's normal is one no impulse can move: n^T W_cc n <= 1e-12 times the
// island's scale, the largest diagonal entry of any of its contacts' W_ee (0 when no
// contact of the island can move at all). Such a row, w_n = q_n + 0 z_n, has no answer
// when q_n < 0 and only a ray in every formulation's problem (a wheel welded to the
// world, free only to spin on its axle, resting in the ground; two bodies both
// immovable along n); its least-violating impulse is zero, so it is left out.
bool immobile_normal(double normal_mobility, double island_scale);

// Which of the Gram matrix's frame blocks an island's rows carry: all k x k (the dense
// problems of every formulation), or only each contact's own W_cc, for a problem posed
// over the frame Jacobians alone (formulation/soft_newton.h), whose memory then grows
// with the contacts, not their square.
enum class ContactGram { Dense, SelfBlocksOnly };

// (contacts of the island, body poses, island velocity v^l) => contact columns,
// targets, mu, e, mu_t, frame blocks and torsion rows. The island's members must be in
// `island`. Contacts whose normals no impulse can move (immobile_normal) are left out:
// rows.contacts lists the kept ones and rows.immobile_count counts the others. The
// targets are eq. (19)'s; Newton's impact law is folded into them afterwards by the
// formulations that pose it there (restitution.h).
void assemble_contact_rows(const Model& model, const Options& options,
                           const std::vector<DetectedContact>& contacts,
                           const std::vector<int>& island_contacts,
                           const std::vector<Vec3>& position, const IslandDynamics& island,
                           const FrictionEdgeTable& edges, IslandRows& rows,
                           ContactGram gram = ContactGram::Dense);

// (frame Jacobians, W_cc) => every k x k block W_ce and which contacts share a member:
// the dense Gram blocks of ContactGram::Dense, for rows assembled with SelfBlocksOnly
// whose problem is wanted densely after all (a kept island problem,
// formulation/posed_problem_copy.h). The same numbers assemble_contact_rows writes.
void fill_dense_contact_gram(IslandRows& rows);

// The Gram block W_ce of contacts c and e from the frame Jacobians (zero when they share
// no member): the numbers fill_dense_contact_gram stores at block(c, e), bit for bit,
// for a problem posed sparsely over the pairs of contacts that share a member.
Mat3 contact_gram_block(const IslandRows& rows, int c, int e);

// Appends a joint-limit row (after assemble_contact_rows, before any joint friction
// row) and its Gram entries.
void add_limit_row(const IslandDynamics& island, const LimitRow& limit, IslandRows& rows);

// Appends a joint friction row (after the limits) and its Gram entries: those of a
// joint row of sign +1 and target 0 on the same coordinate.
void add_joint_friction_row(const IslandDynamics& island, const JointFrictionRow& friction,
                            IslandRows& rows);

}  // namespace contactlab
