// The control panel's "robot (URDF)" folder: buttons that pick a URDF folder or a .zip
// (dropping either on the page does the same, file_opener.js), and, once a robot is
// open, which of its URDFs is imported, the import report as plain text, a choice per
// movable joint naming it a finger joint auto-grasp closes and toward which limit (the
// robot is imported again with them, as `contactlab import --fingers J:lower`), and
// whether the page's link can carry the robot's scene; and "show: visual / collision",
// what the robot's bodies are drawn by (collision only for a scene without visual
// shapes, such as one opened from a link, which carries only the hulls). Text from the
// files is only ever set as textContent.
const REPORT_CLASS = 'import-report';
const COLLISION_ONLY = 'collision only';
// A joint's finger choice => the import request's `close` ('' : not a finger).
const FINGER_CHOICES = Object.freeze({
  'not a finger': '',
  'finger (side from the geometry)': 'auto',
  'finger, closes to lower limit': 'lower',
  'finger, closes to upper limit': 'upper',
});

export class RobotImportPanel {
  #folder;
  #actions;
  #report;
  #linkNote;
  #robotControllers = [];
  #show = { show: COLLISION_ONLY };
  #showController;

  // actions: { pickFolder(), pickFiles(), chooseUrdf(path), setFingers([{joint, close}]),
  // showGeometry('visual' | 'collision') }.
  constructor(gui, actions) {
    this.#actions = actions;
    this.#folder = gui.addFolder('robot (URDF)');
    const buttons = {
      folder: () => actions.pickFolder(),
      files: () => actions.pickFiles(),
    };
    this.#folder.add(buttons, 'folder').name('open URDF folder… (or drop one)');
    this.#folder.add(buttons, 'files').name('open URDF .zip or files…');
    this.#showController = this.#folder.add(this.#show, 'show', [COLLISION_ONLY]).name('show');
    this.#report = document.createElement('pre');
    this.#report.className = REPORT_CLASS;
    this.#report.id = 'import-report';
    this.#report.hidden = true;
    this.#linkNote = document.createElement('p');
    this.#linkNote.className = 'import-link-note';
    this.#linkNote.id = 'import-link-note';
    this.#linkNote.hidden = true;
    this.#folder.$children.append(this.#report, this.#linkNote);
    this.#folder.close();
  }

  // Whether the scene shown has visual shapes: then the choice is visual (drawn first)
  // or collision, else it says collision only.
  setVisualsAvailable(available) {
    this.#showController.destroy();
    this.#show.show = available ? 'visual' : COLLISION_ONLY;
    const choices = available ? ['visual', 'collision'] : [COLLISION_ONLY];
    this.#showController = this.#folder
      .add(this.#show, 'show', choices)
      .name('show')
      .onChange((show) => this.#actions.showGeometry(show));
    this.#folder.$children.append(this.#report, this.#linkNote);
  }

  // A robot was imported (or refused): its URDFs, the one used, its movable joints, the
  // fingers named, the report's text and the link's note.
  show({ urdfPaths, urdfPath, joints, fingers, report, error, linkNote }) {
    for (const controller of this.#robotControllers) controller.destroy();
    this.#robotControllers = [];
    if (urdfPaths.length > 1) {
      const choice = { urdf: urdfPath };
      this.#robotControllers.push(
        this.#folder
          .add(choice, 'urdf', urdfPaths)
          .name('URDF')
          .onChange((path) => this.#actions.chooseUrdf(path)),
      );
    }
    if (joints.length > 0) {
      const named = new Map(fingers.map((finger) => [finger.joint, finger.close]));
      const state = Object.fromEntries(joints.map((joint) => [joint, named.get(joint) ?? '']));
      const chosen = () => joints.filter((joint) => state[joint]).map((joint) => ({ joint, close: state[joint] }));
      for (const joint of joints) {
        this.#robotControllers.push(
          this.#folder
            .add(state, joint, FINGER_CHOICES)
            .name(`finger: ${joint}`)
            .onChange(() => this.#actions.setFingers(chosen())),
        );
      }
    }
    const lines = [];
    if (error) lines.push(`error: ${error}`);
    if (report) lines.push(report.trimEnd());
    if (lines.length === 0) lines.push('imported as written: nothing ignored, estimated or simplified');
    this.#report.textContent = lines.join('\n');
    this.#report.hidden = false;
    this.#folder.$children.append(this.#report, this.#linkNote);
    this.#linkNote.textContent = linkNote ?? '';
    this.#linkNote.hidden = !linkNote;
    this.#folder.open();
  }
}
