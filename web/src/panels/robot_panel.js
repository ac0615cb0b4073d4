// The robot panel: a lil-gui folder, shown when the scene has articulations. Per
// articulation a slider for the set point of each actuated revolute or prismatic joint
// (degrees or millimetres; moving it starts a smooth move of that joint), and Open /
// Auto-grasp buttons when it has finger joints; for all of them the auto-grasp kind
// (the option autograsp) and a read-out of the last moved joint's motor effort and
// limit state. Sliders show where each set point is heading (the joint record's
// goal), so they follow auto-grasp, open and rejected moves; they and the read-out
// are refreshed a few times a second, not every frame. An articulation with an arm also
// gets Cartesian jog buttons (cartesian_jog.js).
import { CartesianJog, joggableLinks } from './cartesian_jog.js';
import { addOptionControl } from './option_control.js';

const REFRESH_INTERVAL_MS = 200;
const STEPS_PER_UNIT = 10; // slider steps per degree or millimetre
const SLIDER_STEP = 1 / STEPS_PER_UNIT;
const AUTOGRASP = 'autograsp'; // the option of the auto-grasp kind

// How each joint type is shown: display = scale * SI value; `range` is the slider's
// when the joint has no limits.
const JOINT_UNITS = Object.freeze({
  revolute: { scale: 180 / Math.PI, unit: '°', range: [-180, 180], effort: 'torque', effortUnit: 'N·m' },
  prismatic: { scale: 1000, unit: 'mm', range: [-100, 100], effort: 'force', effortUnit: 'N' },
});

const LIMIT_TEXT = Object.freeze({ '-1': 'at lower limit', 0: 'within limits', 1: 'at upper limit' });

function hasFingers(articulation) {
  return articulation.links.some((link) => link.joint.close_direction !== 0);
}

