#include "lcp_command.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "conic/interior_point.h"
#include "formulation/problem_certificate.h"
#include "lcp/lcp_file.h"
#include "lcp/lemke.h"
#include "session/island_problem_text.h"

namespace contactlab {

namespace {

std::string print_number(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), pattern, value);
  return buffer;
}

// x in K as G x + s = h, s in K (island_problem.h): the orthant rows first, -x_i <= 0
// per unknown outside every cone and box and per cone of size 1, +-x_s - x_n <= 0 per
// torsion unknown, +-x_i <= b per box; then per Coulomb cone (mu x_n, x_t1, x_t2) in Q^3.
ConicProblem conic_problem_of(const IslandProblem& problem) {
  const Eigen::Index n = problem.offset.size();
  std::vector<char> free_sign(static_cast<std::size_t>(n), 0);  // in a cone of size > 1 or a box
  int second_order = 0, torsions = 0;
  for (const ProblemCone& cone : problem.cones) {
    if (cone.size == 1) continue;
    for (int i = 0; i < cone.size; ++i) free_sign[static_cast<std::size_t>(cone.first + i)] = 1;
    second_order += cone.size >= 3 ? 1 : 0;
    torsions += cone.size % 2 == 0 ? 1 : 0;
  }
  for (const ProblemBox& box : problem.boxes) free_sign[static_cast<std::size_t>(box.unknown)] = 1;
  int one_sided = 0;
  for (const char sign_free : free_sign) one_sided += sign_free ? 0 : 1;
  ConicProblem program;
  program.P = problem.matrix;
  program.c = problem.offset;
  program.orthant_size = one_sided + 2 * torsions + 2 * static_cast<int>(problem.boxes.size());
  program.G.setZero(program.orthant_size + 3 * second_order, n);
  program.h.setZero(program.G.rows());
  int row = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!free_sign[static_cast<std::size_t>(i)]) program.G(row++, i) = -1;
  }
  for (const ProblemCone& cone : problem.cones) {
    if (cone.size % 2 != 0) continue;
    const int spin = cone.first + cone.size - 1;
    for (const double sign : {1.0, -1.0}) {
      program.G(row, spin) = sign;
      program.G(row++, cone.first) = -1;
    }
  }
  for (const ProblemBox& box : problem.boxes) {
    for (const double sign : {1.0, -1.0}) {
      program.h[row] = box.bound;
      program.G(row++, box.unknown) = sign;
    }
  }
  for (const ProblemCone& cone : problem.cones) {
    if (cone.size < 3) continue;
    program.G(row++, cone.first) = -cone.friction_coefficient;
    program.G(row++, cone.first + 1) = -1;
    program.G(row++, cone.first + 2) = -1;
    program.cone_sizes.push_back(3);
  }
  return program;
}

int run_cone_program(const std::string& text, std::ostream& out, std::ostream& err) {
  IslandProblem problem;
  const Status read = read_cone_program_json(text, problem);
  if (!read.ok()) {
    err << "contactlab lcp: " << read.message() << "\n";
    return 2;
  }
  const Eigen::VectorXd from_file = problem.z;
  const ConicSolution solution = solve_conic(conic_problem_of(problem));
  problem.z = solution.x;
  problem.w = problem.matrix * solution.x + problem.offset;
  problem.relative_tolerance = kProblemCertificateTolerance;
  problem.infeasibility_ray.resize(0);
  const ProblemCertificate certificate = certify_island_problem(problem);
  out << "status: " << conic_status_name(solution.status) << "\n";
  out << "iterations: " << solution.iterations << "\n";
  out << "size: " << problem.offset.size() << "\n";
  out << "primal: " << print_number("%.6g", certificate.primal) << "\n";
  out << "dual: " << print_number("%.6g", certificate.dual) << "\n";
  out << "complementarity: " << print_number("%.6g", certificate.complementarity) << "\n";
  out << "equation: " << print_number("%.6g", certificate.equation) << "\n";
  out << "certificate: " << certificate.verdict << " (tolerance " << print_number("%.3g", certificate.tolerance)
      << ")\n";
  out << "x:";
  for (Eigen::Index i = 0; i < solution.x.size(); ++i) out << " " << print_number("%.17g", solution.x[i]);
  out << "\n";
  if (from_file.size() == solution.x.size()) {
    out << "max |x - x_file|: " << print_number("%.6g", (solution.x - from_file).cwiseAbs().maxCoeff()) << "\n";
  }
  if (!solution.message.empty()) out << "message: " << solution.message << "\n";
  return solution.status == ConicStatus::Solved && certificate.holds ? 0 : 1;
}

}  // namespace

int run_lcp_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1 || args[0].empty() || args[0][0] == '-') {
    err << "usage: contactlab lcp FILE (one LCP in the Siconos dense format, or a cone program's JSON)\n";
    return 2;
  }
  {
    std::ifstream file(args[0]);
    std::stringstream text;
    text << file.rdbuf();
    const std::string content = text.str();
    const std::size_t start = content.find_first_not_of(" \t\r\n");
    if (file && start != std::string::npos && content[start] == '{') return run_cone_program(content, out, err);
  }
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  const Status read = read_lcp_file(args[0], M, q);
  if (!read.ok()) {
    err << "contactlab lcp: " << read.message() << "\n";
    return 2;
  }

  LemkeSolver solver;
  const LemkeSettings settings;
  const LcpSolution solution = solver.solve(M, q, settings);
  const LcpCertificate certificate =
      check_lcp_certificate(M, q, solution.z, settings.certificate_tolerance);

  out << "status: " << lcp_status_name(solution.status) << "\n";
  out << "pivots: " << solution.pivots << "\n";
  out << "size: " << q.size() << "\n";
  out << "min z: " << print_number("%.6g", certificate.min_z) << "\n";
  out << "min w: " << print_number("%.6g", certificate.min_w) << "\n";
  out << "|z'w|: " << print_number("%.6g", certificate.complementarity) << "\n";
  out << "z:";
  for (Eigen::Index i = 0; i < solution.z.size(); ++i) {
    out << " " << print_number("%.17g", solution.z[i]);
  }
  out << "\n";
  if (!solution.message.empty()) out << "message: " << solution.message << "\n";
  return solution.status == LcpStatus::Solved ? 0 : 1;
}

}  // namespace contactlab
