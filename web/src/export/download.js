// Saves a Blob as a file the browser downloads: a Blob URL on an <a download>,
// clicked, and the URL let go once the browser has taken the file.
const REVOKE_AFTER_MS = 10000; // the download has started long before

export function download(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
