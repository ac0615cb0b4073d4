// contactlab: run a scene or a link headless, make a link, validate a scene, grade an
// exercise's answer, make an exercise's link, or solve one LCP.
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "commands.h"
#include "lcp_command.h"

namespace {

const char kUsage[] =
    "usage: contactlab run SCENE [--duration T | --steps N] [--set KEY=VALUE]... [--csv PATH] [--contacts PATH]\n"
    "                      [--events PATH] [--lcp-dump DIR]\n"
    "       contactlab run --link LINK [--duration T | --steps N] [--csv PATH] [--contacts PATH]\n"
    "                      [--events PATH] [--lcp-dump DIR]\n"
    "       contactlab link SCENE [--set KEY=VALUE]... [--time T]\n"
    "       contactlab check SCENE\n"
    "       contactlab grade EXERCISE ANSWER [-o RESULTS] [--format prairielearn|gradescope]\n"
    "       contactlab grade EXERCISE --batch DIR -o OUT_DIR [--jobs N] [--format prairielearn|gradescope]\n"
    "       contactlab grade --self-test EXERCISE\n"
    "       contactlab exercise-link EXERCISE [--lab URL]\n"
    "       contactlab import ROBOT.urdf [--package-root DIR]... [--fingers JOINT[,JOINT...]]\n"
    "                         [--base x,y,z[,roll,pitch,yaw]] [--lift LOWER,UPPER] [--object SCENE.json]\n"
    "                         -o SCENE.json\n"
    "       contactlab lcp FILE\n"
    "SCENE: a scene file (for link, also a built-in scene's name); LINK: #v1.... or a URL ending in one\n"
    "KEY: time_step (h), friction_coefficient (mu), restitution, torsional_friction,\n"
    "     error_reduction (gamma), friction_edges (u), contact_margin, contact_threshold,\n"
    "     kinetic_threshold_speed, max_recovery_speed, gravity_x, gravity_y, gravity_z\n";

int dispatch(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? std::cerr : std::cout) << kUsage;
    return args.empty() ? 2 : 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "run") return contactlab::run_run_command(rest, std::cout, std::cerr);
  if (args[0] == "link") return contactlab::run_link_command(rest, std::cout, std::cerr);
  if (args[0] == "exercise-link") return contactlab::run_exercise_link_command(rest, std::cout, std::cerr);
  if (args[0] == "check") return contactlab::run_check_command(rest, std::cout, std::cerr);
  if (args[0] == "grade") return contactlab::run_grade_command(rest, std::cout, std::cerr);
  if (args[0] == "import") return contactlab::run_import_command(rest, std::cout, std::cerr);
  if (args[0] == "lcp") return contactlab::run_lcp_command(rest, std::cout, std::cerr);
  std::cerr << "contactlab: " << args[0] << ": unknown command (allowed: run, link, check, grade, exercise-link, import, lcp)\n" << kUsage;
  return 2;
}

}  // namespace

// Memory that runs out (std::bad_alloc) ends the command with one line and exit code 4
// instead of an abort.
int main(int argc, char** argv) {
  try {
    return dispatch(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::bad_alloc&) {
    std::cerr << "contactlab: out of memory (std::bad_alloc)\n";
    return 4;
  }
}
