// The control panel's export folder (closed at first; hidden in presentation mode):
// a button per export (exports.js), the length of the video, and the button that opens
// a scene file (open/file_opener.js). The video button says "recording…" while it
// records.
const VIDEO_SECONDS = Object.freeze({ min: 1, max: 30, step: 1, initial: 5 });
const VIDEO_LABEL = 'video WebM, last seconds';

export class ExportFolder {
  // `exportWith(action)`: a promise of action(exports) (an Exports) once the exports'
  // chunk is in (main.js); `openSceneFile()` opens the browser's file picker.
  constructor(gui, exportWith, openSceneFile) {
    this.folder = gui.addFolder('export');
    this.state = {
      states: () => exportWith((exports) => exports.stateCsv()),
      series: () => exportWith((exports) => exports.seriesCsv()),
      png: () => exportWith((exports) => exports.viewPng()),
      seconds: VIDEO_SECONDS.initial,
      video: () => this.#video(exportWith),
      scene: () => exportWith((exports) => exports.sceneJson()),
      open: () => openSceneFile(),
    };
    this.folder.add(this.state, 'states').name('body states CSV');
    this.folder.add(this.state, 'series').name('plotted series CSV');
    this.folder.add(this.state, 'png').name('view PNG');
    this.folder
      .add(this.state, 'seconds', VIDEO_SECONDS.min, VIDEO_SECONDS.max, VIDEO_SECONDS.step)
      .name('video length [s]');
    this.videoController = this.folder.add(this.state, 'video').name(VIDEO_LABEL);
    this.folder.add(this.state, 'scene').name('scene JSON with options');
    this.folder.add(this.state, 'open').name('open scene file… (or drop one)');
    this.folder.close();
  }

  async #video(exportWith) {
    this.videoController.name('recording…').disable();
    try {
      await exportWith((exports) => exports.video(this.state.seconds));
    } finally {
      this.videoController.name(VIDEO_LABEL).enable();
    }
  }
}
