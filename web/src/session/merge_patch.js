// The RFC 7386 merge patch that turns one JSON value into another: what a link's
// `{"builtin": NAME, "changes": PATCH}` carries for an edited built-in scene
// (docs/links.md). Members that go are set to null, objects are patched member by
// member, anything else (arrays included) is replaced whole. A value that holds null
// itself cannot be reached by a merge patch; scenes hold none.
function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameJson(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The patch taking `from` to `to` (both JSON values); {} when they are the same.
export function mergePatchBetween(from, to) {
  if (!isObject(from) || !isObject(to)) return to;
  const patch = {};
  for (const key of Object.keys(from)) {
    if (!Object.hasOwn(to, key)) patch[key] = null;
  }
  for (const [key, value] of Object.entries(to)) {
    if (!Object.hasOwn(from, key)) patch[key] = value;
    else if (!sameJson(from[key], value)) patch[key] = mergePatchBetween(from[key], value);
  }
  return patch;
}

// `target` with `patch` merged in (RFC 7386 §2), as the core merges a link's changes;
// neither is changed.
export function applyMergePatch(target, patch) {
  if (!isObject(patch)) return structuredClone(patch);
  const result = isObject(target) ? structuredClone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}
