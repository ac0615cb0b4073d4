// `contactlab run --lcp-dump DIR` (cli/lcp_dump.h): every problem it writes is read by
// `contactlab lcp`, whose cold Lemke solve is certified on it (z >= 0, w >= 0, z'w ~ 0)
// and gives the normal impulses the step applied, as the contacts CSV reports them.
#include "lcp_dump.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_result.h"
#include "csv_table.h"
#include "lcp/lcp_file.h"
#include "lcp_command.h"
#include "temp_path.h"
#include "wedged_box_scene.h"

namespace contactlab {
// A namespace of its own: test files are compiled in unity batches.
namespace lcp_dump_test {

std::string scene_path(const std::string& name) {
  return std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json";
}

// The numbers after "LABEL:" on the line that starts with it.
std::vector<double> numbers_after(const std::string& text, const std::string& label) {
  const std::size_t start = text.find(label);
  if (start == std::string::npos) return {};
  std::istringstream line(text.substr(start + label.size(), text.find('\n', start) - start - label.size()));
  std::vector<double> values;
  for (double value; line >> value;) values.push_back(value);
  return values;
}

// Per step (the CSV's t), the normal forces fn of the contacts in their order.
std::map<std::string, std::vector<double>> normal_forces_by_time(const std::string& path) {
  const CsvTable table = read_csv_table(path);
  std::map<std::string, std::vector<double>> forces;
  for (std::size_t row = 0; row < table.rows.size(); ++row) {
    forces[table.rows[row][table.column("t")]].push_back(table.number(row, "fn"));
  }
  return forces;
}

TEST(LcpDump, EveryDumpedProblemIsSolvedByTheLcpCommandToTheStepsImpulses) {
  const std::string directory = temp_path("lcp_dump_ball");
  std::filesystem::remove_all(directory);
  const std::string contacts = temp_path("lcp_dump_ball_contacts.csv");
  // The ball lands after 0.43 s and rests: the impact and some 30 resting steps.
  const CommandResult run = run_scene_command(
      {scene_path("ball_drop"), "--steps", "200", "--contacts", contacts, "--lcp-dump", directory});
  ASSERT_EQ(run.code, 0) << run.err;
  const std::map<std::string, std::vector<double>> forces = normal_forces_by_time(contacts);

  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    ++files;
    const std::string path = entry.path().string();
    const CommandResult solved = run_subcommand(run_lcp_command, {path});
    ASSERT_EQ(solved.code, 0) << path << ": " << solved.out << solved.err;
    const std::vector<double> z = numbers_after(solved.out, "\nz:");

    Eigen::MatrixXd M;
    Eigen::VectorXd q;
    ASSERT_TRUE(read_lcp_file(path, M, q).ok());
    ASSERT_EQ(static_cast<Eigen::Index>(z.size()), q.size());
    const Eigen::VectorXd z_cold = Eigen::Map<const Eigen::VectorXd>(z.data(), q.size());
    const Eigen::VectorXd w = M * z_cold + q;
    const double scale = std::max(1.0, q.cwiseAbs().maxCoeff());
    EXPECT_GE(z_cold.minCoeff(), 0) << path;
    EXPECT_GE(w.minCoeff(), -1e-9 * scale) << path;
    EXPECT_LE(std::abs(z_cold.dot(w)), 1e-9 * scale) << path;

    // The step's own answer, from the file's comment, is a solution of the same problem.
    std::ifstream file(path);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::vector<double> step_z = numbers_after(text, "\n# z:");
    ASSERT_EQ(static_cast<Eigen::Index>(step_z.size()), q.size()) << path;
    const Eigen::VectorXd z_step = Eigen::Map<const Eigen::VectorXd>(step_z.data(), q.size());
    const Eigen::VectorXd w_step = M * z_step + q;
    EXPECT_GE(z_step.minCoeff(), 0) << path;
    EXPECT_GE(w_step.minCoeff(), -1e-9 * scale) << path;
    EXPECT_LE(std::abs(z_step.dot(w_step)), 1e-9 * scale) << path;

    // Every unknown is named, in z's order (formulation/lcp_unknown_labels.h).
    const std::size_t names = text.find("\n# unknowns:");
    ASSERT_NE(names, std::string::npos) << path;
    std::istringstream labels(text.substr(names + 13, text.find('\n', names + 1) - names - 13));
    std::vector<std::string> label_list;
    for (std::string label; labels >> label;) label_list.push_back(label);
    ASSERT_EQ(static_cast<Eigen::Index>(label_list.size()), q.size()) << path;
    EXPECT_EQ(label_list.front(), "cn0");
    EXPECT_EQ(label_list.back(), "lambda0");

    // One contact: z's first entry is c_n, the step's normal impulse, f_n h in the CSV.
    const std::vector<double> header = numbers_after(text, "k = ");
    ASSERT_FALSE(header.empty());
    ASSERT_EQ(header[0], 1) << path;
    const double h = numbers_after(text, "h = ")[0];
    const std::string t = text.substr(text.find("t = ") + 4, text.find(" s,", text.find("t = ")) - text.find("t = ") - 4);
    ASSERT_EQ(forces.count(t), 1u) << t;
    ASSERT_EQ(forces.at(t).size(), 1u);
    EXPECT_NEAR(z_cold[0], forces.at(t)[0] * h, 1e-12 * scale) << path;
    EXPECT_NEAR(z_step[0], z_cold[0], 1e-12 * scale) << path;
  }
  // Every step with a contact wrote its island's problem.
  EXPECT_EQ(files, static_cast<int>(forces.size()));
  EXPECT_GT(files, 20);
  std::filesystem::remove_all(directory);
}

TEST(LcpDump, AFormulationWithoutAProblemPerIslandIsRefusedNamingTheFlag) {
  const CommandResult run = run_scene_command({scene_path("ball_drop"), "--steps", "1", "--set",
                                               "formulation=compliant", "--lcp-dump", temp_path("lcp_dump_compliant")});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("--lcp-dump: formulation compliant poses no problem per island"), std::string::npos) << run.err;
}

