// The page's keyboard shortcuts. The table is also what the help overlay lists.
// A shortcut does not fire while a text field has the keyboard, with Ctrl, Alt or
// Meta held, or (space) on a focused button or checkbox, which space presses.

export const SHORTCUTS = Object.freeze([
  { key: ' ', label: 'space', action: 'playPause', what: 'play / pause' },
  { key: '.', label: '.', action: 'step', what: 'single step (pauses)' },
  { key: ',', label: ',', action: 'stepBack', what: 'one step back on the timeline (pauses)' },
  { key: 'r', label: 'r', action: 'restart', what: 'restart the scene (the options are kept)' },
  { key: 'v', label: 'v', action: 'resetView', what: 'reset the view: frame the scene' },
  { key: 'f', label: 'f', action: 'follow', what: 'follow the chosen body on or off (view folder)' },
  { key: 'c', label: 'c', action: 'copyLink', what: 'copy the link to what is on screen' },
  { key: 'p', label: 'p', action: 'present', what: 'presentation mode on or off' },
  { key: '?', label: '?', action: 'help', what: 'this list of shortcuts' },
  { key: 'Escape', label: 'Esc', action: null, what: 'close this list' },
]);

const TEXT_INPUT = /^(text|number|search|email|url|tel|password)$/;

function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return true;
  return target.tagName === 'INPUT' && TEXT_INPUT.test(target.type);
}

function pressable(target) {
  return target instanceof HTMLElement && target.matches('button, a[href], input, [role="button"], summary');
}

// `actions`: {playPause, step, stepBack, restart, resetView, follow, copyLink, present, help},
// each a function; `helpOpen()` says whether the overlay is open (then only "?" acts).
export function listenForShortcuts(actions, helpOpen) {
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typing(event.target)) return;
    const shortcut = SHORTCUTS.find(({ key }) => key === event.key);
    if (!shortcut?.action) return;
    if (shortcut.key === ' ' && pressable(event.target)) return;
    if (helpOpen() && shortcut.action !== 'help') return;
    event.preventDefault();
    actions[shortcut.action]();
  });
}
