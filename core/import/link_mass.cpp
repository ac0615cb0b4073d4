#include "import/link_mass.h"

#include <cmath>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>

#include "base/number_text.h"
#include "import/import_failure.h"

namespace contactlab {
namespace {

constexpr double kInertiaTolerance = 1e-6;     // the scene loader's triangle tolerance, relative
constexpr double kMinMomentRatio = 1e-9;       // the scene's smallest principal moment, relative to the largest
constexpr double kBalanceableExcess = 0.1;     // a triangle break raised to meet it, relative to the largest moment

// The inertia (in the draft link's frame, about the centre of mass) that a URDF link
// with mass gets: its own when a rigid body can have it. A point mass or a singular
// tensor (smallest principal moment below kMinMomentRatio of the largest: a missing
// <inertia>, all zeros) takes the inertia of its collision geometry scaled to its
// mass; principal moments that break the triangle inequality by at most
// kBalanceableExcess of the largest (CAD rounding) are raised to meet it, half the
// excess each, as MuJoCo's balanceinertia does. Negative moments and larger breaks
// are refused.
Mat3 usable_inertia(const UrdfLink& link, const Mat3& inertia, double mass, const std::vector<MassPart>& volume,
                    ImportReport& report) {
  const std::string owner = "link " + contactlab::quoted(link.name) + " <inertial> (line " + std::to_string(link.inertial.line) + ")";
  const Eigen::SelfAdjointEigenSolver<Mat3> solver(inertia);
  Vec3 moments = solver.eigenvalues();  // ascending
  const std::string listed = report_number(moments[0]) + ", " + report_number(moments[1]) + ", " +
                             report_number(moments[2]) + " kg m^2";
  if (moments[0] < -kInertiaTolerance * std::fabs(moments[2])) {
    fail_import(owner + ": principal moments " + listed + " include a negative one; no rigid body has them");
  }
  if (!(moments[0] > kMinMomentRatio * moments[2])) {
    const MassPart unit = combine_mass_parts(volume);
    if (!(unit.mass > 0)) return inertia;  // no geometry to shape it: the link's check names it
    report.warn(owner + ": principal moments " + listed + " (a point mass or a singular inertia); its inertia "
                "from its collision geometry scaled to its mass " + report_number(mass) + " kg");
    return (mass / unit.mass) * unit.inertia;
  }
  const double excess = moments[2] - moments[0] - moments[1];
  if (!(excess > kInertiaTolerance * moments[2])) return inertia;
  if (excess > kBalanceableExcess * moments[2]) {
    fail_import(owner + ": principal moments " + listed + " break the triangle inequality (each must be at most the "
                "sum of the other two) by more than " + report_number(100 * kBalanceableExcess) +
                " % of the largest; no rigid body has them");
  }
  moments[0] += excess / 2;
  moments[1] += excess / 2;
  report.warn(owner + ": principal moments " + listed + " break the triangle inequality; raised to " +
              report_number(moments[0]) + ", " + report_number(moments[1]) + ", " + report_number(moments[2]) +
              " kg m^2");
  return solver.eigenvectors() * moments.asDiagonal() * solver.eigenvectors().transpose();
}

}  // namespace

void assign_link_mass(const UrdfRobot& robot, double density, DraftLink& draft, ImportReport& report) {
  std::vector<MassPart> parts;
  std::vector<size_t> massless;  // carried links whose <inertial> says mass 0 but that have collision geometry
  for (size_t c = 0; c < draft.carried.size(); ++c) {
    const Carried& carried = draft.carried[c];
    const UrdfLink& link = robot.links[carried.urdf_link];
    const std::string owner = "link " + contactlab::quoted(link.name);
    if (link.inertial.present) {
      const UrdfInertial& inertial = link.inertial;
      if (inertial.mass > 0) {
        const Pose frame = carried.pose.compose(inertial.origin);
        const Mat3 inertia = frame.rotation * inertial.inertia * frame.rotation.transpose();
        parts.push_back(
            {inertial.mass, frame.position, usable_inertia(link, inertia, inertial.mass, draft.volumes[c], report)});
      } else if (!link.collisions.empty()) {
        massless.push_back(c);
      }
    } else if (!link.collisions.empty()) {
      const MassPart unit = combine_mass_parts(draft.volumes[c]);
      if (!(unit.mass > 0)) fail_import(owner + ": no <inertial>, and its collision geometry has no volume");
      const double mass = density * unit.mass;
      parts.push_back({mass, unit.com, density * unit.inertia});
      report.warn(owner + ": no <inertial>; mass " + report_number(mass) + " kg and its inertia from the collision "
                          "geometry at " + report_number(density) + " kg/m^3");
    }
  }
  // Mass 0 (PyBullet's static base, a placeholder): kept at 0 when the rest of the
  // scene link has mass, else taken from the collision geometry like a missing <inertial>.
  const bool estimate_massless = !(combine_mass_parts(parts).mass > 0);
  for (const size_t c : massless) {
    const std::string owner = "link " + contactlab::quoted(robot.links[draft.carried[c].urdf_link].name);
    const MassPart unit = combine_mass_parts(draft.volumes[c]);
    if (!estimate_massless || !(unit.mass > 0)) {
      report.warn(owner + ": mass 0 with collision geometry; its geometry is kept, it adds no mass");
      continue;
    }
    const double mass = density * unit.mass;
    parts.push_back({mass, unit.com, density * unit.inertia});
    report.warn(owner + ": mass 0 on a link that carries nothing else; mass " + report_number(mass) +
                " kg and its inertia from the collision geometry at " + report_number(density) + " kg/m^3");
  }
  draft.mass = combine_mass_parts(parts);
  std::vector<MassPart> volumes;
  for (const std::vector<MassPart>& carried : draft.volumes) volumes.insert(volumes.end(), carried.begin(), carried.end());
  const MassPart geometry = combine_mass_parts(volumes);
  draft.centroid = geometry.mass > 0 ? geometry.com : draft.mass.com;
  if (!(draft.mass.mass > 0)) {
    fail_import("link " + contactlab::quoted(draft.name) +
                ": carries no mass (no <inertial> with mass > 0 and no collision geometry)" +
                (draft.joint != nullptr ? " but joint " + contactlab::quoted(draft.joint->name) + " moves it"
                                        : std::string(" but it is the robot's base")));
  }
  if (draft.geoms.empty()) {
    fail_import("link " + contactlab::quoted(draft.name) + ": no collision geometry; every simulated link needs at least one");
  }
  const Vec3 moments = Eigen::SelfAdjointEigenSolver<Mat3>(draft.mass.inertia).eigenvalues();
  if (!(moments[0] > kMinMomentRatio * moments[2])) {
    fail_import("link " + contactlab::quoted(draft.name) + ": principal moments " + report_number(moments[0]) + ", " +
                report_number(moments[1]) + ", " + report_number(moments[2]) +
                " kg m^2 are singular (a point mass or a rod); give its <inertial> an <inertia> with three "
                "moments > 0");
  }
}

}  // namespace contactlab
