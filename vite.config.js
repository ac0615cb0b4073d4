// Vite serves and bundles the page from web/; the built-in scenes are read from
// assets/scenes and the WebAssembly module from web/src/wasm (built by emcmake).
// CONTACTLAB_EMBED_ORIGINS, when set at build time, lists the origins (besides the
// lab's own) that may drive the page by postMessage (docs/embedding.md).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const webRoot = resolve(import.meta.dirname, 'web');

// The page's module is fetched by main.js (session/module_download.js), which the
// browser runs only once it has downloaded and parsed the page's own JavaScript; a
// preload in the built index.html starts that download at once, beside the script's.
// The fetch then takes the preloaded response (same URL, mode and credentials).
function preloadMainModule() {
  return {
    name: 'contactlab-preload-module',
    apply: 'build',
    transformIndexHtml(html, context) {
      if (!context.bundle || !context.filename.endsWith('index.html')) return html;
      const module = Object.values(context.bundle).find(
        (output) => output.type === 'asset' && /(^|\/)contactlab-[\w-]+\.wasm$/.test(output.fileName),
      );
      if (!module) throw new Error('the built page holds no contactlab-*.wasm to preload');
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', href: `./${module.fileName}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: './',
  plugins: [preloadMainModule()],
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
