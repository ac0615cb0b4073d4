// The editor's keys, while editing and not typing in a field: Ctrl+Z undo,
// Ctrl+Shift+Z (or Ctrl+Y) redo, w move and e turn with the gizmo, Shift held for steps
// of 1 cm and 15 degrees, Delete (or Backspace) deletes the selected body or robot, Escape
// selects none. (Cmd on a Mac as Ctrl.) `typing(target)` says whether a key pressed on
// that element is text being typed: the page's keyboard owns that test.
export function listenForEditorKeys(editor, gizmo, typing) {
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Shift') gizmo.setStepping(true);
    if (!editor.editing || typing(event.target)) return;
    const command = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    let act = null;
    if (command && key === 'z') act = event.shiftKey ? () => editor.redo() : () => editor.undo();
    else if (command && key === 'y') act = () => editor.redo();
    else if (command || event.altKey) return;
    else if (key === 'w') act = () => gizmo.setMode('translate');
    else if (key === 'e') act = () => gizmo.setMode('rotate');
    else if ((key === 'delete' || key === 'backspace') && editor.selectedRobot !== null) act = () => editor.removeRobot(editor.selectedRobot);
    else if ((key === 'delete' || key === 'backspace') && editor.selected !== null) act = () => editor.removeBody(editor.selected);
    else if (key === 'escape') act = () => editor.select(null);
    if (!act) return;
    event.preventDefault();
    act();
  });
  window.addEventListener('keyup', (event) => {
    if (event.key === 'Shift') gizmo.setStepping(false);
  });
}
