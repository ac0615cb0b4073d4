// The view's WebGL renderer, made as soon as the page's script runs: creating a WebGL
// context and sizing its drawing buffer wait for the GPU process (in software WebGL,
// some 0.1 to 0.5 s of framebuffer checks), which then overlaps the module's download
// and instantiation instead of following them (docs/page.md, "The page's start").
//
// Where WebGL is drawn in software (SwiftShader, llvmpipe and the like: no GPU, a virtual
// machine, a lecture hall's PC without its drivers), the view starts at its lowest
// resolution (drawing_resolution.js) instead of finding it over its first slow frames,
// each of which would hold the page for a second at the screen's resolution; it goes
// back up if the machine draws fast enough.
import { PCFShadowMap, WebGLRenderer } from 'three';
import { DrawingResolution } from './drawing_resolution.js';

// What the WebGL renderer's name (WEBGL_debug_renderer_info's unmasked renderer) says of
// a rasteriser without a GPU: Google's SwiftShader (Chromium's fallback), Mesa's llvmpipe
// and softpipe, Windows' Basic Render Driver, "Software" renderers in general.
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|basic render driver|software/i;

export function isSoftwareRenderer(name) {
  return typeof name === 'string' && SOFTWARE_RENDERERS.test(name);
}

// The renderer's unmasked name, or '' where the browser does not tell it.
function rendererName(renderer) {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
}

// Returns { renderer, resolution }: the renderer with its canvas in `container`, sized to
// it at the resolution's starting pixel ratio.
export function createPageRenderer(container) {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;
  const resolution = new DrawingResolution(Math.min(window.devicePixelRatio, 2), {
    startLowest: isSoftwareRenderer(rendererName(renderer)),
  });
  renderer.setPixelRatio(resolution.ratio);
  renderer.setSize(Math.max(1, container.clientWidth), Math.max(1, container.clientHeight), false);
  container.appendChild(renderer.domElement);
  return { renderer, resolution };
}
