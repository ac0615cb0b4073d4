// The part of the view no panel covers. The panels are the page's fixed elements that
// stay on screen (the scene panel, the control panel, the legend, the status line, the
// plots, the compare table, the wrench-space inset, the embed bar); passing notices and
// the error panel do not count. The free area is the largest rectangle of the view
// that meets none of them, found among the rectangles whose sides lie on the view's or
// a panel's edges.

const PASSING = new Set(['viewport', 'loading', 'notice', 'error-panel', 'file-notice']);
const MIN_SIDE_PX = 80; // a free area narrower than this is no use: the whole view then

// The page's elements that may be panels (shown or not).
export function panelCandidates() {
  return [...document.body.children].filter(
    (element) => !PASSING.has(element.id) && element.tagName !== 'SCRIPT' && element.tagName !== 'DIALOG',
  );
}

// The fixed elements that cover part of the view now.
function panelElements() {
  return panelCandidates().filter((element) => {
    const style = getComputedStyle(element);
    return style.position === 'fixed' && style.display !== 'none' && style.visibility !== 'hidden';
  });
}

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// The largest rectangle {left, top, right, bottom} inside `view` (a DOMRect) that
// overlaps none of `panels` (DOMRects), in the view's coordinates.
export function largestFreeRectangle(view, panels) {
  const inside = panels.filter((panel) => panel.width > 0 && panel.height > 0 && overlaps(panel, view));
  const edges = (low, high) =>
    [view[low], view[high], ...inside.flatMap((panel) => [panel[low], panel[high]])].filter(
      (edge) => edge >= view[low] && edge <= view[high],
    );
  const xs = edges('left', 'right');
  const ys = edges('top', 'bottom');
  let best = { left: view.left, top: view.top, right: view.right, bottom: view.bottom };
  let bestArea = -1;
  for (const left of xs) {
    for (const right of xs) {
      if (right - left < MIN_SIDE_PX || (right - left) * view.height <= bestArea) continue;
      for (const top of ys) {
        for (const bottom of ys) {
          const area = (right - left) * (bottom - top);
          if (bottom - top < MIN_SIDE_PX || area <= bestArea) continue;
          const candidate = { left, top, right, bottom };
          if (inside.some((panel) => overlaps(panel, candidate))) continue;
          best = candidate;
          bestArea = area;
        }
      }
    }
  }
  return {
    left: best.left - view.left,
    top: best.top - view.top,
    right: best.right - view.left,
    bottom: best.bottom - view.top,
  };
}

// The free area of `canvas` now.
export function freeArea(canvas) {
  const panels = panelElements().map((element) => element.getBoundingClientRect());
  return largestFreeRectangle(canvas.getBoundingClientRect(), panels);
}
