// contactlab run SCENE [--duration T | --steps N] [--set KEY=VALUE]... [--csv PATH] [--contacts PATH]
//   [--events PATH] [--lcp-dump DIR]
// contactlab run --link LINK [--duration T | --steps N] [--csv PATH] [--contacts PATH]
//   [--events PATH] [--lcp-dump DIR]
#include <cmath>
#include <fstream>
#include <memory>

#include "arguments.h"
#include "builtin_scenes.h"
#include "commands.h"
#include "formulation/solver_report.h"
#include "lcp_dump.h"
#include "link_codec.h"
#include "scene/scene_loader.h"
#include "session/link_replay.h"
#include "session/simulation.h"
#include "session/event_csv.h"
#include "session/state_csv.h"
#include "step/tunnelling.h"

namespace contactlab {
namespace {

constexpr long kMaxSteps = 100000000;

struct RunArguments {
  std::string scene_path;
  std::string link;
  double duration = -1;
  long steps = -1;
  std::vector<std::pair<std::string, double>> settings;
  std::string csv_path;
  std::string contacts_path;
  std::string events_path;
  std::string lcp_dump_directory;
};

Status parse_run_arguments(const std::vector<std::string>& args, RunArguments& parsed) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    const bool has_value = i + 1 < args.size();
    if (arg == "--duration" || arg == "--steps" || arg == "--set" || arg == "--csv" ||
        arg == "--contacts" || arg == "--events" || arg == "--link" || arg == "--lcp-dump") {
      if (!has_value) return Status::failure(arg + ": missing value");
      const std::string& value = args[++i];
      if (arg == "--duration") {
        Status status = parse_number(arg, value, parsed.duration);
        if (!status.ok()) return status;
        if (parsed.duration <= 0 || parsed.duration > 3600) {
          return Status::failure("--duration: must be in (0, 3600] s, got " + value);
        }
      } else if (arg == "--steps") {
        Status status = parse_count(arg, value, 1, kMaxSteps, parsed.steps);
        if (!status.ok()) return status;
      } else if (arg == "--set") {
        std::string key;
        double number = 0;
        Status status = parse_assignment(value, key, number);
        if (!status.ok()) return status;
        parsed.settings.emplace_back(key, number);
      } else if (arg == "--csv") {
        parsed.csv_path = value;
      } else if (arg == "--events") {
        parsed.events_path = value;
      } else if (arg == "--link") {
        parsed.link = value;
      } else if (arg == "--lcp-dump") {
        parsed.lcp_dump_directory = value;
      } else {
        parsed.contacts_path = value;
      }
    } else if (!arg.empty() && arg[0] == '-') {
      return Status::failure(arg + ": unknown flag (allowed: --link, --duration, --steps, --set, --csv, --contacts, --events, --lcp-dump)");
    } else if (parsed.scene_path.empty()) {
      parsed.scene_path = arg;
    } else {
      return Status::failure(arg + ": unexpected argument (one SCENE only)");
    }
  }
  if (!parsed.link.empty()) {
    if (!parsed.scene_path.empty()) return Status::failure(parsed.scene_path + ": not allowed with --link (the link holds the scene)");
    if (!parsed.settings.empty()) return Status::failure("--set: not allowed with --link (the link holds the options)");
  } else if (parsed.scene_path.empty()) {
    return Status::failure("SCENE: missing scene file (or give --link LINK)");
  }
  if (parsed.duration > 0 && parsed.steps > 0) {
    return Status::failure("--duration, --steps: give one or the other");
  }
  return Status::success();
}

Status open_output(const std::string& flag, const std::string& path, std::ofstream& file) {
  file.open(path);
  if (!file) return Status::failure(flag + ": cannot write '" + path + "'");
  return Status::success();
}

// False, after saying which, when a CSV output failed (a full disk, a closed pipe).
bool outputs_written(const RunArguments& parsed, const std::ofstream& csv, const std::ofstream& contacts_csv,
                     const std::ofstream& events_csv, std::ostream& err) {
  if (csv.fail()) {
    err << "contactlab run: --csv: writing '" << parsed.csv_path << "' failed (disk full or file unwritable)\n";
    return false;
  }
  if (contacts_csv.fail()) {
    err << "contactlab run: --contacts: writing '" << parsed.contacts_path
        << "' failed (disk full or file unwritable)\n";
    return false;
  }
  if (events_csv.fail()) {
    err << "contactlab run: --events: writing '" << parsed.events_path << "' failed (disk full or file unwritable)\n";
    return false;
  }
  return true;
}

