#include "session/island_problem_text.h"

#include <cstdio>

#include "lcp/lcp_file.h"
#include "session/state_csv.h"

namespace contactlab {
namespace {

std::string numbers_line(const char* label, const Eigen::VectorXd& values) {
  std::string line = std::string("# ") + label + ":";
  char number[32];
  for (Eigen::Index i = 0; i < values.size(); ++i) {
    std::snprintf(number, sizeof(number), " %.17g", values[i]);
    line += number;
  }
  return line + "\n";
}

std::string labels_line(const std::vector<std::string>& labels) {
  std::string line = "# unknowns:";
  for (const std::string& label : labels) line += " " + label;
  return line + "\n";
}

std::string layout_lines(const IslandProblem& problem) {
  const std::string sizes = "k = " + std::to_string(problem.contact_count) + " contacts, u = " +
                            std::to_string(problem.friction_edges) + " edges\n";
  if (std::string(problem.variant) == "pure") {
    return "# formulation quasistatic, model pure: seed 003's force balance, z = [p (objects' coordinates); "
           "m (the same); beta (k u); c_l (limits)], v_u = p - m, " + sizes;
  }
  if (problem.kind == IslandProblemKind::Lcp) {
    return "# z = [c_n (k); c_l (limits); beta (k u); lambda (k); joint friction; torsion], " + sizes;
  }
  return std::string("# formulation ") + problem.formulation +
         ": min 1/2 z'(W + diag r) z + q'z s.t. z >= 0, W = J_beta M^-1 J_beta^T over the rays n + mu d_j "
         "(r = 0: Anitescu's QP; r > 0: Todorov's), the LCP (W + diag r, q) above\n" +
         "# z = [beta (k u); c_l (limits)], " + sizes;
}

std::string json_numbers(const Eigen::VectorXd& values) {
  std::string text = "[";
  for (Eigen::Index i = 0; i < values.size(); ++i) text += (i > 0 ? ", " : "") + exact_number(values[i]);
  return text + "]";
}

std::string json_string(const std::string& text) {
  std::string quoted = "\"";
  for (const char ch : text) {
    if (ch == '"' || ch == '\\') quoted += '\\';
    quoted += ch;
  }
  return quoted + "\"";
}

std::string cone_program_json(const Model& model, const Options& options, const Data& data,
                              const IslandProblem& problem) {
  const Eigen::Index n = problem.offset.size();
  std::string text = "{\n  \"format\": \"contactlab cone program 1\",\n";
  text += "  \"scene\": " + json_string(model.name) + ",\n  \"step\": " + std::to_string(data.step_count) +
          ",\n  \"t\": " + exact_number(data.time) + ",\n  \"h\": " + exact_number(options.time_step) +
          ",\n  \"island\": " + std::to_string(problem.island) + ",\n  \"formulation\": " +
          json_string(problem.formulation) + ",\n";
  text += "  \"objective\": \"minimise 1/2 x'P x + c'x over x in K: per contact mu x_n >= ||x_t|| "
          "(x_n >= 0 where mu = 0), x_i >= 0 for the others; P = [A + R, J M^-1 L'; L M^-1 J', "
          "L M^-1 L'], c = [J v_free - v*; L v_free - target]\",\n";
  text += "  \"unknowns\": [";
  for (std::size_t i = 0; i < problem.labels.size(); ++i) text += (i > 0 ? ", " : "") + json_string(problem.labels[i]);
  text += "],\n  \"P\": [";
  for (Eigen::Index i = 0; i < n; ++i) {
    text += std::string(i > 0 ? ",\n        " : "") + json_numbers(problem.matrix.row(i).transpose());
  }
  text += "],\n  \"c\": " + json_numbers(problem.offset) + ",\n  \"cones\": [";
  std::vector<char> in_cone(static_cast<std::size_t>(n), 0);
  for (std::size_t k = 0; k < problem.cones.size(); ++k) {
    const ProblemCone& cone = problem.cones[k];
    text += std::string(k > 0 ? ", " : "") + "{\"first\": " + std::to_string(cone.first) +
            ", \"size\": " + std::to_string(cone.size) + ", \"mu\": " + exact_number(cone.friction_coefficient) + "}";
    for (int i = 0; i < cone.size; ++i) in_cone[static_cast<std::size_t>(cone.first + i)] = 1;
  }
  text += "],\n  \"nonnegative\": [";
  bool first = true;
  for (Eigen::Index i = 0; i < n; ++i) {
    if (in_cone[static_cast<std::size_t>(i)]) continue;
    text += (first ? "" : ", ") + std::to_string(i);
    first = false;
  }
  text += "],\n  \"x\": " + json_numbers(problem.z) + ",\n  \"g\": " + json_numbers(problem.w) + "\n}\n";
  return text;
}

}  // namespace

std::string island_problem_text(const Model& model, const Options& options, const Data& data,
                                const IslandProblem& problem) {
  if (problem.kind == IslandProblemKind::ConeProgram) return cone_program_json(model, options, data, problem);
  const std::string comment =
      "# contactlab: scene " + model.name + ", step " + std::to_string(data.step_count) + ", t = " +
      exact_number(data.time) + " s, h = " + exact_number(options.time_step) + " s, island " +
      std::to_string(problem.island) + "\n" + layout_lines(problem) + labels_line(problem.labels) +
      numbers_line("z", problem.z) + numbers_line("w", problem.w);
  return lcp_text(problem.matrix, problem.offset, comment);
}

const char* island_problem_extension(const IslandProblem& problem) {
  return problem.kind == IslandProblemKind::ConeProgram ? ".json" : ".lcp";
}

}  // namespace contactlab
