// The main module's secondary part in the page (split_module.js): fetched and compiled
// in the background once the page is up (prefetch), so that its first call only
// instantiates it; a call that comes before that fetches and compiles it there,
// synchronously: a synchronous XMLHttpRequest for its bytes (as text with a charset
// that keeps every byte) and WebAssembly.Module, which Chromium allows on the main
// thread for a module of this size (docs/performance.md, "The main module split in two").
export class SecondaryModule {
  #url;
  #compiled = null;
  #compiling = null;

  constructor(url) {
    this.#url = url;
  }

  // Starts the background fetch and compile once; resolves to whether it compiled. A
  // failure leaves the synchronous load to try again, and to report it, on the first
  // call.
  prefetch() {
    this.#compiling ??= fetch(this.#url)
      .then((response) => {
        if (!response.ok) throw new Error(`${this.#url} answered ${response.status}`);
        return response.headers.get('Content-Type')?.startsWith('application/wasm')
          ? WebAssembly.compileStreaming(response)
          : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
      })
      .then((compiled) => {
        this.#compiled ??= compiled;
        return true;
      })
      .catch(() => false);
    return this.#compiling;
  }

  // The compiled secondary, now.
  compiled() {
    this.#compiled ??= new WebAssembly.Module(downloadSynchronously(this.#url));
    return this.#compiled;
  }
}

function downloadSynchronously(url) {
  const request = new XMLHttpRequest();
  request.open('GET', url, false);
  request.overrideMimeType('text/plain; charset=x-user-defined');
  request.send();
  if (request.status !== 200) throw new Error(`the module's second part ${url} answered ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}
