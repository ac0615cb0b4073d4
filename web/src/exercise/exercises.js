// The built-in exercises: the JSON files in assets/exercises, bundled as text by Vite,
// and the address that opens one.
const exerciseFiles = import.meta.glob('../../../assets/exercises/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

// name (file name without .json) -> JSON text, sorted by name.
export const builtinExercises = Object.freeze(
  Object.fromEntries(
    Object.entries(exerciseFiles)
      .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), text])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ),
);

export const builtinExerciseNames = Object.freeze(Object.keys(builtinExercises));

// The address of the lab with exercise `name` open (null: the lab without one); the
// page's modes and ?origins stay, a scene and a link go.
export function exerciseAddress(name, href = window.location.href) {
  const url = new URL(href);
  url.hash = ''; // an exercise link goes too
  url.searchParams.delete('scene');
  if (name === null) url.searchParams.delete('exercise');
  else url.searchParams.set('exercise', name);
  return url.href;
}
