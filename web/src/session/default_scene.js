// The scene the page opens with when the address names none (scenes.js), and the
// first the main module's split profile runs (scripts/split_profile.mjs).
export const DEFAULT_SCENE = 'stick_slip';
// The options whose sliders the split profile moves on it (h, mu, gamma): the page sets
// them with the module's primary part alone, any other once its secondary part is in.
export const PRIMARY_OPTIONS = Object.freeze(['time_step', 'friction_coefficient', 'error_reduction']);
