#include "scene/option_fields.h"

#include "base/options.h"

namespace contactlab {

Status option_status_at(const Status& status, const std::string& name, const std::string& path) {
  if (status.ok()) return status;
  const std::string& message = status.message();
  const std::string lead = name + ": ";
  return Status::failure(path + ": " + (message.rfind(lead, 0) == 0 ? message.substr(lead.size()) : message));
}

Status read_option_value(const std::string& name, const Json& value, const std::string& path, double& number) {
  if (value.is_string()) {
    return option_status_at(option_value_of_word(name, value.get_ref<const std::string&>(), number), name, path);
  }
  if (!value.is_number()) {
    return Status::failure(path + ": must be a number or a named value, got " + describe_json(value));
  }
  number = value.get<double>();
  Options probe;
  return option_status_at(set_option(probe, name, number), name, path);
}

Status read_option_name(const std::string& name, const std::string& path) {
  for (const std::string& known : option_names()) {
    if (name == known) return Status::success();
  }
  std::string listed;
  for (const std::string& known : option_names()) listed += (listed.empty() ? "" : ", ") + known;
  return Status::failure(path + ": unknown option \"" + name + "\" (allowed: " + listed + ")");
}

}  // namespace contactlab
