// Links in the page (docs/links.md): reading one into what the session opens, and
// writing the session's state as one. The transport is link_codec.js; the payload's
// rules are the core's (Module.readLink, Module.linkScene: core/session/link_payload.h),
// the same that `contactlab run --link` follows.
import { builtinScene, builtinSceneNames, isBuiltinScene } from '../session/scenes.js';
import { LinkError, decodeLinkText, encodeLinkText } from './link_codec.js';
import { payloadText } from './payload_text.js';

// link text (a fragment or a whole URL) => {payload, sceneText, sceneKey} for
// Session.openLink, or {error} saying what was wrong. Nothing in the link is run. The
// built-in scene it names is loaded by then (main.js loads them all before opening the
// address's link).
export function readPageLink(module, link) {
  let text;
  try {
    text = decodeLinkText(link);
  } catch (error) {
    if (error instanceof LinkError) return { error: error.message };
    throw error;
  }
  const read = module.readLink(text);
  if (read.error) return { error: read.error };
  const payload = JSON.parse(read.payload);
  const builtin = payload.scene.builtin;
  if (builtin !== undefined && !isBuiltinScene(builtin)) {
    return {
      error: `link: scene.builtin: unknown built-in scene "${builtin}" (allowed: ${builtinSceneNames.join(', ')})`,
    };
  }
  const scene = module.linkScene(read.payload, builtin === undefined ? '' : builtinScene(builtin));
  if (scene.error) return { error: scene.error };
  const sceneKey = builtin !== undefined && payload.scene.changes === undefined ? builtin : null;
  return { payload, sceneText: scene.text, sceneKey };
}

// A payload object => "#v1.…", after the core has read it back (so the page never
// writes a link it would refuse). A scene carried whole is written from `sceneText`, the
// scene's JSON as loaded (payload_text.js). Throws with the core's message otherwise.
export function writePageLink(module, payload, sceneText) {
  const read = module.readLink(payloadText(payload, sceneText));
  if (read.error) throw new Error(`the page's state does not make a valid link: ${read.error}`);
  return encodeLinkText(read.payload);
}
