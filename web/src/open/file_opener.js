// Where scene and exercise files come in: the "open scene file" button (a hidden file input it
// clicks) and a file dropped anywhere on the page. A drop never makes the browser
// navigate to the file, whatever was dropped; while files are dragged over the page,
// body.dropping outlines it.
export class FileOpener {
  #input;

  // `onFile(file)` is called with the file picked or the first file dropped.
  constructor(onFile) {
    this.#input = document.createElement('input');
    this.#input.type = 'file';
    this.#input.id = 'scene-file-input';
    this.#input.accept = '.json,application/json';
    this.#input.hidden = true;
    this.#input.setAttribute('aria-label', 'scene or exercise file to open');
    this.#input.addEventListener('change', () => {
      const [file] = this.#input.files;
      this.#input.value = ''; // the same file picked again is a change again
      if (file) onFile(file);
    });
    document.body.append(this.#input);

    const dragsFiles = (event) => event.dataTransfer?.types.includes('Files');
    window.addEventListener('dragover', (event) => {
      event.preventDefault();
      if (!dragsFiles(event)) {
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
        return;
      }
      event.dataTransfer.dropEffect = 'copy';
      document.body.classList.add('dropping');
    });
    window.addEventListener('dragleave', (event) => {
      if (event.relatedTarget === null) document.body.classList.remove('dropping');
    });
    window.addEventListener('drop', (event) => {
      event.preventDefault();
      document.body.classList.remove('dropping');
      const file = event.dataTransfer?.files[0];
      if (file) onFile(file);
    });
  }

  // Opens the browser's file picker.
  pick() {
    this.#input.click();
  }
}
