// The panels above the status line stand on it: its height, which grows when its
// fields wrap, sets `--above-status` (style.css), the distance from the window's bottom
// edge at which they start, so that they never cover it.
const GAP_PX = 10;

export function keepPanelsAboveStatusLine(statusLine) {
  const apply = () => {
    const top = statusLine.getBoundingClientRect().top;
    if (top <= 0) return; // hidden (an embedded page's bar takes its place)
    document.documentElement.style.setProperty('--above-status', `${Math.round(window.innerHeight - top + GAP_PX)}px`);
  };
  new ResizeObserver(apply).observe(statusLine);
  window.addEventListener('resize', apply);
  apply();
}
