// The page's modes, asked for in the address's query (they are not part of a link):
// ?present for a projector (presentation.js), ?embed for an iframe in a course page
// (embed_bar.js). Either goes with a link's #v1. fragment.
export function requestedModes(search = window.location.search) {
  const query = new URLSearchParams(search);
  return { present: query.has('present'), embed: query.has('embed') };
}

// The full page's address for the current one: the same link, no mode.
export function labAddress(href = window.location.href) {
  const url = new URL(href);
  url.searchParams.delete('embed');
  url.searchParams.delete('present');
  return url.href;
}

// Whether the page is in a frame (an embedding page's), the only place it listens for
// postMessage (embed/message_api.js).
export function framed() {
  return window.parent !== window;
}
