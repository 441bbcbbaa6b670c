/**
 * Whether and how well this browser can draw the 3D scene. The scene draws in a worker, on an OffscreenCanvas, with
 * WebGL 2 (three.js needs it): a browser that cannot hand a canvas to a worker, or has no WebGL 2 there (Safari
 * before 17, WebKitGTK), keeps the slot's still. 'software' means WebGL runs without a GPU (a "major performance
 * caveat", like SwiftShader): the scene then draws without multisampling at a pixel ratio of 1, which costs a CPU
 * renderer several times less. Probed once, and the probe context is released straight away: creating one is not
 * free (at 4x CPU on a test machine a WebGL context takes tens of milliseconds to make, and as much to check again
 * with `failIfMajorPerformanceCaveat`, so that second context is made only where the renderer's name is hidden).
 */
export type WebGLSupport = 'none' | 'software' | 'hardware';

let support: WebGLSupport | undefined;

export function webglSupport(): WebGLSupport {
  support ??= probe();
  return support;
}

/** CPU renderers as they name themselves: Chromium's SwiftShader, Mesa's llvmpipe and softpipe. */
const softwareRenderer = /swiftshader|llvmpipe|softpipe|software/i;

function probe(): WebGLSupport {
  try {
    if (typeof OffscreenCanvas === 'undefined' || !('transferControlToOffscreen' in HTMLCanvasElement.prototype)) {
      return 'none';
    }
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
