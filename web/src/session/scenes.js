// The built-in scenes: the JSON files in assets/scenes, bundled as text by Vite.
import { DEFAULT_SCENE } from './default_scene.js';

export { DEFAULT_SCENE };

const sceneFiles = import.meta.glob('../../../assets/scenes/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

// name (file name without .json) -> JSON text, sorted by name.
export const builtinScenes = Object.freeze(
  Object.fromEntries(
    Object.entries(sceneFiles)
      .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1, -'.json'.length), text])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ),
);

export const builtinSceneNames = Object.freeze(Object.keys(builtinScenes));

// The scene asked for by ?scene=NAME, else the default.
export function requestedSceneName(search = window.location.search) {
  return new URLSearchParams(search).get('scene') || DEFAULT_SCENE;
}
