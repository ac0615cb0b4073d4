// A running scene: the model, the options as the user has set them, and the state.
// This is what the page (through wasm/) and the tests drive; every mutator returns a
// Status and leaves the simulation as it was when it fails.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "data.h"
#include "model.h"
#include "options.h"
#include "status.h"

namespace contactlab {

class Simulation {
 public:
  // Numbers per body in body_poses(): x y z qw qx qy qz; in body_velocities():
  // vx vy vz wx wy wz; per contact in contact_values(): px py pz nx ny nz phi fn
  // ftx fty ftz mode mu body_a body_b.
  static constexpr int kPoseStride = 7;
  static constexpr int kVelocityStride = 6;
  static constexpr int kContactStride = 15;

  Status load_scene(const std::string& json_text);
  Status set_option(const std::string& name, double value);
  // NaN for an unknown name.
  double option(const std::string& name) const;
  void reset();
  // Advances `count` steps (no scene: none) and returns how many were taken.
  long step(long count);

  bool has_scene() const { return model_ != nullptr; }
  const Model& model() const { return *model_; }
  const Options& options() const { return options_; }
  const Data& data() const { return *data_; }

  // JSON with the scene's name, description, duration, options and bodies with their
  // geoms (shape parameters, hull vertices and faces, local poses, colours).
  std::string scene_description() const;
  const std::vector<double>& body_poses();
  const std::vector<double>& body_velocities();
  const std::vector<double>& contact_values();

 private:
  std::shared_ptr<const Model> model_;
  Options options_;
  std::unique_ptr<Data> data_;
  std::vector<double> pose_buffer_;
  std::vector<double> velocity_buffer_;
  std::vector<double> contact_buffer_;
};

}  // namespace contactlab
