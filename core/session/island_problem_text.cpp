#include "session/island_problem_text.h"

#include <cstdio>

#include <nlohmann/json.hpp>

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
  if (std::string(problem.variant) == "split") {
    return std::string("# formulation ") + problem.formulation +
           ": the KKT conditions of min 1/2 z'(W + diag r) z + q'z over the rays n + mu d_j, with joint friction "
           "(|tau| <= c h) and torsion rows (|p_s| <= sum_j beta_j) split as seed 002 eqs. (5)-(6)\n" +
           "# z = [beta (k u); c_l (limits); tau+, tau-, sigma (joint friction); p+, p-, sigma_s (torsion)], " + sizes;
  }
  if (problem.kind == IslandProblemKind::Lcp) {
    return "# z = [c_n (k); c_l (limits); beta (k u); lambda (k); joint friction; torsion], " + sizes;
  }
  return std::string("# formulation ") + problem.formulation +
         ": min 1/2 z'(W + diag r) z + q'z s.t. z >= 0, W = J_beta M^-1 J_beta^T over the rays n + mu d_j "
         "(r = 0: Anitescu's QP; r > 0: Todorov's), the LCP (W + diag r, q) above\n" +
         "# z = [beta (k u); c_l (limits)], " + sizes;
}

// How the answer came and what its certificate says, and a Farkas ray if one proves
// the problem infeasible.
std::string answer_lines(const IslandProblem& problem) {
  char tolerance[32];
  std::snprintf(tolerance, sizeof(tolerance), "%.0e", problem.relative_tolerance);
  std::string lines = "# answered by: " + (problem.fallback.empty() ? problem.method : "the fallback " + problem.fallback) +
                      "; certificate: " + problem.certificate.verdict + " at " + tolerance + " of its scale\n";
  if (problem.infeasibility_ray.size() > 0) lines += numbers_line("infeasibility ray d", problem.infeasibility_ray);
  return lines;
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
  text += "  \"method\": " + json_string(problem.method) + ",\n  \"fallback\": " + json_string(problem.fallback) +
          ",\n  \"relative_tolerance\": " + exact_number(problem.relative_tolerance) + ",\n  \"verdict\": " +
          json_string(problem.certificate.verdict) + ",\n";
  text += "  \"objective\": \"minimise 1/2 x'P x + c'x over x in K: per contact mu x_n >= ||x_t|| "
          "(x_n >= 0 where mu = 0), with torsional friction x_n >= |x_s| (x_s its last unknown), |x_i| <= bound "
          "per joint friction row (boxes), x_i >= 0 for the others; P = [A + R, J M^-1 L'; L M^-1 J', "
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
  text += "],\n  \"boxes\": [";
  for (std::size_t b = 0; b < problem.boxes.size(); ++b) {
    const ProblemBox& box = problem.boxes[b];
    text += std::string(b > 0 ? ", " : "") + "{\"unknown\": " + std::to_string(box.unknown) +
            ", \"bound\": " + exact_number(box.bound) + "}";
    in_cone[static_cast<std::size_t>(box.unknown)] = 1;
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
  const std::string heading = "# contactlab: scene " + model.name + ", step " + std::to_string(data.step_count) +
                              ", t = " + exact_number(data.time) + " s, h = " + exact_number(options.time_step) +
                              " s, island " + std::to_string(problem.island) + "\n";
  if (problem.omitted_unknowns > 0) {
    return heading + "# formulation " + problem.formulation + ": too large to keep: " +
           std::to_string(problem.omitted_unknowns) + " unknowns, " + std::to_string(problem.omitted_nonzeros) +
           " non-zeros (a dense copy would pass the step's " + std::to_string(kMaxKeptProblemEntries) +
           " kept entries)\n";
  }
  if (problem.kind == IslandProblemKind::ConeProgram) return cone_program_json(model, options, data, problem);
  const std::string comment = heading + layout_lines(problem) + answer_lines(problem) + labels_line(problem.labels) +
                              numbers_line("z", problem.z) + numbers_line("w", problem.w);
  return lcp_text(problem.matrix, problem.offset, comment);
}

const char* island_problem_extension(const IslandProblem& problem) {
  if (problem.omitted_unknowns > 0) return ".txt";
  return problem.kind == IslandProblemKind::ConeProgram ? ".json" : ".lcp";
}

namespace {

// One of the formulations' own names (IslandProblem::formulation points at static text).
const char* known_formulation(const std::string& name) {
  for (const char* known : {"lcp", "convex", "soft", "quasistatic"}) {
    if (name == known) return known;
  }
  return "soft";
}

Status read_numbers(const nlohmann::json& node, const char* field, Eigen::Index size, Eigen::VectorXd& out) {
  if (!node.is_array() || static_cast<Eigen::Index>(node.size()) != size) {
    return Status::failure(std::string("cone program: '") + field + "' must be an array of " + std::to_string(size) +
                           " numbers");
  }
  out.resize(size);
  for (Eigen::Index i = 0; i < size; ++i) {
    if (!node[i].is_number()) {
      return Status::failure(std::string("cone program: '") + field + "' entry " + std::to_string(i) +
                             " is not a number");
    }
    out[i] = node[i].get<double>();
  }
  return Status::success();
}

}  // namespace

Status read_cone_program_json(const std::string& text, IslandProblem& problem) {
  const nlohmann::json root = nlohmann::json::parse(text, nullptr, false);
  if (root.is_discarded() || !root.is_object()) return Status::failure("cone program: not a JSON object");
  if (root.value("format", std::string()) != "contactlab cone program 1") {
    return Status::failure("cone program: 'format' must be \"contactlab cone program 1\"");
  }
  const nlohmann::json& c = root.value("c", nlohmann::json());
  if (!c.is_array() || c.empty()) return Status::failure("cone program: 'c' must be a non-empty array of numbers");
  const Eigen::Index n = static_cast<Eigen::Index>(c.size());
  IslandProblem read;
  read.kind = IslandProblemKind::ConeProgram;
  CONTACTLAB_RETURN_IF_ERROR(read_numbers(c, "c", n, read.offset));
  const nlohmann::json& rows = root.value("P", nlohmann::json());
  if (!rows.is_array() || static_cast<Eigen::Index>(rows.size()) != n) {
    return Status::failure("cone program: 'P' must hold " + std::to_string(n) + " rows (one per entry of c)");
  }
  read.matrix.resize(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    Eigen::VectorXd row;
    CONTACTLAB_RETURN_IF_ERROR(read_numbers(rows[i], "P", n, row));
    read.matrix.row(i) = row.transpose();
  }
  const nlohmann::json& cones = root.value("cones", nlohmann::json::array());
  if (!cones.is_array()) return Status::failure("cone program: 'cones' must be an array");
  std::vector<char> taken(static_cast<std::size_t>(n), 0);
  for (const nlohmann::json& cone : cones) {
    if (!cone.is_object() || !cone.value("first", nlohmann::json()).is_number_integer() ||
        !cone.value("size", nlohmann::json()).is_number_integer() || !cone.value("mu", nlohmann::json()).is_number()) {
      return Status::failure("cone program: each of 'cones' must be {\"first\": integer, \"size\": 1 to 4, \"mu\": number}");
    }
    const ProblemCone read_cone{cone["first"].get<int>(), cone["size"].get<int>(), cone["mu"].get<double>()};
    if (read_cone.size < 1 || read_cone.size > 4 || read_cone.first < 0 || read_cone.first + read_cone.size > n ||
        !(read_cone.friction_coefficient >= 0)) {
      return Status::failure("cone program: a cone's 'size' must be 1 to 4, within the unknowns, with 'mu' >= 0");
    }
    for (int i = 0; i < read_cone.size; ++i) {
      if (taken[static_cast<std::size_t>(read_cone.first + i)]++) {
        return Status::failure("cone program: unknown " + std::to_string(read_cone.first + i) + " is in two cones");
      }
    }
    read.cones.push_back(read_cone);
  }
  const nlohmann::json& boxes = root.value("boxes", nlohmann::json::array());
  if (!boxes.is_array()) return Status::failure("cone program: 'boxes' must be an array");
  for (const nlohmann::json& box : boxes) {
    if (!box.is_object() || !box.value("unknown", nlohmann::json()).is_number_integer() ||
        !box.value("bound", nlohmann::json()).is_number()) {
      return Status::failure("cone program: each of 'boxes' must be {\"unknown\": integer, \"bound\": number}");
    }
    const ProblemBox read_box{box["unknown"].get<int>(), box["bound"].get<double>()};
    if (read_box.unknown < 0 || read_box.unknown >= n || !(read_box.bound >= 0)) {
      return Status::failure("cone program: a box's 'unknown' must be within the unknowns, with 'bound' >= 0");
    }
    if (taken[static_cast<std::size_t>(read_box.unknown)]++) {
      return Status::failure("cone program: unknown " + std::to_string(read_box.unknown) + " is in two cones");
    }
    read.boxes.push_back(read_box);
  }
  if (root.contains("x")) CONTACTLAB_RETURN_IF_ERROR(read_numbers(root["x"], "x", n, read.z));
  if (root.contains("g")) CONTACTLAB_RETURN_IF_ERROR(read_numbers(root["g"], "g", n, read.w));
  for (const nlohmann::json& label : root.value("unknowns", nlohmann::json::array())) {
    if (label.is_string()) read.labels.push_back(label.get<std::string>());
  }
  read.formulation = known_formulation(root.value("formulation", std::string()));
  read.method = root.value("method", std::string());
  read.fallback = root.value("fallback", std::string());
  read.island = root.value("island", -1);
  if (root.contains("relative_tolerance") && root["relative_tolerance"].is_number()) {
    read.relative_tolerance = root["relative_tolerance"].get<double>();
  }
  problem = std::move(read);
  return Status::success();
}

}  // namespace contactlab
