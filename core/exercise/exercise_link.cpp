#include "exercise/exercise_link.h"

#include "scene/json_fields.h"

namespace contactlab {

Status exercise_link_text(const std::string& exercise_text, const BuiltinSceneLookup& builtin_scenes,
                          std::string& link_text) {
  Exercise exercise;
  CONTACTLAB_RETURN_IF_ERROR(read_exercise(exercise_text, builtin_scenes, exercise, AnswerKey::Optional));
  // The reader accepted the text: one JSON object, within its depth, no key twice.
  Json document = Json::parse(exercise_text, nullptr, false);
  if (!document.is_object()) return Status::failure("the exercise must be a JSON object");
  document.erase("reference");
  document.erase("wrong");
  link_text = document.dump();
  return Status::success();
}

}  // namespace contactlab
