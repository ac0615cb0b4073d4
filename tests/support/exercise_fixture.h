// A small exercise on the built-in ball_drop (a 1 kg ball of radius 0.1 m dropped from
// a centre height of 1 m) for the exercise tests: cheap to run, with analytic answers.
// Free fall by symplectic Euler, z_n = z_0 - g h^2 n (n + 1) / 2: at h = 2.5 ms the ball
// reaches z <= 0.1001 (0.8999 m down) after n = 171 steps, t = 0.4275 s (sqrt(2 * 0.9 /
// g) = 0.4284 s in continuous time); within 0.5 s (200 steps) for g >= 0.8999 /
// 0.125625 = 7.1634 m/s^2. The contact catches it at z = 0.10005, half the contact
// threshold above the ground, and it rests there without a bounce.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "builtin_scenes.h"
#include "exercise/exercise_reader.h"
#include "exercise/grading.h"
#include "scene/json_fields.h"

namespace contactlab {

inline Status test_builtin_scene(const std::string& name, std::string& text) {
  const BuiltinScene* scene = find_builtin_scene(name);
  if (scene == nullptr) return Status::failure("unknown built-in scene \"" + name + "\"");
  text = scene->text;
  return Status::success();
}

inline const char* const kDropExercise = R"({
  "name": "test_drop",
  "title": "A dropped ball",
  "task": "Drop the *ball* and time its fall.",
  "scene": {"builtin": "ball_drop"},
  "limits": {"time": 1, "steps": 800, "seconds": 60},
  "settings": {
    "options": {"gravity_z": {"min": -20, "max": 0}, "time_step": {"min": 0.0001, "max": 0.01},
                "friction_edges": {"min": 4, "max": 32}},
    "parameters": {"drop_height": {"label": "the ball's centre height", "unit": "m", "min": 0.2, "max": 2,
                                   "targets": [{"pointer": "/bodies/1/position/2"}]}}
  },
  "answers": {
    "fall_time": {"label": "the fall time", "unit": "s", "min": 0, "max": 10},
    "weakest_gravity": {"label": "the weakest gravity (g_z) that lands it by 0.5 s", "unit": "m/s^2", "min": -100,
                        "max": 0}
  },
  "checks": [
    {"name": "lands", "points": 1, "expect": {"kind": "position", "body": "ball", "z": [null, 0.1001], "at": 1},
     "pass": "It lands.", "fail": "It is still falling."},
    {"name": "fall time", "points": 2, "answer": "fall_time",
     "value": {"measure": {"kind": "first_time", "during": [0, 1],
                           "when": {"kind": "position", "body": "ball", "z": [null, 0.1001]}}},
     "tolerance": 0.01, "pass": "Right.", "fail": "Use z = g t^2 / 2."},
    {"name": "rests", "points": 1,
     "expect": {"kind": "speed", "body": "ball", "range": [0, 0.001], "during": [0.9, 1]}},
    {"name": "weakest gravity", "points": 2, "answer": "weakest_gravity",
     "value": {"bisect": {"option": "gravity_z", "low": -20, "high": -1, "iterations": 20,
                          "until": {"kind": "position", "body": "ball", "z": [null, 0.1001], "at": 0.5}}},
     "relative_tolerance": 0.01}
  ],
  "reference": {"answers": {"fall_time": 0.4284, "weakest_gravity": -7.1634}},
  "wrong": [{"mistake": "half the time", "answers": {"fall_time": 0.2142, "weakest_gravity": -7.2},
             "score": 0.6666666666666666}]
})";

// The drop exercise with the value at JSON Pointer `pointer` replaced (or removed, for a
// null `value` and `remove`).
inline std::string drop_exercise_with(const std::string& pointer, const Json& value, bool remove = false) {
  Json document = Json::parse(kDropExercise);
  const Json::json_pointer at(pointer);
  if (remove) {
    document[at.parent_pointer()].erase(at.back());
  } else {
    document[at] = value;
  }
  return document.dump();
}

inline Exercise read_drop_exercise(const std::string& text = kDropExercise) {
  Exercise exercise;
  const Status status = read_exercise(text, test_builtin_scene, exercise);
  if (!status.ok()) ADD_FAILURE() << status.message();
  return exercise;
}

// The grade of an answer's text that the grader reads without a refusal.
inline Grade graded(const Exercise& exercise, const std::string& answer_text) {
  ExerciseGrader grader(exercise);
  Grade grade;
  const Status status = grader.grade_text(answer_text, grade);
  EXPECT_TRUE(status.ok()) << status.message();
  return grade;
}

}  // namespace contactlab
