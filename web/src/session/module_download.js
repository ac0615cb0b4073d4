// The WebAssembly module's download with its progress by bytes, for the loading notice:
// the response is read chunk by chunk and each chunk reported against Content-Length
// (total: null when the server sends none).
export async function downloadWithProgress(url, onProgress) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks = [];
  let loaded = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total);
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const MEGABYTE = 1e6;

// "0.6 of 1.5 MB", or "0.6 MB" without a total.
export function progressText(loaded, total) {
  const megabytes = (bytes) => (bytes / MEGABYTE).toFixed(1);
  return total === null ? `${megabytes(loaded)} MB` : `${megabytes(loaded)} of ${megabytes(total)} MB`;
}
