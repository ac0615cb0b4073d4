// The page's panels: its fixed elements that stay on screen (the scene panel, the
// control panel, the legend, the status line, the plots, the compare table, the
// wrench-space inset, the exercise panel, the embed bar). Passing notices and the
// error panel do not count. The view lays the camera out in what they leave free
// (view/free_area.js); the folds keep that at least 60 % of the window (folds.js).

const PASSING = new Set(['viewport', 'loading', 'notice', 'error-panel', 'file-notice']);

// The page's elements that may be panels (shown or not).
export function panelCandidates() {
  return [...document.body.children].filter(
    (element) => !PASSING.has(element.id) && element.tagName !== 'SCRIPT' && element.tagName !== 'DIALOG',
  );
}

// The fixed elements that cover part of the view now.
export function panelElements() {
  return panelCandidates().filter((element) => {
    const style = getComputedStyle(element);
    return style.position === 'fixed' && style.display !== 'none' && style.visibility !== 'hidden';
  });
}

// The share of the window (width x height) that the rectangles {left, top, right,
// bottom} cover together: their union's area, exactly, over the grid their edges make.
export function coveredFraction(rectangles, width, height) {
  const inside = rectangles
    .map(({ left, top, right, bottom }) => ({
      left: Math.max(0, left),
      top: Math.max(0, top),
      right: Math.min(width, right),
      bottom: Math.min(height, bottom),
    }))
    .filter(({ left, top, right, bottom }) => right > left && bottom > top);
  const xs = [...new Set(inside.flatMap(({ left, right }) => [left, right]))].sort((a, b) => a - b);
  const ys = [...new Set(inside.flatMap(({ top, bottom }) => [top, bottom]))].sort((a, b) => a - b);
  let covered = 0;
  for (let i = 0; i + 1 < xs.length; i += 1) {
    for (let j = 0; j + 1 < ys.length; j += 1) {
      const [x, y] = [(xs[i] + xs[i + 1]) / 2, (ys[j] + ys[j + 1]) / 2];
      const hit = inside.some(({ left, top, right, bottom }) => x > left && x < right && y > top && y < bottom);
      if (hit) covered += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j]);
    }
  }
  return width > 0 && height > 0 ? covered / (width * height) : 0;
}
