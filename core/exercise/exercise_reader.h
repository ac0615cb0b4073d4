// Exercise files (docs/exercises.md): JSON => Exercise, every field checked - the
// scene loads, with each parameter at both of its bounds too; names of bodies,
// articulations, links, options and answers exist; times lie within the exercise's
// cap; the embedded reference and wrong answers (when it has them) are valid answers. A message names
// the field and what is allowed, e.g. "checks[1].expect.body: unknown body "bx"
// (known: ground, box)".
#pragma once

#include <functional>
#include <string>

#include "base/status.h"
#include "exercise/exercise.h"

namespace contactlab {

// The built-in scenes' JSON by name: the command line compiles them in, the page
// bundles them. Sets `text` for a known name; otherwise fails, naming the known ones.
using BuiltinSceneLookup = std::function<Status(const std::string& name, std::string& text)>;

// Whether the exercise carries its answer key, the `reference` and `wrong` answers
// that test it: an exercise file graded by the command line must (Required); one the
// page opens from a file or an address may leave it out (Optional); the exercise an
// exercise link carries (docs/exercises.md, "Publishing") must not (Refused), so
// nobody reads the key from a link. Without a key `reference` stays empty.
enum class AnswerKey { Required, Optional, Refused };

// `exercise` is written only on success.
Status read_exercise(const std::string& json_text, const BuiltinSceneLookup& builtin_scenes, Exercise& exercise,
                     AnswerKey answer_key = AnswerKey::Required);

}  // namespace contactlab
