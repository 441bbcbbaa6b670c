/**
 * Whether and how well this browser can draw the 3D scene. three.js needs WebGL 2: without it the scene's slot keeps
 * its still. 'software' means WebGL runs without a GPU (a "major performance caveat", like SwiftShader): the scene
 * then draws without multisampling at a pixel ratio of 1, which costs a CPU renderer several times less.
 * Probed once, and the probe contexts are released straight away: creating one is not free.
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
    const context = document.createElement('canvas').getContext('webgl2');
    if (!context) return 'none';
    const info = context.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(info ? context.getParameter(info.UNMASKED_RENDERER_WEBGL) : '');
    context.getExtension('WEBGL_lose_context')?.loseContext();
    // Browsers that hide the renderer's name still refuse a context that would be software-rendered when asked to.
    const strict = document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat: true });
    strict?.getExtension('WEBGL_lose_context')?.loseContext();
    const caveat = !strict;
    return caveat || softwareRenderer.test(renderer) ? 'software' : 'hardware';
  } catch {
    return 'none';
  }
}
