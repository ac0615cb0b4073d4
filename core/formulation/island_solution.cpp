#include "formulation/island_solution.h"

#include <cmath>

namespace contactlab {

const char* contact_mode_name(ContactMode mode) {
  switch (mode) {
    case ContactMode::Sticking: return "sticking";
    case ContactMode::Sliding: return "sliding";
    case ContactMode::Separating: return "separating";
  }
  return "separating";
}

void classify_by_velocity(const IslandRows& rows, const Eigen::VectorXd& velocity,
                          IslandSolution& solution) {
  solution.slip_speed.resize(rows.contact_count);
  solution.mode.resize(rows.contact_count);
  for (int c = 0; c < rows.contact_count; ++c) {
    const Vec3 frame_velocity = rows.frame_velocity(c, velocity);
    const double slip_speed = std::sqrt(frame_velocity.y() * frame_velocity.y() +
                                        frame_velocity.z() * frame_velocity.z());
    solution.slip_speed[c] = slip_speed;
    const int torsion = rows.torsion_count > 0 ? rows.contact_torsion[c] : -1;
    const bool spins =
        torsion >= 0 && std::abs(rows.torsion_velocity(torsion, velocity)) > kSlipTolerance;
    if (!(solution.impulses.contact[c].x() > 0)) solution.mode[c] = ContactMode::Separating;
    else if (slip_speed > kSlipTolerance || spins) solution.mode[c] = ContactMode::Sliding;
    else solution.mode[c] = ContactMode::Sticking;
  }
}

}  // namespace contactlab
