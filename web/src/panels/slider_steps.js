// Exact option values by hand (option_control.js). A slider dragged with a mouse or a
// finger can only land on values a few pixels apart, so a drag moves over a grid of
// whole multiples of the option's step, the finest that leaves every grid value at
// least MIN_PIXELS_PER_VALUE of the slider; every value of it is then reached, and
// reached exactly (0.25, not 0.25000000000000006: lil-gui snaps to the grid and rounds
// to 15 significant digits). The arrow keys step by the option's own step.
const MIN_PIXELS_PER_VALUE = 2;
const GRID_MULTIPLES = Object.freeze([1, 2, 5]);

// The drag grid: the smallest of step times 1, 2, 5, 10, 20, 50, ... that leaves each
// value of `span` at least MIN_PIXELS_PER_VALUE of `widthPixels`.
export function dragGrid(step, span, widthPixels) {
  const most = Math.max(1, widthPixels / MIN_PIXELS_PER_VALUE);
  for (let decade = 1; ; decade *= 10) {
    for (const multiple of GRID_MULTIPLES) {
      const grid = step * multiple * decade;
      if (span / grid <= most) return Number(grid.toPrecision(12));
    }
  }
}

// One key step from `value` on a linear option's grid of `step` from `origin`: the next
// grid value up (direction 1) or down (-1), exact to the decimals of the step.
export function linearKeyStep(value, direction, step, origin) {
  return Number(((Math.round((value - origin) / step) + direction) * step + origin).toPrecision(12));
}

// One key step of a log option: one up or down in the second significant digit
// (2.5 -> 2.6, 1.0 -> 0.99).
export function logKeyStep(value, direction) {
  const exponent = Math.floor(Math.log10(value) + 1e-12);
  let unit = 10 ** (exponent - 1);
  if (direction < 0 && Math.abs(value / 10 ** exponent - 1) < 1e-9) unit /= 10;
  return Number(((Math.round(value / unit) + direction) * unit).toPrecision(2));
}
