// What a formulation returns for one island (formulation.h): the impulses, each
// contact's slip speed and mode, and the report of the solve.
#pragma once

#include <vector>

#include <Eigen/Core>

#include "contact/contact_rows.h"
#include "formulation/island_impulses.h"
#include "formulation/solver_report.h"

namespace contactlab {

enum class ContactMode { Sticking = 0, Sliding = 1, Separating = 2 };
const char* contact_mode_name(ContactMode mode);

// A loaded contact whose slip speed is below this sticks [m/s]; with torsional friction,
// also the slip speed its spin makes at the distance mu_t, mu_t |s^T v| (contact_rows.h).
constexpr double kSlipTolerance = 1e-6;

struct IslandSolution {
  IslandImpulses impulses;         // per contact (c_n, c_t1, c_t2) [N s], per limit c_l
  std::vector<double> slip_speed;  // per contact [m/s]
  std::vector<ContactMode> mode;   // per contact
  IslandSolveReport report;
};

// (impulses, v^{l+1}) => slip speeds and modes, for the formulations without the
// LCP's slack variables: a contact without normal impulse is separating; one that
// carries load slides when its tangential speed |J_t v^{l+1}| exceeds kSlipTolerance
// or, with torsional friction, its spin's mu_t |s^T v^{l+1}| does, and sticks otherwise.
void classify_by_velocity(const IslandRows& rows, const Eigen::VectorXd& velocity,
                          IslandSolution& solution);

}  // namespace contactlab
