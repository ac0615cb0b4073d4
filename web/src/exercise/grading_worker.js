// The grader's thread (grading_client.js): grading runs the exercise's simulations for
// up to seconds in one call into the core, which cannot be cut into slices between
// frames, so it runs here, in its own instance of the WebAssembly module, and the page
// keeps drawing. One core Exercise per exercise, kept: the values the grader computes
// from the exercise alone are worked out once.
//
// Messages in: {id, name, exerciseText, scenesText, answerText}; out: {id, grade
// (the core's grade JSON text), results (the last grade as `contactlab grade` writes
// PrairieLearn's results)} or {id, error}.
import createContactlab from '../wasm/contactlab.mjs';

const modulePromise = createContactlab();
const exercises = new Map(); // name -> the core's Exercise

async function grade({ name, exerciseText, scenesText, answerText }) {
  const module = await modulePromise;
  let exercise = exercises.get(name);
  if (!exercise) {
    exercise = new module.Exercise();
    const error = exercise.load(exerciseText, scenesText);
    if (error) {
      exercise.delete();
      throw new Error(`exercise ${name}: ${error}`);
    }
    exercises.set(name, exercise);
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
