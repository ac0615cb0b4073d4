// The exercise beside the scene (docs/exercises.md, "In the page"): its title and task,
// what the student may set in the control panel, a number box with its unit for each
// parameter and each numeric answer, Check and "download answer", the progress of a
// grading and, once graded, each check's feedback and points and the score. It only
// shows and collects: exercise_mode.js decides. All text goes in as text nodes.
import { scoreLine, shownGrade } from './shown_grade.js';
import { renderTaskText } from './task_text_view.js';

function element(tag, properties = {}, ...children) {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

function boundsText([low, high], unit) {
  const suffix = unit ? ` ${unit}` : '';
  if (low === null && high === null) return '';
  if (low === null) return `at most ${high}${suffix}`;
  if (high === null) return `at least ${low}${suffix}`;
  return `${low} .. ${high}${suffix}`;
}

// A number typed into a box: {value} (null when empty) or {error}.
export function readNumberBox(text, field) {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: `${field}: must be a number, got "${trimmed}"` };
  return { value };
}

export class ExercisePanel {
  // description: the core's description of the exercise (exercise_bindings.cpp);
  // optionLines: [text] saying which options the control panel leaves open; actions:
  // {check(), download(), parameterChanged(name, text), openIndex()}.
  constructor(container, description, optionLines, actions) {
    this.root = element('section', { id: 'exercise-panel' });
    this.root.setAttribute('aria-label', 'exercise');
    const index = element('button', { type: 'button', id: 'exercise-index-button', textContent: 'all exercises' });
    index.addEventListener('click', () => actions.openIndex());
    const kicker = element('span', { textContent: 'exercise' });
    this.root.append(element('div', { className: 'exercise-kicker' }, kicker, index));
    const title = element('h2', { id: 'exercise-title' });
    title.append(renderTaskText(description.title));
    const task = element('div', { className: 'exercise-task', id: 'exercise-task' }, renderTaskText(description.task));
    this.root.append(title, task);

    this.parameterBoxes = new Map();
    this.answerBoxes = new Map();
    if (optionLines.length || description.parameters.length) {
      this.root.append(element('h3', { textContent: 'your settings' }));
      for (const line of optionLines) {
        this.root.append(element('p', { className: 'exercise-options', textContent: line }));
      }
      for (const parameter of description.parameters) {
        const box = this.#numberRow(`exercise-parameter-${parameter.name}`, parameter);
        box.value = parameter.value === null ? '' : String(parameter.value);
        box.dataset.shown = box.value;
        box.addEventListener('change', () => actions.parameterChanged(parameter.name, box.value));
        this.parameterBoxes.set(parameter.name, box);
      }
    }
    if (description.answers.length) {
      this.root.append(element('h3', { textContent: 'your answers' }));
      for (const slot of description.answers) {
        this.answerBoxes.set(slot.name, this.#numberRow(`exercise-answer-${slot.name}`, slot));
      }
    }

    this.checkButton = element('button', { type: 'button', id: 'exercise-check', textContent: 'Check' });
    this.checkButton.addEventListener('click', () => actions.check());
    const download = element('button', { type: 'button', id: 'exercise-download', textContent: 'download answer' });
    download.addEventListener('click', () => actions.download());
    this.root.append(element('div', { className: 'exercise-buttons' }, this.checkButton, download));
    this.progress = element('p', { id: 'exercise-progress', hidden: true });
    this.progress.setAttribute('role', 'status');
    this.results = element('div', { id: 'exercise-results' });
    this.results.setAttribute('aria-live', 'polite');
    this.root.append(this.progress, this.results);
    container.append(this.root);
  }

  #numberRow(id, { name, label, unit, bounds }) {
    const box = element('input', { id, type: 'text', inputMode: 'decimal', autocomplete: 'off', name });
    const range = boundsText(bounds, unit);
    box.title = range ? `${label}: ${range}` : label;
    const row = element(
      'div',
      { className: 'exercise-row' },
      element('label', { htmlFor: id, textContent: label }),
      box,
      element('span', { className: 'exercise-unit', textContent: unit }),
    );
    this.root.append(row);
    return box;
  }

  // Sets a parameter's box (the value in force, after a change or a refusal).
  showParameter(name, text) {
    const box = this.parameterBoxes.get(name);
    box.value = text;
    box.dataset.shown = text;
  }

  shownParameter(name) {
    return this.parameterBoxes.get(name).dataset.shown;
  }

  // {name: text} of the answer boxes.
  answerTexts() {
    return Object.fromEntries([...this.answerBoxes].map(([name, box]) => [name, box.value]));
  }

  setAnswerText(name, text) {
    this.answerBoxes.get(name).value = text;
  }

  // While a grading runs: Check is disabled and the elapsed time shown.
  showChecking(seconds) {
    this.checkButton.disabled = true;
    this.root.setAttribute('aria-busy', 'true');
    this.progress.hidden = false;
    this.progress.textContent = `checking: simulating your settings… ${seconds.toFixed(0)} s`;
  }

  #doneChecking() {
    this.checkButton.disabled = false;
    this.root.removeAttribute('aria-busy');
    this.progress.hidden = true;
  }

  // A grade: the score, then each check with its points, feedback and what the
  // simulation showed, of the checks visible to students (shown_grade.js); or why the
  // answer was not graded.
  showGrade(grade) {
    this.#doneChecking();
    this.results.replaceChildren();
    if (!grade.gradable) {
      this.#showNotGraded(`not graded: ${grade.error}`);
      return;
    }
    const shown = shownGrade(grade);
    this.results.append(element('p', { className: 'exercise-score', id: 'exercise-score', textContent: scoreLine(shown) }));
    const list = element('ul', { className: 'exercise-checks' });
    for (const check of shown.checks) {
      const item = element('li', { className: check.passed ? 'passed' : 'failed' });
      item.append(
        element('div', {
          className: 'exercise-check-name',
          textContent: `${check.passed ? 'passed' : 'failed'}: ${check.name} (${check.points} of ${check.max_points})`,
        }),
        element('div', { className: 'exercise-feedback' }, renderTaskText(check.message)),
        element('div', { className: 'exercise-output', textContent: check.output }),
      );
      list.append(item);
    }
    this.results.append(list);
  }

  // A message in place of a grade (an answer that cannot be sent, the grader failed).
  showMessage(text) {
    this.#doneChecking();
    this.results.replaceChildren();
    this.#showNotGraded(text);
  }

  #showNotGraded(text) {
    const message = element('p', { className: 'exercise-score not-gradable', id: 'exercise-score', textContent: text });
    this.results.append(message);
  }
}
