// The origins an embedding page may drive the lab from (message_api.js,
// docs/embedding.md): the lab's own origin always, and those configured, by the
// address's ?origins=https://a.example,https://b.example or by the build's
// CONTACTLAB_EMBED_ORIGINS, in the same form. Each entry must be an origin exactly as
// browsers send it with a message (scheme, host, port when not the default; no path,
// no "*"); entries that are not are refused with the reason, the others kept.

// Text of comma-separated origins => {origins: [...], errors: [...]}.
export function parseOrigins(text) {
  const origins = [];
  const errors = [];
  for (const entry of (text ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const error = originError(entry);
    if (error) errors.push(`origins: ${JSON.stringify(entry)} ${error}`);
    else if (!origins.includes(entry)) origins.push(entry);
  }
  return { origins, errors };
}

function originError(entry) {
  if (entry === '*') return 'is not allowed: list each origin that may drive the lab';
  let url;
  try {
    url = new URL(entry);
  } catch {
    return 'is not an origin (expected e.g. https://course.example)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'is not an http or https origin';
  if (url.origin !== entry) return `is not an origin as browsers write it (expected ${JSON.stringify(url.origin)})`;
  return '';
}

// The origins accepted: `ownOrigin` first, then those of the build and the address.
export function acceptedOrigins(ownOrigin, ...configured) {
  const origins = [ownOrigin];
  const errors = [];
  for (const text of configured) {
    const parsed = parseOrigins(text);
    for (const origin of parsed.origins) if (!origins.includes(origin)) origins.push(origin);
    errors.push(...parsed.errors);
  }
  return { origins, errors };
}
