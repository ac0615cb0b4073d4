#include "lcp_command.h"

#include <cstdio>

#include "lcp/lcp_file.h"
#include "lcp/lemke.h"

namespace contactlab {

namespace {

std::string print_number(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), pattern, value);
  return buffer;
}

}  // namespace

int run_lcp_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1 || args[0].empty() || args[0][0] == '-') {
    err << "usage: contactlab lcp FILE (one LCP in the Siconos dense format)\n";
    return 2;
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
