// Seed 004's impulsive reset maps ("Rigid Contact with Event Detection", "Impulsive
// Collisions"): the velocity just after the contacts in `rows` close, from the one just
// before, with the impulse P = int lambda dt over the instant of the impact.
//
// Frictionless, J = n (the seed's eq. for q_dot+):
//   q_dot+ = [I - (1+e) M^-1 n^T (n M^-1 n^T)^# n] q_dot-
// where every impulse pushes; posed as the LCP below, so that a contact whose impulse
// would pull separates instead.
// Infinite friction (impulses of either sign, as the seed's map), J = [n; t1; t2] per contact:
//   q_dot+ = [I - M^-1 J^T (J M^-1 J^T)^# diag(1+e, 1, 1) J] q_dot-,
// i.e. J q_dot+ = diag(-e, 0, 0) J q_dot- wherever J has full row rank. The seed prints
// diag(1+e, 1, 1) left of the pseudoinverse; the two agree when J M^-1 J^T is diagonal
// (its spinning ball) or e = 0, and only the order here gives J q_dot+ = diag(-e, 0, 0)
// J q_dot- in general (two contacts, or coupled normal and tangent rows).
// Coulomb friction, |P_t| <= mu P_n (the default), and frictionless contacts whose
// impulses only push: the impact as an LCP (impact_lcp.h), P_n >= 0 complementary to
// n q_dot+ + e n q_dot- >= 0 at every contact and limit, friction in the cone with
// maximal dissipation; a contact whose impulse would pull separates. With one contact
// and no pull it is the map above with mu -> 0 (frictionless) or mu large (infinite).
#pragma once

#include <string>
#include <vector>

#include <Eigen/Core>

namespace contactlab {

// Which of the seed's maps (Options::hybrid_impact_friction).
enum class ImpactFriction { Coulomb = 0, Frictionless = 1, Infinite = 2 };

// One closing (or touching) contact: its rows in generalised velocity, and e, mu.
struct ImpactContactRows {
  Eigen::RowVectorXd normal;    // n
  Eigen::RowVectorXd tangent1;  // t1
  Eigen::RowVectorXd tangent2;  // t2
  double restitution = 0;       // e, 0 .. 1
  double friction = 0;          // mu (Coulomb only)
  // A frictionless row under every law (a joint limit): only its normal impulse; its
  // tangent rows are zero.
  bool frictionless = false;
  // A bilateral row (a coupling, a loop closure): n q_dot+ = 0 with an impulse of
  // either sign, under every law.
  bool bilateral = false;
};

// How far an impact LCP's answer is from its conditions (impact_lcp.h), over all its
// unknowns z (impulses, friction rays, cone slacks) and their complements w (speeds
// n q_dot+ + e n q_dot-, ray speeds, cone margins).
struct ImpactCertificate {
  double min_impulse = 0;      // most negative z_i
  double min_speed = 0;        // most negative w_i
  double complementarity = 0;  // max |z_i w_i|
  bool valid = false;          // within Lemke's certificate tolerance (lcp/lemke.h)
};

struct ImpactResult {
  bool solved = true;                    // false: `failure` says why, velocity unchanged
  std::string failure;
  Eigen::VectorXd velocity;              // q_dot+
  std::vector<Eigen::Vector3d> impulse;  // per row (P_n, P_t1, P_t2) [N s]
  int sliding_contacts = 0;              // Coulomb: contacts slipping after the impact
  // Coulomb and frictionless (the LCP): its certificate, whether it was solved again
  // with e = 0 since Newton's law would have gained energy, the turned pyramid's
  // solves, and T+ - T- [J].
  ImpactCertificate certificate;
  bool plastic = false;
  int cone_turns = 0;
  double energy_change = 0;
};

// (M^-1, rows, q_dot-) => q_dot+ and the impulses, by the map `law` names.
ImpactResult impact_reset(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                          ImpactFriction law, const Eigen::VectorXd& velocity_before);

}  // namespace contactlab
