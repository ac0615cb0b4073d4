// The editor's undo and redo: the scene's JSON text after every accepted edit, kept
// whole (a scene is at most 1 MiB of text: docs/links.md), in a budget of characters.
// Undo steps back one text, redo forward again; a new edit after an undo drops the
// texts that could have been redone. When the texts kept pass the budget, the oldest
// go (the text now always stays), so undo reaches back as far as the budget allows:
// with the default of 16 Mi characters (at most 32 MiB of JavaScript strings),
// thousands of edits of a scene of a few kilobytes, and 15 of the largest.
export const DEFAULT_BUDGET_CHARACTERS = 16 * 1024 * 1024;

export class EditJournal {
  #texts = [];
  #labels = []; // what each edit did, for the buttons' titles ('' for the start)
  #now = -1; // index of the text in force
  #characters = 0;
  #budget;

  constructor(budgetCharacters = DEFAULT_BUDGET_CHARACTERS) {
    this.#budget = budgetCharacters;
  }

  // Starts again from `text` (a scene loaded): nothing to undo or redo.
  start(text) {
    this.#texts = [text];
    this.#labels = [''];
    this.#now = 0;
    this.#characters = text.length;
  }

  // The text in force.
  get current() {
    return this.#texts[this.#now];
  }

  // An accepted edit `label` that left the scene as `text`.
  record(text, label) {
    for (const dropped of this.#texts.splice(this.#now + 1)) this.#characters -= dropped.length;
    this.#labels.length = this.#now + 1;
    this.#texts.push(text);
    this.#labels.push(label);
    this.#characters += text.length;
    this.#now += 1;
    while (this.#characters > this.#budget && this.#now > 0) {
      this.#characters -= this.#texts.shift().length;
      this.#labels.shift();
      this.#now -= 1;
    }
  }

  get canUndo() {
    return this.#now > 0;
  }

  get canRedo() {
    return this.#now < this.#texts.length - 1;
  }

  // What undo would take back, and what redo would do again ('' when nothing).
  get undoLabel() {
    return this.canUndo ? this.#labels[this.#now] : '';
  }

  get redoLabel() {
    return this.canRedo ? this.#labels[this.#now + 1] : '';
  }

  // The text before the one in force, or null; undo() makes it the one in force, to be
  // called once it was applied (peekUndo first, so a refused apply changes nothing).
  peekUndo() {
    return this.canUndo ? this.#texts[this.#now - 1] : null;
  }

  peekRedo() {
    return this.canRedo ? this.#texts[this.#now + 1] : null;
  }

  undo() {
    if (this.canUndo) this.#now -= 1;
  }

  redo() {
    if (this.canRedo) this.#now += 1;
  }

  // How many edits can be undone and redone, and the characters kept.
  get size() {
    return { undo: this.#now, redo: this.#texts.length - 1 - this.#now, characters: this.#characters };
  }
}
