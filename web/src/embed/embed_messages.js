// The postMessage protocol's requests (docs/embedding.md), checked before anything is
// done: a plain object with a known `type`, only that type's fields, each of the
// allowed type and range, and an optional `id` the reply carries back. Every refusal
// names the field and what is allowed. Nothing in a message is run or shown as HTML.

export const MAX_STEP_COUNT = 10000;
const MAX_ID_LENGTH = 64;
// A link's fragment is at most 87,386 characters; a whole URL holding one a little more.
const MAX_LINK_LENGTH = 100000;

const linkError = (value) =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_LINK_LENGTH
    ? ''
    : `must be a link (text of 1 to ${MAX_LINK_LENGTH} characters, "#v1.…" or a URL holding one)`;
const countError = (value) =>
  Number.isInteger(value) && value >= 1 && value <= MAX_STEP_COUNT ? '' : `must be a whole number from 1 to ${MAX_STEP_COUNT}`;

// type => its fields besides `type` and `id` (each required), each with a check
// returning "" or why not.
const REQUESTS = Object.freeze({
  load: { link: linkError },
  play: {},
  pause: {},
  step: { count: countError },
  state: {},
  restart: {},
  grade: {},
});
export const REQUEST_TYPES = Object.freeze(Object.keys(REQUESTS));

// A value as a message shows it: short, and text only.
function describeValue(value) {
  let text;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function isPlainObject(value) {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function idError(id) {
  if (typeof id === 'string' && id.length <= MAX_ID_LENGTH) return '';
  if (typeof id === 'number' && Number.isFinite(id)) return '';
  return `id: must be a finite number or a text of at most ${MAX_ID_LENGTH} characters, got ${describeValue(id)}`;
}

// A message's data => {request: {type, id, ...fields}} or {error, id} (id: the
// request's own when it was valid, else undefined).
export function readRequest(data) {
  if (!isPlainObject(data)) return { error: `message: must be an object {type, ...}, got ${describeValue(data)}` };
  const id = Object.hasOwn(data, 'id') ? data.id : undefined;
  const badId = id === undefined ? '' : idError(id);
  if (badId) return { error: badId };
  const { type } = data;
  if (typeof type !== 'string' || !Object.hasOwn(REQUESTS, type)) {
    return { error: `type: must be one of ${REQUEST_TYPES.join(', ')}, got ${describeValue(type)}`, id };
  }
  const fields = REQUESTS[type];
  for (const key of Object.keys(data)) {
    if (key === 'type' || key === 'id') continue;
    if (!Object.hasOwn(fields, key)) {
      const allowed = ['type', 'id', ...Object.keys(fields)].join(', ');
      return { error: `${key}: not a field of a "${type}" message (allowed: ${allowed})`, id };
    }
  }
  const request = { type, id };
  for (const [key, check] of Object.entries(fields)) {
    if (!Object.hasOwn(data, key)) return { error: `${key}: missing (a "${type}" message needs it)`, id };
    const error = check(data[key]);
    if (error) return { error: `${key}: ${error}, got ${describeValue(data[key])}`, id };
    request[key] = data[key];
  }
  return { request };
}
