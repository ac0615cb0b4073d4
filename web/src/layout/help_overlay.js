// The help overlay: a modal dialog listing every keyboard shortcut (keyboard.js).
// It closes with Escape (the dialog's own), its close button or "?" again.
import { SHORTCUTS } from './keyboard.js';

export class HelpOverlay {
  constructor() {
    this.dialog = document.createElement('dialog');
    this.dialog.id = 'help';
    this.dialog.setAttribute('aria-labelledby', 'help-title');
    const title = document.createElement('h2');
    title.id = 'help-title';
    title.textContent = 'Keyboard shortcuts';
    const table = document.createElement('table');
    for (const { label, what } of SHORTCUTS) {
      const row = table.insertRow();
      const key = document.createElement('kbd');
      key.textContent = label;
      row.insertCell().append(key);
      row.insertCell().textContent = what;
    }
    const note = document.createElement('p');
    note.textContent =
      'Tab moves through every control; drag to orbit, scroll or pinch to zoom; ' +
      'drop a scene file on the page to open it. While editing a scene (the edit scene ' +
      'folder): w move, e turn, Shift held for steps, Delete deletes, Esc selects none, ' +
      'Ctrl+Z undo, Ctrl+Shift+Z redo.';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'close';
    close.addEventListener('click', () => this.dialog.close());
    this.dialog.append(title, table, note, close);
    document.body.append(this.dialog);
  }

  get open() {
    return this.dialog.open;
  }

  toggle() {
    if (this.dialog.open) this.dialog.close();
    else this.dialog.showModal();
  }
}
