// Which WebGL renderers draw in software, so that the view starts at its lowest
// resolution there (web/src/view/page_renderer.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSoftwareRenderer } from '../../web/src/view/page_renderer.js';

test('software rasterisers are told from GPUs by the renderer\'s unmasked name', () => {
  for (const name of [
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'ANGLE (Mesa, softpipe, OpenGL 4.5)',
    'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
  ]) {
    assert.equal(isSoftwareRenderer(name), true, name);
  }
  for (const name of [
    'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002503) Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    'Apple M1',
    '',
  ]) {
    assert.equal(isSoftwareRenderer(name), false, name);
  }
  assert.equal(isSoftwareRenderer(undefined), false, 'a browser that does not tell');
});
