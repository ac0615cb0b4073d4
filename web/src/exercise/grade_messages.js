// The grade an exercise's Check gives, for the page that embeds the lab: the latest one
// is kept, and each new one is told to the listener (main.js hands it to the
// postMessage API, embed/message_api.js, which sends it to the parent at its accepted
// origin as the event `graded`, and answers the request `grade` with it;
// docs/embedding.md).
export class GradeMessages {
  #latest = null;
  onGrade = null; // (message) => void

  // The latest grade as the `graded` message, or null before the first Check.
  get latest() {
    return this.#latest;
  }

  // A grade and its answer (the ANSWER.json document).
  postGrade(exercise, grade, answer) {
    this.#latest = {
      type: 'graded',
      exercise,
      gradable: grade.gradable,
      score: grade.gradable ? grade.score : null,
      points: grade.points,
      maxPoints: grade.max_points,
      error: grade.error,
      answer,
    };
    this.onGrade?.(this.#latest);
  }
}
