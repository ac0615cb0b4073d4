// What the page shows of a grade (docs/exercises.md, "Results"): the checks whose
// `visibility` is "visible" with their result, feedback and what the simulation showed;
// of a check marked "after_due_date" or "hidden", nothing (a course platform grades it
// and shows it when the lecturer says). The score shown is of the visible checks; the
// whole grade still goes to an embedding page and into the downloaded results.
export function shownGrade(grade) {
  const checks = grade.checks.filter((check) => check.visibility === 'visible');
  const points = checks.reduce((sum, check) => sum + check.points, 0);
  const maxPoints = checks.reduce((sum, check) => sum + check.max_points, 0);
  return {
    checks,
    points,
    maxPoints,
    score: maxPoints > 0 ? points / maxPoints : null,
    withheld: grade.checks.length - checks.length,
  };
}

// The score line: "score 100 %: 3 of 3 points", and how many checks are not shown.
export function scoreLine(shown) {
  const withheld =
    shown.withheld === 0 ? '' : `; ${shown.withheld} more ${shown.withheld === 1 ? 'check is' : 'checks are'} graded but not shown here`;
  if (shown.score === null) return 'every check is graded but not shown here';
  const percent = Math.round(shown.score * 1000) / 10;
  return `score ${percent} %: ${shown.points} of ${shown.maxPoints} points${withheld}`;
}