// The QP over the cone's rays that convex, soft's pyramid and quasistatic's "qp" solve
// is the LCP (W + diag r, q): each dumped file, solved cold by `contactlab lcp`, gives
// an answer whose row velocities w = (W + diag r) z + q are the step's, to the step's
// own tolerance of the certificate's scale (1e-9; convex's method of multipliers, which
// answers every island of free bodies, stops at kConvexNewtonTolerance = 1e-6:
// convex_newton.h) (W is only semidefinite for convex and quasistatic: the four
// corners' impulses need not be unique, the box's velocity, and so w, is); with soft's
// regularisation W + diag r is definite and z itself is the step's.
struct QpDumpCase {
  const char* formulation;
  bool unique_impulses;
  double tolerance;  // of the certificate's scale
};

TEST(LcpDump, EveryDumpedQpIsSolvedByTheLcpCommandToTheStepsAnswer) {
  for (const QpDumpCase& c : {QpDumpCase{"convex", false, 1e-6}, QpDumpCase{"soft", true, 1e-9},
                              QpDumpCase{"quasistatic", false, 1e-9}}) {
    const std::string directory = temp_path(std::string("lcp_dump_qp_") + c.formulation);
    std::filesystem::remove_all(directory);
    // box_rest: a cube on its four corners, u = 8 rays each, 32 unknowns.
    const CommandResult run = run_scene_command({scene_path("box_rest"), "--steps", "12", "--set",
                                                 std::string("formulation=") + c.formulation, "--lcp-dump", directory});
    ASSERT_EQ(run.code, 0) << c.formulation << ": " << run.err;
    int files = 0;
    double largest_w_difference = 0, largest_z_difference = 0;
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
      ++files;
      const std::string path = entry.path().string();
      ASSERT_EQ(entry.path().extension(), ".lcp") << path;
      const CommandResult solved = run_subcommand(run_lcp_command, {path});
      ASSERT_EQ(solved.code, 0) << path << ": " << solved.out << solved.err;
      const std::vector<double> z = numbers_after(solved.out, "\nz:");
      Eigen::MatrixXd M;
      Eigen::VectorXd q;
      ASSERT_TRUE(read_lcp_file(path, M, q).ok()) << path;
      ASSERT_EQ(q.size(), 32) << path;
      ASSERT_EQ(static_cast<Eigen::Index>(z.size()), q.size()) << path;
      const Eigen::VectorXd z_cold = Eigen::Map<const Eigen::VectorXd>(z.data(), q.size());
      std::ifstream file(path);
      const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
      EXPECT_NE(text.find(std::string("# formulation ") + c.formulation + ": min 1/2 z'(W + diag r) z + q'z"),
                std::string::npos) << path;
      const std::vector<double> step_z = numbers_after(text, "\n# z:");
      const std::vector<double> step_w = numbers_after(text, "\n# w:");
      ASSERT_EQ(static_cast<Eigen::Index>(step_z.size()), q.size()) << path;
      ASSERT_EQ(static_cast<Eigen::Index>(step_w.size()), q.size()) << path;
      const Eigen::VectorXd z_step = Eigen::Map<const Eigen::VectorXd>(step_z.data(), q.size());
      const Eigen::VectorXd w_step = Eigen::Map<const Eigen::VectorXd>(step_w.data(), q.size());
      const double scale = std::max({1.0, q.cwiseAbs().maxCoeff(),
                                     M.cwiseAbs().colwise().maxCoeff().dot(z_cold.cwiseAbs())});
      const Eigen::VectorXd w_cold = M * z_cold + q;
      EXPECT_GE(z_cold.minCoeff(), 0) << path;
      EXPECT_GE(w_cold.minCoeff(), -1e-9 * scale) << path;
      EXPECT_LE(std::abs(z_cold.dot(w_cold)), 1e-9 * scale) << path;
      largest_w_difference = std::max(largest_w_difference, (w_cold - w_step).cwiseAbs().maxCoeff() / scale);
      largest_z_difference = std::max(largest_z_difference, (z_cold - z_step).cwiseAbs().maxCoeff() / scale);
      // The rows' names, in z's order: rays, contact by contact.
      EXPECT_NE(text.find("# unknowns: beta0.0 beta0.1"), std::string::npos) << path;
    }
    EXPECT_EQ(files, 12) << c.formulation << ": one island each step";
    EXPECT_LE(largest_w_difference, c.tolerance) << c.formulation;
    if (c.unique_impulses) {
      EXPECT_LE(largest_z_difference, 1e-9) << c.formulation;
    }
    std::filesystem::remove_all(directory);
  }
}

