// Grades answers off the page's thread (grading_worker.js), one at a time in the order
// asked: grade() resolves to {grade (parsed: docs/exercises.md's Grade, with feedback
// as text blocks), results (PrairieLearn's results text, as the CLI writes it)}.
export class GradingClient {
  #worker = null;
  #pending = new Map(); // id -> {resolve, reject}
  #nextId = 1;

  #scenesText = null;
  #loadScenesText;

  // `loadScenesText()`: a promise of the built-in scenes as a JSON object {name: text},
  // asked for at the first grading (the scenes load after the page's first frame);
  // every grading waits for it, in the order asked.
  constructor(loadScenesText) {
    this.#loadScenesText = loadScenesText;
  }

  // The exercise's JSON text with its answer key as the core reads it ("required",
  // "optional" or "refused": exercise_source.js), and ANSWER.json's text.
  grade(exerciseText, answerKey, answerText) {
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#scenesText ??= this.#loadScenesText();
      this.#scenesText.then(
        (scenesText) => worker.postMessage({ id, exerciseText, answerKey, scenesText, answerText }),
        (error) => {
          this.#pending.delete(id);
          reject(new Error(`the built-in scenes did not load: ${error.message ?? error}`));
        },
      );
    });
  }

  #start() {
    if (this.#worker) return this.#worker;
    this.#worker = new Worker(new URL('./grading_worker.js', import.meta.url), { type: 'module' });
    this.#worker.addEventListener('message', ({ data }) => {
      const pending = this.#pending.get(data.id);
      this.#pending.delete(data.id);
      if (data.error) {
        pending.reject(new Error(data.error));
        return;
      }
      const grade = JSON.parse(data.grade);
      if (grade.broken) pending.reject(new Error(`the exercise cannot be graded: ${grade.broken}`));
      else pending.resolve({ grade, results: data.results });
    });
    // The worker itself failed (its module did not load): every request fails with it.
    this.#worker.addEventListener('error', (event) => {
      event.preventDefault();
      const error = new Error(`the grader did not start: ${event.message || 'the worker failed'}`);
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
      this.#worker.terminate();
      this.#worker = null;
    });
    return this.#worker;
  }
}
