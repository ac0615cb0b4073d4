#include "formulation/solver_report.h"

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace contactlab {
namespace {

// Every status has its words, as the CSV's solver_status column and the page read
// them, and no two share them.
TEST(SolverReport, EveryStatusHasItsName) {
  const std::vector<std::pair<SolverStatus, std::string>> names = {
      {SolverStatus::NoContacts, "no contacts"},
      {SolverStatus::Solved, "solved"},
      {SolverStatus::RayTermination, "ray termination"},
      {SolverStatus::PivotLimit, "pivot limit"},
      {SolverStatus::Cycling, "cycling"},
      {SolverStatus::NumericalFailure, "numerical failure"},
      {SolverStatus::InvalidInput, "invalid input"},
      {SolverStatus::EventLimit, "event limit"},
      {SolverStatus::IntegratorLimit, "integrator limit"},
      {SolverStatus::Unsupported, "unsupported"},
      {SolverStatus::Infeasible, "infeasible"},
  };
  std::set<std::string> seen;
  for (const auto& [status, name] : names) {
    EXPECT_EQ(solver_status_name(status), name);
    seen.insert(solver_status_name(status));
  }
  EXPECT_EQ(seen.size(), names.size());
}

// A Lemke outcome becomes the status of the same words.
TEST(SolverReport, LemkeOutcomesKeepTheirWords) {
  for (LcpStatus status : {LcpStatus::Solved, LcpStatus::RayTermination, LcpStatus::PivotLimit, LcpStatus::Cycling,
                           LcpStatus::NumericalFailure, LcpStatus::InvalidInput}) {
    EXPECT_STREQ(solver_status_name(solver_status_of(status)), lcp_status_name(status));
  }
}

// The words of a fallback come from its data: the reason, the solvers' outcomes and
// pivots, and the failed solver's own account.
TEST(SolverReport, FallbackWordsAreMadeFromItsData) {
  SolverFallback lcp{FallbackReason::LcpWithoutFriction};
  lcp.lemke = LcpStatus::RayTermination;
  lcp.pivots = 12;
  lcp.detail = "ray termination after 12 pivots";
  EXPECT_EQ(fallback_message(lcp),
            "ray termination: ray termination after 12 pivots (this step's island solved "
            "without friction)");

  SolverFallback edge{FallbackReason::EdgeHeldStill};
  edge.lemke = LcpStatus::PivotLimit;
  edge.pivots = 100;
  edge.interior_point = ConicStatus::PrimalInfeasible;
  edge.detail = "a certificate";
  EXPECT_EQ(fallback_message(edge),
            "Lemke: pivot limit (100 pivots); the interior-point method: " +
                std::string(conic_status_name(ConicStatus::PrimalInfeasible)) +
                " (a certificate) (island held still this step)");

  SolverFallback articulation{FallbackReason::ArticulationHeldStill};
  articulation.detail = "articulation \"arm\": its mass matrix is not positive definite";
  EXPECT_EQ(fallback_message({articulation, SolverFallback{FallbackReason::LcpRowsNotFinite}}),
            "articulation \"arm\": its mass matrix is not positive definite (held still this "
            "step); the contact rows hold a non-finite number (island held still this step)");
  EXPECT_EQ(fallback_message(std::vector<SolverFallback>{}), "");
}

// Every reason has words of its own.
TEST(SolverReport, EveryReasonHasItsOwnWords) {
  const int first = static_cast<int>(FallbackReason::ArticulationHeldStill);
  const int last = static_cast<int>(FallbackReason::CompliantVelocityNotFinite);
  std::set<std::string> messages;
  for (int reason = first; reason <= last; ++reason) {
    SolverFallback fallback{static_cast<FallbackReason>(reason)};
    fallback.detail = "the solver's account";
    const std::string message = fallback_message(fallback);
    EXPECT_FALSE(message.empty()) << reason;
    messages.insert(message);
  }
  EXPECT_EQ(static_cast<int>(messages.size()), last - first + 1);
}

// The CSV's solver_status column names each fallback in a few words: every reason has
// words of its own kind, and none holds the CSV's separator.
TEST(SolverReport, EveryFallbackHasAShortNameWithoutCommas) {
  const int first = static_cast<int>(FallbackReason::ArticulationHeldStill);
  const int last = static_cast<int>(FallbackReason::IslandTooLarge);
  for (int reason = first; reason <= last; ++reason) {
    const std::string name = fallback_name(static_cast<FallbackReason>(reason));
    EXPECT_FALSE(name.empty()) << reason;
    EXPECT_NE(name, "unknown") << reason;
    EXPECT_EQ(name.find(','), std::string::npos) << name;
  }
  EXPECT_STREQ(fallback_name(FallbackReason::LcpWithoutFriction), "without friction");
  EXPECT_STREQ(fallback_name(FallbackReason::LcpRegularised), "regularised");
}

// An island past the size cap says how large it was and what the cap is.
TEST(SolverReport, AnIslandTooLargeNamesItsSizeAndTheCap) {
  SolverFallback too_large{FallbackReason::IslandTooLarge};
  too_large.problem_size = 14260;
  EXPECT_EQ(fallback_message(too_large),
            "the island's problem has 14260 unknowns, more than the cap of 1000 (island held "
            "still this step)");
  EXPECT_STREQ(solver_status_name(SolverStatus::TooLarge), "too large");
}

// A report's status is the last failure's kind; a fallback that still solved leaves it.
TEST(SolverReport, FallBackKeepsOrderAndStatus) {
  IslandSolveReport report;
  report.fall_back(SolverStatus::Solved, SolverFallback{FallbackReason::EdgeLemkeRegularised});
  EXPECT_EQ(report.status, SolverStatus::Solved);
  report.fall_back(SolverStatus::RayTermination, SolverFallback{FallbackReason::EdgeHeldStill});
  EXPECT_EQ(report.status, SolverStatus::RayTermination);
  ASSERT_EQ(report.fallbacks.size(), 2u);
  EXPECT_EQ(report.fallbacks[0].reason, FallbackReason::EdgeLemkeRegularised);
  report.problem_size = 7;
  report.reset();
  EXPECT_EQ(report.status, SolverStatus::Solved);
  EXPECT_TRUE(report.fallbacks.empty());
  EXPECT_EQ(report.problem_size, 0);
}

}  // namespace
}  // namespace contactlab