// Soft's elliptic cone is no LCP: its program is written as JSON, whose numbers hold
// the step's answer with g = P x + c, x in each contact's cone.
TEST(LcpDump, TheEllipticConesProgramIsWrittenAsJson) {
  const std::string directory = temp_path("lcp_dump_elliptic");
  std::filesystem::remove_all(directory);
  const CommandResult run = run_scene_command({scene_path("box_rest"), "--steps", "3", "--set", "formulation=soft",
                                               "--set", "soft_cone=1", "--lcp-dump", directory});
  ASSERT_EQ(run.code, 0) << run.err;
  const std::string path = directory + "/step_000003_island_0.json";
  std::ifstream file(path);
  ASSERT_TRUE(file.good()) << path;
  const nlohmann::json program = nlohmann::json::parse(file);
  EXPECT_EQ(program["format"], "contactlab cone program 1");
  EXPECT_EQ(program["formulation"], "soft");
  EXPECT_EQ(program["step"], 3);
  const std::size_t n = program["c"].size();
  ASSERT_EQ(n, 12u) << "four corners, (p_n, p_t1, p_t2) each";
  ASSERT_EQ(program["P"].size(), n);
  ASSERT_EQ(program["unknowns"].size(), n);
  EXPECT_EQ(program["unknowns"][1], "pt0.1");
  ASSERT_EQ(program["cones"].size(), 4u);
  EXPECT_TRUE(program["nonnegative"].empty());
  double largest = 1;
  for (std::size_t i = 0; i < n; ++i) largest = std::max(largest, std::abs(program["c"][i].get<double>()));
  for (std::size_t i = 0; i < n; ++i) {
    double g = program["c"][i].get<double>();
    for (std::size_t j = 0; j < n; ++j) g += program["P"][i][j].get<double>() * program["x"][j].get<double>();
    EXPECT_NEAR(g, program["g"][i].get<double>(), 1e-12 * largest) << i;
  }
  for (const nlohmann::json& cone : program["cones"]) {
    const int first = cone["first"];
    const double mu = cone["mu"];
    const double normal = program["x"][first];
    EXPECT_GT(normal, 0);
    EXPECT_LE(std::hypot(program["x"][first + 1].get<double>(), program["x"][first + 2].get<double>()),
              mu * normal + 1e-9 * largest);
  }
  EXPECT_EQ(program["verdict"], "certified");
  // `contactlab lcp` reads it back and solves it cold by the interior point: certified,
  // and the step's answer (P = A + R is positive definite: one answer).
  const CommandResult solved = run_subcommand(run_lcp_command, {path});
  ASSERT_EQ(solved.code, 0) << solved.out << solved.err;
  EXPECT_NE(solved.out.find("status: solved"), std::string::npos) << solved.out;
  EXPECT_NE(solved.out.find("certificate: certified"), std::string::npos) << solved.out;
  const std::vector<double> x = numbers_after(solved.out, "\nx:");
  ASSERT_EQ(x.size(), n) << solved.out;
  for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(x[i], program["x"][i].get<double>(), 1e-8 * largest) << i;
  std::filesystem::remove_all(directory);
}

