// Reading a scene file the user opened (the file picker or a drop): at most
// MAX_SCENE_FILE_BYTES, as a link's inflated text (docs/links.md), and UTF-8 text.
// What the text says is checked by the core when the session loads it, as a link's
// scene is; nothing in it is run.
export const MAX_SCENE_FILE_BYTES = 1024 * 1024;

// A File (or Blob with a name) => {text} or {error} saying what is wrong with it.
export async function readSceneFile(file) {
  if (file.size > MAX_SCENE_FILE_BYTES) {
    return { error: `the file is ${file.size} bytes; at most ${MAX_SCENE_FILE_BYTES} are allowed` };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { error: 'the file is not UTF-8 text (a scene is JSON, docs/scene_format.md)' };
  }
}
