// Where an exercise comes from (docs/exercises.md, "In the page" and "Publishing"):
// the address asks for a built-in (?exercise=NAME), an exercise file on the lab's own
// origin (?exercise=URL) or carries one (an exercise link, #x1.…); a file is dropped
// or picked. Each gives the exercise's JSON text and how the core reads its answer key
// (exercise_reader.h): a built-in has it ("required"), a file may ("optional"), a
// link's exercise must not ("refused"). Nothing from any of them is run: the text goes
// to the core's reader.
import { EXERCISE_LINK, LinkError, decodeLinkText, linkKind } from '../link/link_codec.js';

// An exercise file, as `contactlab grade` reads one (cli/grade_files.cpp).
export const MAX_EXERCISE_FILE_BYTES = 2 * 1024 * 1024;
const EXERCISE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

// What the address asks for: null (no exercise), {index: true} (?exercise alone),
// {builtin: NAME}, {url: ABSOLUTE_URL} or {link: "#x1.…"}; {error} for an exercise
// file on another origin. An exercise link wins over ?exercise.
export function requestedExercise(href = window.location.href) {
  const url = new URL(href);
  if (linkKind(url.hash) === EXERCISE_LINK) return { link: url.hash };
  if (!url.searchParams.has('exercise')) return null;
  const value = url.searchParams.get('exercise');
  if (value === '') return { index: true };
  if (EXERCISE_NAME.test(value)) return { builtin: value };
  const file = new URL(value, url);
  if (url.origin === 'null' || file.origin !== url.origin) {
    return {
      error:
        `?exercise=${value}: an exercise file opens only from the lab's own origin (${url.origin}), ` +
        `not from ${file.origin}`,
    };
  }
  return { url: file.href };
}

// What an exercise source is called in messages.
export function describeSource(source) {
  if (source.builtin !== undefined) return `exercise ${source.builtin}`;
  if (source.url !== undefined) return `the exercise file ${source.url}`;
  return 'the exercise link';
}

// A source => {text, answerKey} or {error}. `builtins`: {name: text}; `fetch` the
// window's (for ?exercise=URL).
export async function readExerciseSource(source, { builtins, fetch = globalThis.fetch }) {
  if (source.builtin !== undefined) {
    const text = builtins[source.builtin];
    if (text === undefined) {
      return { error: `unknown exercise "${source.builtin}"; built-in exercises: ${Object.keys(builtins).join(', ')}` };
    }
    return { text, answerKey: 'required' };
  }
  if (source.link !== undefined) {
    try {
      return { text: decodeLinkText(source.link, EXERCISE_LINK), answerKey: 'refused' };
    } catch (error) {
      if (error instanceof LinkError) return { error: error.message };
      throw error;
    }
  }
  let response;
  try {
    response = await fetch(source.url, { credentials: 'same-origin' });
  } catch (error) {
    return { error: `${source.url}: the file could not be fetched (${error.message ?? error})` };
  }
  if (!response.ok) return { error: `${source.url}: the server answered ${response.status} ${response.statusText}`.trim() };
  const bytes = new Uint8Array(await response.arrayBuffer());
  const read = decodeExerciseBytes(bytes);
  return read.error ? { error: `${source.url}: ${read.error}` } : { text: read.text, answerKey: 'optional' };
}

// The bytes of an exercise file => {text} or {error}: at most MAX_EXERCISE_FILE_BYTES
// of UTF-8.
export function decodeExerciseBytes(bytes) {
  if (bytes.length > MAX_EXERCISE_FILE_BYTES) {
    return { error: `the file is ${bytes.length} bytes; an exercise file is at most ${MAX_EXERCISE_FILE_BYTES}` };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { error: 'the file is not UTF-8 text (an exercise is JSON, docs/exercises.md)' };
  }
}

// Whether a dropped or picked file's text is an exercise rather than a scene: a JSON
// object with the members every exercise has and no scene has ("checks", "task").
export function isExerciseText(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'checks' in value && 'task' in value;
}

// The lab's address with an exercise link: ?exercise and ?scene go (the link says
// which exercise), the page's modes and ?origins stay.
export function exerciseLinkAddress(link, href = window.location.href) {
  const url = new URL(href);
  url.searchParams.delete('exercise');
  url.searchParams.delete('scene');
  url.hash = link;
  return url.href;
}

// Opens `href` as a new page: a change of the fragment alone would not load the page
// again, so then the page is reloaded at it.
export function loadPage(href, location = window.location) {
  const without = (address) => address.split('#')[0];
  if (without(href) === without(location.href)) {
    location.hash = new URL(href).hash;
    location.reload();
  } else {
    location.assign(href);
  }
}
