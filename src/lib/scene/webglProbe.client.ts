/**
 * A worker that answers one question and ends: can this browser draw the 3D scene, and how well? The page asks it
 * (src/lib/webgl.client.ts) rather than making a WebGL context itself, which on the main thread is a long task on a
 * phone. It asks where the scene would draw, a worker's OffscreenCanvas, and has no imports, so a browser that cannot
 * draw the scene fetches this file and none of three.js.
 *
 * 'software' means WebGL runs without a GPU (a "major performance caveat", like SwiftShader): the scene then draws
 * without multisampling at a pixel ratio of 1, which costs a CPU renderer several times less.
 */
import type { WebGLSupport } from '../webgl.client.ts';

/** CPU renderers as they name themselves: Chromium's SwiftShader, Mesa's llvmpipe and softpipe. */
const softwareRenderer = /swiftshader|llvmpipe|softpipe|software/i;

function probe(): WebGLSupport {
  try {
    const context = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!context) return 'none';
    const info = context.getExtension('WEBGL_debug_renderer_info');
    const renderer = info ? String(context.getParameter(info.UNMASKED_RENDERER_WEBGL)) : undefined;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    if (renderer) return softwareRenderer.test(renderer) ? 'software' : 'hardware';
    // Browsers that hide the renderer's name still refuse a context that would be software-rendered when asked to.
    const strict = new OffscreenCanvas(1, 1).getContext('webgl2', { failIfMajorPerformanceCaveat: true });
    strict?.getExtension('WEBGL_lose_context')?.loseContext();
    return strict ? 'hardware' : 'software';
  } catch {
    return 'none';
  }
}

self.postMessage(probe());
