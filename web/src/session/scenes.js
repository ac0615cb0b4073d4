// The built-in scenes: the JSON files in assets/scenes, each a chunk of its own that
// Vite fetches when asked (import.meta.glob, not eager): the page's start fetches only
// the scene it opens, the rest come after the first frame (main.js). Their names are
// known at once.
import { DEFAULT_SCENE } from './default_scene.js';

export { DEFAULT_SCENE };

const sceneFiles = import.meta.glob('../../../assets/scenes/*.json', {
  query: '?raw',
  import: 'default',
});

// name (file name without .json) -> loader of its JSON text, sorted by name.
const loaders = new Map(
  Object.entries(sceneFiles)
    .map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), load])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
);

export const builtinSceneNames = Object.freeze([...loaders.keys()]);

const loadedTexts = new Map(); // name -> JSON text, once fetched
let allScenes = null;

export function isBuiltinScene(name) {
  return loaders.has(name);
}

// A built-in scene's JSON text, fetched once: a promise (rejects for an unknown name).
export async function loadBuiltinScene(name) {
  const load = loaders.get(name);
  if (load === undefined) throw new Error(`unknown built-in scene "${name}" (allowed: ${builtinSceneNames.join(', ')})`);
  if (!loadedTexts.has(name)) loadedTexts.set(name, await load());
  return loadedTexts.get(name);
}

// Every built-in scene: a promise of the frozen object {name: JSON text}, sorted by
// name, as the core's exercise and link readers take them (JSON.stringify).
export function loadBuiltinScenes() {
  allScenes ??= Promise.all(builtinSceneNames.map(loadBuiltinScene)).then((texts) =>
    Object.freeze(Object.fromEntries(builtinSceneNames.map((name, index) => [name, texts[index]]))),
  );
  return allScenes;
}

// Whether a built-in scene's text is in (builtinScene answers at once).
export function builtinSceneLoaded(name) {
  return loadedTexts.has(name);
}

// A built-in scene's JSON text now, once loadBuiltinScene or loadBuiltinScenes has
// fetched it; undefined for an unknown name; throws for a scene not fetched yet.
export function builtinScene(name) {
  if (!loaders.has(name)) return undefined;
  if (!builtinSceneLoaded(name)) throw new Error(`the built-in scene ${name} is not loaded yet`);
  return loadedTexts.get(name);
}

// The scene asked for by ?scene=NAME, else the default.
export function requestedSceneName(search = window.location.search) {
  return new URLSearchParams(search).get('scene') || DEFAULT_SCENE;
}