// A real fallback (wedged_box_scene.h: the cube held still): the dump names it and holds
// its answer z = 0, and `contactlab lcp` finds, as the step did, no answer (exit 1, Lemke
// ending on a ray).
TEST(LcpDump, AnIslandAFallbackAnsweredIsDumpedWithTheFallbackAndTheLcpCommandFindsNoAnswer) {
  const std::string scene = temp_path("lcp_dump_wedged_box.json");
  std::ofstream(scene) << wedged_box_scene_text("lcp");
  const std::string directory = temp_path("lcp_dump_wedged_box");
  std::filesystem::remove_all(directory);
  const CommandResult run = run_scene_command({scene, "--steps", "1", "--lcp-dump", directory});
  ASSERT_EQ(run.code, 0) << run.err;
  EXPECT_NE(run.out.find("island held still"), std::string::npos) << run.out;
  const std::string path = directory + "/step_000001_island_0.lcp";
  std::ifstream file(path);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("# answered by: the fallback held still; certificate: not certified"), std::string::npos)
      << text.substr(0, 600);
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  ASSERT_TRUE(read_lcp_file(path, M, q).ok()) << path;
  const std::vector<double> step_z = numbers_after(text, "\n# z:");
  ASSERT_EQ(static_cast<Eigen::Index>(step_z.size()), q.size()) << path;
  for (const double value : step_z) EXPECT_EQ(value, 0) << path;
  const CommandResult solved = run_subcommand(run_lcp_command, {path});
  EXPECT_EQ(solved.code, 1) << solved.out << solved.err;
  EXPECT_NE(solved.out.find("status: ray termination"), std::string::npos) << solved.out;
  std::filesystem::remove_all(directory);
  std::filesystem::remove(scene);
}

// With torsional friction the elliptic cone's program holds the soft-finger cone
// (island_problem.h): `contactlab lcp` solves each dumped program cold to a certified
// answer, the step's (P is positive definite).
TEST(LcpDump, TheEllipticConesProgramWithTorsionIsSolvedByTheLcpCommandToTheStepsAnswer) {
  const std::string directory = temp_path("lcp_dump_elliptic_torsion");
  std::filesystem::remove_all(directory);
  const CommandResult run =
      run_scene_command({scene_path("spinning_disc"), "--steps", "2", "--set", "formulation=soft", "--set",
                         "soft_cone=1", "--set", "friction_coefficient=0.5", "--lcp-dump", directory});
  ASSERT_EQ(run.code, 0) << run.err;
  int torsional = 0;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    const std::string path = entry.path().string();
    std::ifstream file(path);
    const nlohmann::json program = nlohmann::json::parse(file);
    const bool spins = program["cones"][0]["size"] == 4;
    torsional += spins ? 1 : 0;
    EXPECT_EQ(program["verdict"], "certified") << path;
    const CommandResult solved = run_subcommand(run_lcp_command, {path});
    ASSERT_EQ(solved.code, 0) << path << ": " << solved.out << solved.err;
    EXPECT_NE(solved.out.find("certificate: certified"), std::string::npos) << solved.out;
    const std::vector<double> difference = numbers_after(solved.out, "max |x - x_file|:");
    ASSERT_EQ(difference.size(), 1u) << solved.out;
    EXPECT_LE(difference[0], 1e-7) << path;
  }
  EXPECT_EQ(torsional, 6) << "three discs with mu_t > 0, two steps";
  std::filesystem::remove_all(directory);
}

TEST(LcpDump, TheLcpCommandNamesWhatIsWrongInAConeProgram) {
  const std::string path = temp_path("lcp_dump_bad_cone.json");
  std::ofstream(path) << R"({"format": "contactlab cone program 1", "c": [1, 2], "P": [[1, 0]], "cones": []})";
  const CommandResult refused = run_subcommand(run_lcp_command, {path});
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("'P' must hold 2 rows"), std::string::npos) << refused.err;
  std::filesystem::remove(path);
}

TEST(LcpDump, ADirectoryThatCannotBeMadeIsNamed) {
  const std::string blocker = temp_path("lcp_dump_blocker");
  std::ofstream(blocker) << "a file, not a directory\n";
  const CommandResult run =
      run_scene_command({scene_path("ball_drop"), "--steps", "1", "--lcp-dump", blocker + "/inside"});
  EXPECT_EQ(run.code, 2);
  EXPECT_NE(run.err.find("--lcp-dump: cannot create the directory"), std::string::npos) << run.err;
  std::filesystem::remove(blocker);
}

}  // namespace lcp_dump_test
}  // namespace contactlab