// The scene file with the --set options.
Status start_from_scene(const RunArguments& parsed, Simulation& simulation) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(read_scene_file(parsed.scene_path, text));
  CONTACTLAB_RETURN_IF_ERROR(simulation.load_scene(text));
  for (const auto& [key, value] : parsed.settings) {
    const Status status = simulation.set_option(key, value);
    if (!status.ok()) return Status::failure("--set " + status.message());
  }
  return Status::success();
}

// The run a link describes (docs/links.md), at its first step; `payload` keeps the
// journal the run replays.
Status start_from_link(const std::string& link, Simulation& simulation, LinkPayload& payload) {
  std::string text;
  CONTACTLAB_RETURN_IF_ERROR(decode_link(link, text));
  CONTACTLAB_RETURN_IF_ERROR(read_link_payload(text, payload));
  std::string builtin_text;
  if (!payload.scene.builtin.empty()) {
    const BuiltinScene* builtin = find_builtin_scene(payload.scene.builtin);
    if (builtin == nullptr) {
      return Status::failure("link: scene.builtin: unknown built-in scene \"" + payload.scene.builtin +
                             "\" (allowed: " + builtin_scene_names() + ")");
    }
    builtin_text = builtin->text;
  }
  std::string scene_text;
  CONTACTLAB_RETURN_IF_ERROR(link_scene_text(payload.scene, builtin_text, scene_text));
  return start_link(simulation, payload, scene_text);
}

}  // namespace

