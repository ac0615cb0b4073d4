// The formulation folder of the control panel: the option `formulation` (switched
// live: the state carries over, only the contact problem of the next step changes),
// one line on what the chosen formulation is and where it comes from, and the
// controls of its own parameters (those of the other formulations are hidden). The
// selector's entries, the line and the parameters' controls all come from the core's
// option schema: the formulation's named values and their labels, and the options
// each formulation owns. Every value goes through the page's setOption action and the
// folder then shows the values in force.
import { addOptionControl } from './option_control.js';

const FORMULATION = 'formulation';

export class FormulationPanel {
  // `gui`: the lil-gui root; `before`: the folder to insert this one ahead of;
  // `optionSchema`: the core's option table (option_schema.js). actions: {
  // setOption(name, value) }, returning "" or an error the page shows.
  constructor(gui, before, optionSchema, actions) {
    this.schema = optionSchema;
    this.state = { formulation: optionSchema.formulations[0] };
    this.parameters = []; // {formulation, control}

    this.folder = gui.addFolder('formulation');
    if (before) gui.$children.insertBefore(this.folder.domElement, before.domElement);
    this.folder.domElement.classList.add('formulation-panel');
    this.selector = this.folder
      .add(this.state, 'formulation', optionSchema.formulations)
      .name(optionSchema.option(FORMULATION).label)
      .onChange((name) => actions.setOption(FORMULATION, optionSchema.valueOf(FORMULATION, name)));
    this.note = document.createElement('div');
    this.note.className = 'formulation-note';
    this.note.id = 'formulation-note';
    this.folder.$children.appendChild(this.note);

    for (const formulation of optionSchema.formulations) {
      for (const entry of optionSchema.parametersOf(formulation)) {
        const control = addOptionControl(this.folder, entry, (value) => actions.setOption(entry.name, value));
        this.parameters.push({ formulation, control });
      }
    }
  }

  // What the folder shows: {formulation, note, parameters (the option names of the
  // parameter rows shown)}.
  summary() {
    return {
      formulation: this.state.formulation,
      note: this.note.textContent,
      parameters: this.parameters
        .filter((parameter) => parameter.formulation === this.state.formulation)
        .map((parameter) => parameter.control.entry.name),
    };
  }

  // The parameters' controls, of every formulation: [{option, label}].
  optionControls() {
    return this.parameters.map((parameter) => parameter.control.describe());
  }

  // Follows the options in force.
  followSession(session) {
    session.onOptions((options) => this.refresh(options));
  }

  // Shows the options in force (after a scene load, a change or a refused value).
  refresh(options) {
    const current = this.schema.namedValue(FORMULATION, options[FORMULATION]);
    this.state.formulation = current.name;
    this.note.textContent = current.label;
    for (const { formulation, control } of this.parameters) {
      control.show(options[control.entry.name]);
      control.controller.show(formulation === current.name);
    }
    this.selector.updateDisplay();
  }
}
