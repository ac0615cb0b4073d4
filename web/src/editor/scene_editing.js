// The scene editor as the page uses it, in a chunk of its own that comes after the
// first frame or at the editor's first use (main.js): the editor with its undo
// history, the gizmo in the view, the initial velocities' arrows and the editor's
// folder of the control panel (built in `folder`, whose place the panel holds from
// the start), following the session from the scene shown when it comes, and the
// editor's keys. `sources`: the editor's meshBody and robotScene (scene_editor.js);
// `typing(target)`: the page's keyboard's test for text being typed.
import { listenForEditorKeys } from './editor_keys.js';
import { EditJournal } from './edit_journal.js';
import { EditorPanel } from './editor_panel.js';
import { Gizmo } from './gizmo.js';
import { SceneEditor } from './scene_editor.js';
import { VelocityArrows } from './velocity_arrows.js';

export function createSceneEditing({ session, loop, view, folder, afterLoad, sources, typing }) {
  const editor = new SceneEditor(session, loop, new EditJournal(), sources);
  const gizmo = new Gizmo(view, editor, session);
  const velocityArrows = new VelocityArrows(view, session);
  const editorPanel = new EditorPanel(folder, editor, afterLoad);
  // The gizmo and the arrows first: the editor's following starts from the scene shown,
  // which they then draw.
  gizmo.followEditor();
  velocityArrows.followEditor(editor);
  editor.followSession(session);
  listenForEditorKeys(editor, gizmo, typing);
  return { editor, gizmo, velocityArrows, editorPanel };
}
