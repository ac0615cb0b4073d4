# Writes ${OUTPUT}: the table of cli/builtin_scenes.h, one entry per JSON file in
# ${SCENES_DIR}, each text as a raw string literal. Run at build time (add_custom_command),
# so editing a scene rebuilds the table.
file(GLOB scene_files "${SCENES_DIR}/*.json")
list(SORT scene_files)
set(entries "")
foreach(scene_file IN LISTS scene_files)
  get_filename_component(name "${scene_file}" NAME_WE)
  file(READ "${scene_file}" text)
  string(FIND "${text}" ")contactlab_scene\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${scene_file} contains the raw-string delimiter")
  endif()
  string(APPEND entries "      {\"${name}\", R\"contactlab_scene(${text})contactlab_scene\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Written by cmake/builtin_scenes.cmake from assets/scenes; do not edit.
#include \"builtin_scenes.h\"

namespace contactlab {

const std::vector<BuiltinScene>& builtin_scenes() {
  static const std::vector<BuiltinScene> scenes = {
${entries}  };
  return scenes;
}

}  // namespace contactlab
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
