import { panelElements } from '../layout/panels_on_screen.js';

// The part of the view no panel covers (the panels: layout/panels_on_screen.js). The
// free area is the largest rectangle of the view that meets none of them, found among
// the rectangles whose sides lie on the view's or a panel's edges.

const MIN_SIDE_PX = 80; // a free area narrower than this is no use: the whole view then

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
