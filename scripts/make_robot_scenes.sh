#!/usr/bin/env bash
# Writes the built-in scenes made from real robot descriptions (docs/urdf.md, "Built-in
# robot scenes"): each robot of the URDF validation set imported by `contactlab import`
# and joined to its objects, options and timeline from assets/robots/NAME.json. The
# written assets/scenes/NAME.json are never edited by hand: change assets/robots/ or the
# importer and run this again. The robots' licences are in assets/robots/licenses/.
#   scripts/make_robot_scenes.sh [URDF_SET]   (default ../shared/validation/urdf)
set -euo pipefail
cd "$(dirname "$0")/.."
set_dir=${1:-../shared/validation/urdf}
cli=build/native/contactlab
[[ -x $cli ]] || { echo "make_robot_scenes: $cli not built (scripts/build.sh)" >&2; exit 2; }
[[ -d $set_dir ]] || { echo "make_robot_scenes: $set_dir: no URDF validation set there" >&2; exit 2; }

# Hands point down (roll pi about x) on a vertical slide, which the timelines raise.
down=3.141592653589793,0,0

"$cli" import "$set_dir/franka_hand/hand.urdf" --package-root "$set_dir/franka_hand" \
  --fingers panda_finger_joint1:lower --base "0,0,0.2,$down" --lift -0.1,0.1 \
  --object assets/robots/franka_hand_cube.json -o assets/scenes/franka_hand_cube.json

"$cli" import "$set_dir/robotiq_2f85/robotiq_arg2f_85_model.urdf" --package-root "$set_dir/robotiq_2f85" \
  --fingers finger_joint --base "0,0,0.25,$down" --lift -0.2,0.1 \
  --object assets/robots/robotiq_cube.json -o assets/scenes/robotiq_cube.json

"$cli" import "$set_dir/franka_panda/panda.urdf" --fingers panda_finger_joint1:lower \
  --object assets/robots/panda_pick.json -o assets/scenes/panda_pick.json

"$cli" import "$set_dir/barrett_hand/bhand_model.urdf" \
  --fingers finger_1_med_joint,finger_2_med_joint,finger_3_med_joint --base "0,0,0.32,$down" --lift -0.2,0.1 \
  --object assets/robots/barrett_mug.json -o assets/scenes/barrett_mug.json
