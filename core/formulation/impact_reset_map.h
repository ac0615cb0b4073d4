// Seed 004's impulsive reset maps ("Rigid Contact with Event Detection", "Impulsive
// Collisions"): the velocity just after the contacts in `rows` close, from the one just
// before, with the impulse P = int lambda dt over the instant of the impact.
//
// Frictionless, J = n (the seed's eq. for q_dot+):
//   q_dot+ = [I - (1+e) M^-1 n^T (n M^-1 n^T)^# n] q_dot-
// Infinite friction, J = [n; t1; t2] per contact:
//   q_dot+ = [I - M^-1 J^T (J M^-1 J^T)^# diag(1+e, 1, 1) J] q_dot-,
// i.e. J q_dot+ = diag(-e, 0, 0) J q_dot- wherever J has full row rank. The seed prints
// diag(1+e, 1, 1) left of the pseudoinverse; the two agree when J M^-1 J^T is diagonal
// (its spinning ball) or e = 0, and only the order here gives J q_dot+ = diag(-e, 0, 0)
// J q_dot- in general (two contacts, or coupled normal and tangent rows).
// Coulomb friction, |P_t| <= mu P_n: the infinite-friction impulse where it lies in
// each contact's cone; a contact whose tangential impulse leaves the cone slides
// through the impact instead, P_t = mu P_n d with d the direction of its sticking
// impulse, and the other unknowns are solved again with Newton's normal law
// n q_dot+ = -e n q_dot- (repeated while another contact leaves its cone). For one
// contact whose J M^-1 J^T has no normal-tangent coupling and equal tangent entries
// (a sphere, a box's single corner on the ground) it is the impulse of least kinetic
// energy after the impact in the cone, so it never gains energy: <= the
// frictionless map's, which loses (1 - e^2) (n q_dot-)^2 / (2 n M^-1 n^T).
#pragma once

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
};

struct ImpactResult {
  Eigen::VectorXd velocity;          // q_dot+
  std::vector<Eigen::Vector3d> impulse;  // per contact (P_n, P_t1, P_t2) [N s]
  int sliding_contacts = 0;          // Coulomb: contacts that slid through the impact
};

// (M^-1, rows, q_dot-) => q_dot+ and the impulses, by the map `law` names.
ImpactResult impact_reset(const Eigen::MatrixXd& inverse_mass, const std::vector<ImpactContactRows>& rows,
                          ImpactFriction law, const Eigen::VectorXd& velocity_before);

}  // namespace contactlab
