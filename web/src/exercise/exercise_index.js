// The index of the built-in exercises: a folder of the control panel, below the scene
// picker, with one button per exercise (its title), each opening the lab with
// ?exercise=NAME, and, in an exercise, one back to the lab without it.
import { builtinExerciseNames, builtinExercises, exerciseAddress } from './exercises.js';

// The title an exercise file gives, as plain text for a button (the core reads the file
// when the exercise opens; here only its title is shown, as text).
function titleOf(name) {
  try {
    const title = JSON.parse(builtinExercises[name]).title;
    return typeof title === 'string' ? title : name;
  } catch {
    return name;
  }
}

export class ExerciseIndex {
  // `current`: the exercise open, or null.
  constructor(gui, current, navigate = (href) => window.location.assign(href)) {
    this.gui = gui;
    this.folder = gui.addFolder('exercises');
    this.folder.domElement.id = 'exercise-index';
    // Right below the scene picker: a scene or an exercise is the first choice.
    gui.$children.insertBefore(this.folder.domElement, gui.$children.children[1] ?? null);
    for (const name of builtinExerciseNames) {
      const open = { open: () => navigate(exerciseAddress(name)) };
      const controller = this.folder.add(open, 'open').name(titleOf(name));
      controller.domElement.dataset.exercise = name;
      if (name === current) controller.domElement.classList.add('current');
    }
    if (current !== null) {
      const leave = { leave: () => navigate(exerciseAddress(null)) };
      this.folder.add(leave, 'leave').name('the lab without an exercise');
    }
    this.folder.close();
  }

  // Opens the control panel at the index, the first exercise focused.
  show() {
    this.gui.open();
    this.folder.open();
    this.folder.domElement.scrollIntoView({ block: 'nearest' });
    this.folder.domElement.querySelector('button')?.focus();
  }
}
