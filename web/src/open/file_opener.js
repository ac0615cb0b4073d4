// Where scene, exercise and robot files come in: the "open scene file" button and the
// robot buttons (hidden file inputs they click), and files dropped anywhere on the page.
// A dropped folder, a .zip, a .urdf or several files are a robot (robot_import.js);
// a single .stl or .obj file is a mesh the editor makes a body of; one other file is a
// scene or exercise file. A drop never makes the browser navigate
// to the file, whatever was dropped; while files are dragged over the page,
// body.dropping outlines it.
import { entryFiles } from './robot_files.js';

const ROBOT_FILE = /\.(zip|urdf)$/i;
const MESH_FILE = /\.(stl|obj)$/i;

function hiddenInput(id, label, accept) {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = id;
  input.accept = accept;
  input.hidden = true;
  input.setAttribute('aria-label', label);
  document.body.append(input);
  return input;
}

// The files of a picked folder or picked files => [path, File] pairs (a folder's keep
// their paths inside it).
function pickedPairs(input) {
  return Array.from(input.files, (file) => [file.webkitRelativePath || file.name, file]);
}

export class FileOpener {
  #input;
  #robotFolderInput;
  #robotFilesInput;

  // `onFile(file)` is called with the scene or exercise file picked or dropped;
  // `onRobot(pairs)` with a promise of the robot's [path, File] pairs; `onMesh(file)`
  // with a mesh file dropped alone.
  constructor(onFile, onRobot, onMesh) {
    this.#robotFolderInput = hiddenInput('robot-folder-input', 'robot folder to open (a URDF with its meshes)', '');
    this.#robotFolderInput.webkitdirectory = true;
    this.#robotFilesInput = hiddenInput('robot-files-input', 'robot .zip or URDF and mesh files to open',
      '.zip,.urdf,.stl,.obj,.dae,.mtl');
    this.#robotFilesInput.multiple = true;
    for (const input of [this.#robotFolderInput, this.#robotFilesInput]) {
      input.addEventListener('change', () => {
        const pairs = pickedPairs(input);
        input.value = '';
        if (pairs.length > 0) onRobot(Promise.resolve(pairs));
      });
    }

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
      const transfer = event.dataTransfer;
      if (!transfer) return;
      // Entries must be taken while the drop event runs; their files are read later.
      const entries = Array.from(transfer.items ?? [], (item) => item.webkitGetAsEntry?.()).filter(Boolean);
      const files = Array.from(transfer.files);
      const robot =
        entries.some((entry) => entry.isDirectory) || files.length > 1 || (files.length === 1 && ROBOT_FILE.test(files[0].name));
      if (robot) {
        onRobot(entries.length > 0 ? entryFiles(entries) : Promise.resolve(files.map((file) => [file.name, file])));
      } else if (files[0] && MESH_FILE.test(files[0].name)) {
        onMesh(files[0]);
      } else if (files[0]) {
        onFile(files[0]);
      }
    });
  }

  // Opens the browser's folder picker for a robot's folder.
  pickRobotFolder() {
    this.#robotFolderInput.click();
  }

  // Opens the browser's file picker for a robot's .zip, or its URDF and mesh files.
  pickRobotFiles() {
    this.#robotFilesInput.click();
  }

  // Opens the browser's file picker.
  pick() {
    this.#input.click();
  }
}
