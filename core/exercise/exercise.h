// A course exercise (docs/exercises.md): a task on a scene, the settings a student may
// change and the numbers they answer, the checks that grade an answer - predicates
// over the simulated outcome and numeric answers compared to values the core
// computes - and the answers that test the exercise itself (a reference that must get
// full marks, wrong answers with the scores they must get). Read by
// exercise_reader.h, graded by grading.h, the same code natively and in the page.
#pragma once

#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "exercise/task_text.h"
#include "formulation/island_solution.h"
#include "scene/json_fields.h"

namespace contactlab {

// [low, high], both ends included; an infinite end is open.
struct Bounds {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();

  bool contains(double value) const { return value >= low && value <= high; }
};

struct Measure;
struct Event;

// When a predicate or measure looks at a run: at one time (the state after step
// round(t / h)), at the step an event first happens, or over a window, every step from
// round(t0 / h) to round(t1 / h). The state at step 0 is the initial one, without
// contacts.
struct TimeWindow {
  double start = 0;  // [s]
  double end = 0;    // [s]; equal to start for one time
  bool is_window = false;
  bool at_some_moment = false;  // a predicate over the window: holds at one step at least, not at every step
  std::vector<Event> event;     // one: the time is the step at which it first happens (start, end unused)
};

enum class PredicateKind {
  Position,     // a body's centre of mass in a box (per axis bounds), or its displacement
  Speed,        // the speed of a body's centre of mass within bounds [m/s]
  Rotation,     // the angle a body has turned from its initial orientation within bounds [rad]
  ContactMode,  // a pair of bodies sticking, sliding or separating
  Grasp,        // force closure (or not) and Ferrari-Canny epsilon at least a value
  Penetration,  // the deepest contact (of a pair, or of all) at most a depth [m]
  JointLimit,   // an articulation's joint at its lower or upper limit, or at neither
  Lifted,       // a body at least a height above its initial height [m]
  Value,        // a measure's value at the step within bounds
};

// A statement about the simulated outcome, true or false at each step it looks at; over
// a window it holds when it holds at every step.
struct Predicate {
  PredicateKind kind = PredicateKind::Position;
  TimeWindow time;
  std::string body;                // Position, Speed, Rotation, Lifted; the pair's first (ContactMode, Penetration)
  std::string other_body;          // the pair's second; empty for Penetration over all contacts
  std::string articulation, link;  // JointLimit
  bool relative = false;           // Position: of the displacement from the initial position
  bool has_axis[3] = {false, false, false};
  Bounds axis[3];                            // Position: x, y, z [m]
  Bounds range;                              // Speed [m/s], Rotation [rad]
  ContactMode mode = ContactMode::Sticking;  // ContactMode
  bool force_closure = true;                 // Grasp
  double min_epsilon = 0;                    // Grasp
  double depth = 0;                          // Penetration: the most allowed [m]
  int limit = 0;                             // JointLimit: -1 lower, 1 upper, 0 at neither
  double height = 0;                         // Lifted [m]
  std::vector<Measure> value;                // Value: the one measure, read at the predicate's steps
};

enum class MeasureKind {
  Position,     // one coordinate of a body's centre of mass (or of its displacement) at a time [m]
  Speed,        // a body's speed at a time [m/s]
  MeanSpeed,    // |p(t1) - p(t0)| / (t1 - t0) over a window [m/s]
  NormalForce,  // the summed normal force between two bodies at a time [N]
  FirstTime,    // the first time in a window at which a predicate holds [s]
  AngularVelocity,  // one component of a body's angular velocity, world or body axes [rad/s]
  Angle,            // the angle a body has turned about a world axis since step 0, not wrapped [rad]
  JointPosition,    // a revolute or prismatic joint's q [rad or m]
  JointVelocity,    // its v [rad/s or m/s]
  LoopError,        // the widest gap of the loop closures (step/data.h loop_error) [m]
  JointError,       // the largest joint violation of maximal coordinates (step/data.h joint_error) [m and rad]
  GraspEpsilon,     // the grasp's Ferrari-Canny epsilon, 0 without force closure
};

// How a measure read over a window becomes one number.
enum class Reduction { Max, Min, Mean, Final };

// A number read off one run.
struct Measure {
  MeasureKind kind = MeasureKind::Position;
  TimeWindow time;
  Reduction reduction = Reduction::Final;  // over a window (all but MeanSpeed and FirstTime)
  std::string body, other_body;
  std::string articulation, link;  // JointPosition, JointVelocity
  int axis = 0;                    // Position, AngularVelocity, Angle: 0 x, 1 y, 2 z
  bool relative = false;           // Position
  bool body_axes = false;          // AngularVelocity: in the body's axes, not the world's
  std::vector<Predicate> when;     // FirstTime: the one predicate (its own time is unused)
};

// Something that happens in a run, at the first step of a window where it does: two
// bodies touch (a contact between them), or a measure reaches a value from the side it
// was on at the window's first step.
enum class EventKind { FirstContact, Crossing };

struct Event {
  EventKind kind = EventKind::FirstContact;
  std::string body, other_body;  // FirstContact
  std::vector<Measure> measure;  // Crossing: the one measure (its own time unused)...
  double value = 0;              // ...and the value it crosses
  double start = 0, end = 0;     // the window searched [s]
};

// Settings beyond the exercise's scene: a student's answer, or what a check forces.
struct Settings {
  std::vector<std::pair<std::string, double>> options;     // canonical option name, value
  std::vector<std::pair<std::string, double>> parameters;  // the exercise's parameter, value
  std::vector<Json> commands;                              // timeline commands in the scene format, in time order

