// How the page names an option in a control, from its schema entry: the core's label,
// the seed's symbol in its own letters, the unit, and the named values within the
// range of a number: "stiffness k [N/m]", "friction μ", "mass scale ε_q",
// "substeps (0: auto)".
import { isChoice } from '../session/option_schema.js';

const GREEK = Object.freeze({
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  zeta: 'ζ',
  eta: 'η',
  theta: 'θ',
  kappa: 'κ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  xi: 'ξ',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
});

// "epsilon_q" -> "ε_q": a Greek letter's name at the start is written as the letter.
export function symbolText(symbol) {
  return symbol.replace(/^[a-z]+/, (word) => GREEK[word] ?? word);
}

// "m/s^2" -> "m/s²", "N s/m" -> "N·s/m".
function unitText(unit) {
  return unit.replace(/\^2/g, '²').replace(/\^3/g, '³').replace(/ /g, '·');
}

// `withUnit`: false when the control shows the unit elsewhere.
export function optionLabel(entry, { withUnit = true } = {}) {
  let text = entry.symbol ? `${entry.label} ${symbolText(entry.symbol)}` : entry.label;
  if (withUnit && entry.unit) text += ` [${unitText(entry.unit)}]`;
  if (isChoice(entry)) return text;
  const inRange = entry.values.filter((named) => named.value >= entry.min && named.value <= entry.max);
  if (inRange.length > 0) text += ` (${inRange.map((named) => `${named.value}: ${named.name}`).join(', ')})`;
  return text;
}
