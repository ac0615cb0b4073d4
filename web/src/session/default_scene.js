// The scene the page opens with when the address names none (scenes.js), and the
// first the main module's split profile runs (scripts/split_profile.mjs).
export const DEFAULT_SCENE = 'stick_slip';