  bool empty() const { return options.empty() && parameters.empty() && commands.empty(); }
};

// A value the core computes to compare a numeric answer with: read off a run of the
// exercise's scene (with the check's forced settings, never the student's), or the
// value of an option or parameter at which a predicate changes, found by bisection.
struct ComputedValue {
  bool bisect = false;
  Measure measure;           // !bisect
  bool over_option = true;   // bisect: an option or a parameter
  std::string setting;       // its name
  double low = 0, high = 0;  // the bracket; the predicate differs at its ends
  int iterations = 0;        // halvings: the result is within (high - low) / 2^(iterations + 1)
  Predicate until;
};

// Who sees a check's result on a platform that can hide it (Gradescope's test
// visibility): everyone, only after the due date, or only the staff.
enum class CheckVisibility { Visible, AfterDueDate, Hidden };

struct Check {
  std::string name;
  double points = 1;
  CheckVisibility visibility = CheckVisibility::Visible;
  std::string pass_feedback, fail_feedback;  // in the task-text subset
  Settings with;                             // forced over the student's settings (and in values)
  bool is_answer = false;
  Predicate expect;                 // !is_answer: must hold in the run of the student's settings
  std::string answer;               // is_answer: the numeric answer compared...
  ComputedValue value;              // ...with this value...
  double tolerance = 0;             // ...within this (absolute, in the answer's unit)...
  bool relative_tolerance = false;  // ...or this fraction of |value|
};

// What a student may change: an option within bounds, or a parameter (a number of the
// scene, at one or more JSON Pointers (RFC 6901), written as offset + scale * value).
struct OptionPermission {
  std::string name;
  Bounds bounds;
};

struct ParameterTarget {
  std::string pointer;
  double scale = 1;
  double offset = 0;
};

struct Parameter {
  std::string name, label, unit;
  Bounds bounds;
  std::vector<ParameterTarget> targets;
};

// Timeline commands a student may add: their kinds, articulations and times.
struct CommandPermission {
  std::vector<std::string> kinds;
  std::vector<std::string> articulations;
  int max_count = 0;
  Bounds time;
};

struct AnswerSlot {
  std::string name, label, unit;
  Bounds bounds;
};

// The run-time cap: no time in the exercise beyond `time`, no run of more than
// `steps` steps (a bisection makes at most iterations + 2 runs), and one grading
// within `seconds` of wall-clock time (a guard: the step cap decides first).
struct ExerciseLimits {
  double time = 0;  // [s] of simulated time
  long steps = 0;
  double seconds = 0;
};

// An answer (ANSWER.json, or one embedded in the exercise).
struct Answer {
  std::string exercise;
  Settings settings;
  std::vector<std::pair<std::string, double>> answers;  // the slot's name, the number
};

struct WrongAnswer {
  Answer answer;
  double score = 0;     // the score it must get, in [0, 1]
  std::string mistake;  // what it gets wrong
};

struct Exercise {
  std::string name;
  std::string title;  // in the task-text subset
  TaskText task;
  std::string scene_text;  // the scene the exercise runs: a built-in with its changes, or embedded
  ExerciseLimits limits;
  std::vector<OptionPermission> options;
  std::vector<Parameter> parameters;
  CommandPermission commands;  // max_count 0: none
  std::vector<AnswerSlot> answers;
  std::vector<Check> checks;
  Answer reference;
  std::vector<WrongAnswer> wrong;
  std::vector<std::string> warnings;  // what the author may have missed, each naming its field: not errors
};

}  // namespace contactlab
