// The phone layout (a window at most 600 px wide; style.css places the panels): the
// control panel is a drawer at the bottom, closed until its title is pressed, so the
// scene has the screen. Wider again, the panel opens.
const PHONE = '(max-width: 600px)';

export function followPhoneLayout(gui) {
  const query = window.matchMedia(PHONE);
  const apply = () => {
    gui.open(!query.matches);
    gui.title(query.matches ? 'controls' : 'contactlab');
  };
  query.addEventListener('change', apply);
  apply();
}