function formatEffort(value) {
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

export class RobotPanel {
  // `gui`: the lil-gui root the folder is added to; `jointLayout`: the joint record's
  // layout (record_layouts.js); `optionSchema`: the core's option table. actions: {
  // setJointTarget(articulation, link, position), command(articulation, kind),
  // setOption(name, value), jog(articulation, link, dx, dy, dz) }, each returning ""
  // or an error the page shows.
  constructor(gui, jointLayout, optionSchema, actions) {
    this.gui = gui;
    this.jointStride = jointLayout.stride;
    this.jointField = jointLayout.offsets(['goal', 'effort', 'limit']);
    this.autograspEntry = optionSchema.option(AUTOGRASP);
    this.actions = actions;
    this.folder = null;
    this.autograsp = null; // the auto-grasp kind's control
    this.joints = []; // {articulation, index, link, joint, units, value, controller}
    this.jogs = []; // a CartesianJog per articulation with an arm
    this.selected = null; // the joint the read-out describes
    this.readout = null;
    this.lastRefreshMs = -Infinity;
    this.updating = false;
  }

  get shown() {
    return this.folder !== null;
  }

  // Follows the session: built for each scene, its options and joint read-outs shown
  // after every change, restart, command and step the timeline shows.
  followSession(session) {
    const showNow = () => this.update(session.simulation, performance.now(), true);
    session.on('loaded', () => this.build(session.simulation));
    session.on('optionsChanged', ({ options }) => this.refresh(options));
    session.on('seeked', ({ options }) => {
      this.refresh(options);
      showNow();
    });
    session.on('reset', showNow);
    session.on('commanded', showNow);
  }

  // Rebuilds the panel for a newly loaded scene (none when it has no articulations).
  build(simulation) {
    if (this.folder) this.folder.destroy();
    this.folder = null;
    this.autograsp = null;
    this.joints = [];
    this.jogs = [];
    this.selected = null;
    this.readout = null;
    const articulations = simulation.articulations;
    if (articulations.length === 0) return;

    this.folder = this.gui.addFolder('robot');
    this.folder.domElement.classList.add('robot-panel');
    articulations.forEach((articulation, index) => {
      const parent = articulations.length > 1 ? this.folder.addFolder(articulation.name) : this.folder;
      for (const link of articulation.links) {
        const units = JOINT_UNITS[link.joint.type];
        if (!units || !link.joint.actuated || link.joint_index < 0) continue;
        this.addJointSlider(parent, articulation, index, link, units);
      }
      if (hasFingers(articulation)) {
        const buttons = {
          open: () => this.actions.command(articulation.name, 'open'),
          autograsp: () => this.actions.command(articulation.name, 'autograsp'),
        };
        parent.add(buttons, 'open').name('Open');
        parent.add(buttons, 'autograsp').name('Auto-grasp');
      }
      const jogLinks = joggableLinks(articulation);
      if (jogLinks.length > 0) {
        this.jogs.push(new CartesianJog(parent, articulation, jogLinks, (...jog) => this.actions.jog(...jog)));
      }
    });
    if (articulations.some(hasFingers)) {
      this.autograsp = addOptionControl(this.folder, this.autograspEntry, (kind) =>
        this.actions.setOption(AUTOGRASP, kind),
      );
    }
    this.readout = document.createElement('div');
    this.readout.className = 'robot-readout';
    this.readout.id = 'robot-readout';
    this.folder.$children.appendChild(this.readout);
    this.selected = this.joints[0] ?? null;
    this.refresh(simulation.options());
    this.update(simulation, 0, true);
  }

  addJointSlider(parent, articulation, index, link, units) {
    const lower = link.joint.lower ?? -Infinity;
    const upper = link.joint.upper ?? Infinity;
    const min = Number.isFinite(lower) ? units.scale * lower : units.range[0];
    let max = Number.isFinite(upper) ? units.scale * upper : units.range[1];
    if (max <= min) max = min + SLIDER_STEP;
    const entry = { articulation: articulation.name, index, link, lower, upper, units, value: 0, controller: null };
    entry.controller = parent
      .add(entry, 'value', min, max, SLIDER_STEP)
      .name(`${link.name} [${units.unit}]`)
      .onChange((shown) => this.ifUser(() => this.moveJoint(entry, shown)));
    this.joints.push(entry);
  }

  // A slider value to the joint's SI position, kept within its limits (degrees turned
  // back into radians may miss a limit by a rounding error).
  moveJoint(entry, shown) {
    this.selected = entry;
    const position = Math.min(entry.upper, Math.max(entry.lower, shown / entry.units.scale));
    this.actions.setJointTarget(entry.articulation, entry.link.name, position);
  }

  ifUser(change) {
    if (!this.updating) change();
  }

  // The option controls: the auto-grasp kind's, when shown.
  optionControls() {
    return this.autograsp ? [this.autograsp.describe()] : [];
  }

  // Shows the options in force (the auto-grasp kind).
  refresh(options) {
    if (this.autograsp) this.autograsp.show(options[AUTOGRASP]);
  }

  // Sliders to the set points' goals and the read-out, every REFRESH_INTERVAL_MS (or
  // now if `force`). Joint views are taken afresh here.
  update(simulation, nowMs, force = false) {
    if (!this.folder || (!force && nowMs - this.lastRefreshMs < REFRESH_INTERVAL_MS)) return;
    this.lastRefreshMs = nowMs;
    this.updating = true;
    let view = null;
    let viewIndex = -1;
    for (const entry of this.joints) {
      if (entry.index !== viewIndex) {
        view = simulation.jointView(entry.index);
        viewIndex = entry.index;
      }
      const goal = view[entry.link.joint_index * this.jointStride + this.jointField.goal];
      // Rounded to the slider's step, without a negative zero.
      const shown = Math.round(entry.units.scale * goal * STEPS_PER_UNIT) / STEPS_PER_UNIT + 0;
      if (shown !== entry.value) {
        entry.value = shown;
        entry.controller.updateDisplay();
      }
    }
    this.updating = false;
    this.showReadout(simulation);
    for (const jog of this.jogs) jog.update(simulation);
  }

  showReadout(simulation) {
    const entry = this.selected;
    if (!entry) {
      this.readout.textContent = 'no actuated joint';
      return;
    }
    const view = simulation.jointView(entry.index);
    const base = entry.link.joint_index * this.jointStride;
    const effort = view[base + this.jointField.effort];
    const limit = LIMIT_TEXT[view[base + this.jointField.limit]] ?? '';
    const { effort: effortName, effortUnit } = entry.units;
    this.readout.textContent = `${entry.link.name}: ${effortName} ${formatEffort(effort)} ${effortUnit}, ${limit}`;
  }
}
