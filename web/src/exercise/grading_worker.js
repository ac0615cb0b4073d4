// The grader's thread (grading_client.js): grading runs the exercise's simulations for
// up to seconds in one call into the core, which cannot be cut into slices between
// frames, so it runs here, in its own instance of the WebAssembly module, and the page
// keeps drawing. One core Exercise per exercise text, kept: the values the grader
// computes from the exercise alone are worked out once.
//
// Messages in: {id, exerciseText, answerKey, scenesText, answerText}; out: {id, grade
// (the core's grade JSON text), results (the last grade as `contactlab grade` writes
// PrairieLearn's results)} or {id, error}.
import { createMainModule } from '../module/main_module.js';

// Grading runs the exercise's code, which the module's primary part does not hold: its
// secondary part is awaited.
const modulePromise = createMainModule().then(async ({ module, secondary }) => {
  await secondary.load(module);
  return module;
});
const exercises = new Map(); // answer key and exercise text -> the core's Exercise

async function grade({ exerciseText, answerKey, scenesText, answerText }) {
  const module = await modulePromise;
  const key = `${answerKey}\n${exerciseText}`;
  let exercise = exercises.get(key);
  if (!exercise) {
    exercise = new module.Exercise();
    const error = exercise.load(exerciseText, scenesText, answerKey);
    if (error) {
      exercise.delete();
      throw new Error(`the exercise: ${error}`);
    }
    exercises.set(key, exercise);
  }
  const graded = exercise.grade(answerText);
  return { grade: graded, results: exercise.results('prairielearn') };
}

self.addEventListener('message', async ({ data }) => {
  try {
    self.postMessage({ id: data.id, ...(await grade(data)) });
  } catch (error) {
    self.postMessage({ id: data.id, error: error.message ?? String(error) });
  }
});
