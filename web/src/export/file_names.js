// Names of exported files: the scene's name, the simulated time they show and what
// they hold, e.g. "brick_slide_t1.250s_states.csv". Scene names are 1 to 64 characters
// of A-Z a-z 0-9 _ - (docs/scene_format.md), so they are safe in a file name as they are.
export function exportFileName(sceneName, time, what, extension) {
  return `${sceneName || 'scene'}_t${time.toFixed(3)}s_${what}.${extension}`;
}