int run_run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  RunArguments parsed;
  Simulation simulation;
  LinkPayload payload;  // the link's journal, when run from a link
  Status status = parse_run_arguments(args, parsed);
  if (status.ok()) {
    status = parsed.link.empty() ? start_from_scene(parsed, simulation)
                                 : start_from_link(parsed.link, simulation, payload);
  }
  std::ofstream csv, contacts_csv, events_csv;
  if (status.ok() && !parsed.csv_path.empty()) status = open_output("--csv", parsed.csv_path, csv);
  if (status.ok() && !parsed.contacts_path.empty()) {
    status = open_output("--contacts", parsed.contacts_path, contacts_csv);
  }
  if (status.ok() && !parsed.events_path.empty()) status = open_output("--events", parsed.events_path, events_csv);
  if (status.ok() && !parsed.lcp_dump_directory.empty()) {
    status = prepare_lcp_dump(parsed.lcp_dump_directory, simulation.options());
    simulation.keep_island_problems(true);
  }
  if (!status.ok()) {
    err << "contactlab run: " << status.message() << '\n';
    return 2;
  }

  const Model& model = simulation.model();
  const Options& options = simulation.options();  // as the link's journal changes them
  const double duration = parsed.duration > 0 ? parsed.duration : model.duration;
  const long steps = parsed.steps > 0
                         ? parsed.steps
                         : static_cast<long>(std::ceil(duration / options.time_step - 1e-9));
  if (steps > kMaxSteps) {
    err << "contactlab run: --duration: too many steps (" << steps << " > " << kMaxSteps << ")\n";
    return 2;
  }

  const Data* data = &simulation.data();
  // The state CSV's rows, captured and printed as the page's export prints them.
  StateRowFormat state_format(model, options);
  std::vector<double> state_row(state_format.size());
  GraspSchedule grasp;
  const auto write_state = [&]() {
    state_format.capture(model, *data, grasp.update(model, options, *data), state_row.data());
    state_format.write_row(model, state_row.data(), csv);
  };
  if (csv.is_open()) {
    state_format.write_header(model, csv);
    write_state();
  }
  if (contacts_csv.is_open()) write_contacts_header(contacts_csv);
  if (events_csv.is_open()) write_events_header(events_csv);
  long total_events = 0;

  long failed_steps = 0, total_pivots = 0, total_iterations = 0, warm_starts = 0;
  long tunnelling_steps = 0, immobile_steps = 0;
  std::string first_immobile;
  int largest_lcp = 0;
  std::string first_failure, first_tunnelling;
  long steps_taken = 0;
  std::size_t next_action = 0;
  for (long s = 0; s < steps; ++s) {
    const Status stepped = replay_link(simulation, payload, steps_taken, s + 1, next_action);
    if (!stepped.ok()) {
      // A step that could not finish (memory ran out) exits 4; a refused action, 2.
      err << "contactlab run: " << stepped.message() << '\n';
      return simulation.step_error().empty() ? 2 : 4;
    }
    const SolverStats& solver = data->solver;
    total_pivots += solver.pivots;
    total_iterations += solver.iterations;
    warm_starts += solver.warm_starts;
    largest_lcp = std::max(largest_lcp, solver.lcp_size);
    if (!solver.fallbacks.empty()) {
      ++failed_steps;
      if (first_failure.empty()) {
        first_failure = "t = " + exact_number(data->time) + ": " + fallback_message(solver.fallbacks);
      }
    }
    if (solver.immobile_contacts > 0 && immobile_steps++ == 0) {
      first_immobile = "t = " + exact_number(data->time) + ": " + immobile_contacts_message(solver.immobile_contacts);
    }
    if (!solver.tunnelling.empty() && tunnelling_steps++ == 0) {
      first_tunnelling = "t = " + exact_number(data->time) + ": " + tunnelling_message(model, solver.tunnelling.front());
    }
    if (csv.is_open()) write_state();
    if (contacts_csv.is_open()) write_contact_rows(model, *data, contacts_csv);
    if (events_csv.is_open()) write_event_rows(model, *data, events_csv);
    total_events += solver.events;
    if (!outputs_written(parsed, csv, contacts_csv, events_csv, err)) return 3;
    if (!parsed.lcp_dump_directory.empty()) {
      const Status dumped = write_lcp_dump(parsed.lcp_dump_directory, model, options, *data);
      if (!dumped.ok()) {
        err << "contactlab run: " << dumped.message() << '\n';
        return 3;
      }
    }
  }
  if (csv.is_open()) csv.close();
  if (contacts_csv.is_open()) contacts_csv.close();
  if (events_csv.is_open()) events_csv.close();
  if (!outputs_written(parsed, csv, contacts_csv, events_csv, err)) return 3;

  out << "scene " << model.name << ": " << steps << " steps of " << options.time_step
      << " s to t = " << data->time << " s, formulation " << formulation_name(options.formulation)
      << '\n';
  out << "lcp: largest " << largest_lcp << " unknowns, " << total_pivots << " pivots in all ("
      << static_cast<double>(total_pivots) / steps << " per step), " << warm_starts
      << " warm-started island solves";
  if (total_iterations > 0) {
    out << ", " << total_iterations << " convex-solver iterations ("
        << static_cast<double>(total_iterations) / steps << " per step)";
  }
  out << '\n';
  if (options.formulation == Formulation::Hybrid) {
    out << "events: " << total_events << " (" << static_cast<double>(total_events) / steps << " per step)\n";
  }
  out << "solver: " << (failed_steps == 0 ? "every step solved" : std::to_string(failed_steps) + " steps with fallbacks; first: " + first_failure) << '\n';
  if (immobile_steps > 0) {
    out << "note: " << immobile_steps << " steps left out contacts no impulse can move along their normals"
        << " (their impulse zero); first: " << first_immobile << '\n';
  }
  if (tunnelling_steps > 0) {
    out << "warning: " << tunnelling_steps << " steps where bodies may have passed through each other; first: "
        << first_tunnelling << '\n';
  }
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    if (model.bodies[b].is_static) continue;
    const Vec3& p = data->position[b];
    const Vec3& v = data->linear_velocity[b];
    out << model.bodies[b].name << ": position " << p.x() << ' ' << p.y() << ' ' << p.z()
        << ", velocity " << v.x() << ' ' << v.y() << ' ' << v.z() << '\n';
  }
  if (!model.articulations.empty()) {
    const GraspReport final_grasp = evaluate_current_grasp(model, options, *data);
    if (final_grasp.object < 0) {
      out << "grasp: no link touches a free body\n";
    } else {
      out << "grasp: " << model.bodies[final_grasp.object].name << ", " << final_grasp.contact_count
          << " contacts, force closure " << (final_grasp.quality.force_closure ? "yes" : "no")
          << ", epsilon " << final_grasp.quality.epsilon << ", volume " << final_grasp.quality.volume
          << '\n';
    }
  }
  return 0;
}

}  // namespace contactlab
