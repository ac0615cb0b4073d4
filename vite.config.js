// Vite serves and bundles the page from web/; the built-in scenes are read from
// assets/scenes and the WebAssembly module from web/src/wasm (built by emcmake).
// CONTACTLAB_EMBED_ORIGINS, when set at build time, lists the origins (besides the
// lab's own) that may drive the page by postMessage (docs/embedding.md).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const webRoot = resolve(import.meta.dirname, 'web');

export default defineConfig({
  root: webRoot,
  base: './',
  define: {
    'import.meta.env.CONTACTLAB_EMBED_ORIGINS': JSON.stringify(process.env.CONTACTLAB_EMBED_ORIGINS ?? ''),
  },
  build: {
    outDir: resolve(import.meta.dirname, 'web/dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: {
        main: resolve(webRoot, 'index.html'),
        bench: resolve(webRoot, 'bench.html'),
      },
      // The build's own timing report: on a busy 2-core machine it warns on every
      // build about plugins that are only waiting for a core.
      checks: { bundlerTimings: false },
    },
  },
  // The exercise grader's worker (web/src/exercise/grading_worker.js) imports the
  // WebAssembly module as the page does: an ES module worker.
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
