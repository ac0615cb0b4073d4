// libFuzzer target: an LCP file's text (lcp/lcp_file.h). Parsing either fails with a
// message or gives M and q; Lemke then answers within its pivot limit, and an answer
// it calls solved must pass the certificate it was accepted with.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "lcp/lcp_file.h"
#include "lcp/lemke.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  if (!contactlab::parse_lcp_text(text, M, q).ok()) return 0;
  contactlab::LemkeSolver solver;
  const contactlab::LemkeSettings settings;
  const contactlab::LcpSolution solution = solver.solve(M, q, settings);
  if (solution.z.size() != q.size() || solution.w.size() != q.size()) {
    std::fprintf(stderr, "fuzz: Lemke returned z and w of the wrong size\n");
    std::abort();
  }
  // A regularised answer (the only solved one with a message) is accepted on the
  // original M at the looser max(certificate_tolerance, 1e-6) (lcp/lemke.cpp, step 3);
  // holding it to certificate_tolerance refused answers Lemke returns by design, e.g.
  // one with w_2 = -9e-7 at a scale of 181.
  constexpr double kRegularisedAcceptanceTolerance = 1e-6;
  const double tolerance =
      solution.message.empty()
          ? settings.certificate_tolerance
          : std::max(settings.certificate_tolerance, kRegularisedAcceptanceTolerance);
  if (solution.status == contactlab::LcpStatus::Solved &&
      !contactlab::check_lcp_certificate(M, q, solution.z, tolerance).valid) {
    std::fprintf(stderr, "fuzz: Lemke's answer is called solved but fails its certificate\n");
    std::abort();
  }
  return 0;
}
