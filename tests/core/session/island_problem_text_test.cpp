// An island's problem as text (session/island_problem_text.h) where it is no problem to
// solve: an island too large to keep is one line stating its size, with the verdict
// "too large to keep" (problem_certificate.h), and a cone program's JSON is read back
// with every number it wrote, or refused naming the field.
#include <gtest/gtest.h>

#include "formulation/problem_certificate.h"
#include "session/island_problem_text.h"
#include "session/simulation.h"
#include "text_file.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace island_problem_text_test {

TEST(IslandProblemText, AnIslandTooLargeToKeepStatesItsSizeAndNothingElse) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  IslandProblem problem;
  problem.formulation = "convex";
  problem.island = 3;
  problem.omitted_unknowns = 4200;
  problem.omitted_nonzeros = 91000;
  problem.certificate = certify_island_problem(problem);
  EXPECT_STREQ(problem.certificate.verdict, "too large to keep");
  EXPECT_FALSE(problem.certificate.holds);
  const std::string text = island_problem_text(simulation.model(), simulation.options(), simulation.data(), problem);
  EXPECT_NE(text.find("# formulation convex: too large to keep: 4200 unknowns, 91000 non-zeros"), std::string::npos)
      << text;
  EXPECT_STREQ(island_problem_extension(problem), ".txt");
}

TEST(IslandProblemText, AConeProgramReadsBackAsItWasWritten) {
  Simulation simulation;
  ASSERT_TRUE(simulation.load_scene(builtin_scene_text("box_rest")).ok());
  ASSERT_TRUE(simulation.set_option("formulation", 2).ok());
  ASSERT_TRUE(simulation.set_option("soft_cone", 1).ok());
  simulation.keep_island_problems(true);
  ASSERT_EQ(simulation.step(3), 3);
  ASSERT_EQ(simulation.data().solver.island_problems.size(), 1u);
  const IslandProblem& written = simulation.data().solver.island_problems[0];
  IslandProblem read;
  ASSERT_TRUE(read_cone_program_json(
                  island_problem_text(simulation.model(), simulation.options(), simulation.data(), written), read)
                  .ok());
  EXPECT_EQ(read.matrix, written.matrix);
  EXPECT_EQ(read.offset, written.offset);
  EXPECT_EQ(read.z, written.z);
  EXPECT_EQ(read.w, written.w);
  EXPECT_EQ(read.labels, written.labels);
  ASSERT_EQ(read.cones.size(), written.cones.size());
  EXPECT_EQ(read.cones[1].first, written.cones[1].first);
  EXPECT_EQ(read.method, written.method);
  EXPECT_EQ(read.relative_tolerance, written.relative_tolerance);
  EXPECT_TRUE(certify_island_problem(read).holds);

  const Status refused = read_cone_program_json(R"({"format": "contactlab cone program 1", "c": [1], "P": [[1]],
      "cones": [{"first": 0, "size": 5, "mu": 0.5}]})", read);
  EXPECT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("'size' must be 1 to 4"), std::string::npos) << refused.message();
}

}  // namespace island_problem_text_test
}  // namespace contactlab
