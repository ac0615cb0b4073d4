// A link's transport (docs/links.md): `#v1.` followed by base64url (RFC 4648 §5, no
// padding) of the raw DEFLATE (RFC 1951) of the payload's JSON text in UTF-8. An
// exercise link (docs/exercises.md, "Publishing") is the same transport under `#x1.`,
// carrying an exercise's JSON (kind EXERCISE_LINK).
//
// Decoding never trusts the link: its length is checked before anything is decoded,
// the inflated size while inflating (a decompression bomb stops within one chunk of
// the limit), and the text must be UTF-8 holding one JSON object. What the object
// means is link_payload.js's business. Every failure is an error naming what was
// wrong and what is allowed; nothing from the link is ever evaluated.
import { Inflate, deflateSync } from 'fflate';

export const LINK_VERSION = 1;
export const MAX_COMPRESSED_BYTES = 64 * 1024;
export const MAX_INFLATED_BYTES = 1024 * 1024;
// Input is fed to the inflater in pieces this long, so at most this many bytes'
// worth of output (DEFLATE expands by at most 1032:1) is made past the limit.
const INFLATE_PIECE_BYTES = 256;
// What a link carries, by its prefix's letter: a run or an exercise.
export const RUN_LINK = 'v';
export const EXERCISE_LINK = 'x';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export class LinkError extends Error {
  constructor(message) {
    super(`link: ${message}`);
    this.name = 'LinkError';
  }
}

const prefixOf = (kind) => `${kind}${LINK_VERSION}.`;

// payload (a plain object) => "#v1.…". Throws LinkError when the compressed payload
// is over MAX_COMPRESSED_BYTES or its text over MAX_INFLATED_BYTES.
export function encodeLink(payload) {
  return encodeLinkText(JSON.stringify(payload));
}

// The same from the payload's JSON text; kind EXERCISE_LINK makes "#x1.…".
export function encodeLinkText(jsonText, kind = RUN_LINK) {
  const what = kind === EXERCISE_LINK ? 'the exercise' : 'the state';
  const text = new TextEncoder().encode(jsonText);
  if (text.length > MAX_INFLATED_BYTES) {
    throw new LinkError(`${what} is ${text.length} bytes of JSON; at most ${MAX_INFLATED_BYTES} are allowed`);
  }
  const compressed = deflateSync(text, { level: 9 });
  if (compressed.length > MAX_COMPRESSED_BYTES) {
    throw new LinkError(`${what} compresses to ${compressed.length} bytes; at most ${MAX_COMPRESSED_BYTES} are allowed`);
  }
  return `#${prefixOf(kind)}${toBase64url(compressed)}`;
}

// The kind of link a fragment or URL holds by its prefix's letter ("#x1.…" =>
// EXERCISE_LINK), or null for anything else (to be decoded as a run's link, which says
// what is wrong).
export function linkKind(link) {
  const hash = link.indexOf('#');
  const fragment = hash >= 0 ? link.slice(hash + 1) : link;
  return /^x[0-9]+\./.test(fragment) ? EXERCISE_LINK : /^v[0-9]+\./.test(fragment) ? RUN_LINK : null;
}

// A fragment ("#v1.…" or "v1.…") or a whole URL holding one => the payload object.
// Throws LinkError.
export function decodeLink(link) {
  const json = decodeLinkText(link);
  let payload;
  try {
    payload = JSON.parse(json);
  } catch (error) {
    throw new LinkError(`the inflated text is not JSON (${error.message})`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new LinkError('the inflated JSON must be an object');
  }
  return payload;
}

// The same, up to the payload's JSON text (not yet parsed); kind EXERCISE_LINK reads
// "#x1.…". Throws LinkError.
export function decodeLinkText(link, kind = RUN_LINK) {
  if (typeof link !== 'string') throw new LinkError('expected text');
  const prefix = prefixOf(kind);
  const hash = link.indexOf('#');
  const fragment = hash >= 0 ? link.slice(hash + 1) : link;
  const dot = fragment.indexOf('.');
  const version = dot > 0 ? fragment.slice(0, dot) : '';
  if (!new RegExp(`^${kind}[0-9]+$`).test(version)) {
    throw new LinkError(`the fragment must start with "${prefix}" (found "${preview(fragment)}")`);
  }
  if (`${version}.` !== prefix) {
    throw new LinkError(`version ${version} is not known; this lab reads ${prefix} links`);
  }
  const data = fragment.slice(dot + 1);
  const compressed = fromBase64url(data, prefix);
  const text = inflateBounded(compressed);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    throw new LinkError('the inflated data is not UTF-8 text');
  }
}

function toBase64url(bytes) {
  let binary = '';
  const piece = 0x8000;
  for (let i = 0; i < bytes.length; i += piece) {
    binary += String.fromCharCode(...bytes.subarray(i, i + piece));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(data, prefix) {
  const longest = Math.ceil((MAX_COMPRESSED_BYTES * 4) / 3);
  if (data.length > longest) {
    throw new LinkError(
      `the data is ${data.length} characters; at most ${longest} (${MAX_COMPRESSED_BYTES} bytes) are allowed`,
    );
  }
  if (data.length === 0) throw new LinkError(`no data after "${prefix}"`);
  if (!BASE64URL.test(data)) {
    const bad = data.match(/[^A-Za-z0-9_-]/)[0];
    throw new LinkError(`the data may hold only A-Z, a-z, 0-9, "-" and "_" (found ${JSON.stringify(bad)})`);
  }
  if (data.length % 4 === 1) throw new LinkError('the data is cut short (its length is not that of base64url)');
  const binary = atob(data.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function inflateBounded(compressed) {
  const pieces = [];
  let size = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size <= MAX_INFLATED_BYTES) pieces.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < compressed.length && size <= MAX_INFLATED_BYTES; at += INFLATE_PIECE_BYTES) {
      const end = Math.min(at + INFLATE_PIECE_BYTES, compressed.length);
      inflater.push(compressed.subarray(at, end), end === compressed.length);
    }
  } catch (error) {
    throw new LinkError(`the data is not valid DEFLATE (${error.message})`);
  }
  if (size > MAX_INFLATED_BYTES) {
    throw new LinkError(`the data inflates to more than ${MAX_INFLATED_BYTES} bytes, the most allowed`);
  }
  if (!ended) throw new LinkError('the data is cut short (the DEFLATE stream does not end)');
  const text = new Uint8Array(size);
  let offset = 0;
  for (const piece of pieces) {
    text.set(piece, offset);
    offset += piece.length;
  }
  return text;
}

function preview(text) {
  return text.length > 12 ? `${text.slice(0, 12)}…` : text;
}
