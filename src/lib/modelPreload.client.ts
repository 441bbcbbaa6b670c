import { modelPath } from './media.ts';

let pending: Promise<ArrayBuffer> | undefined;

/**
 * Fetches the 3D scene's model once per page and shares the bytes: the landing page calls it when idle, and the
 * scene parses the same bytes when it mounts, so the model is requested exactly once whatever the HTTP caching.
 */
export function preloadModel(url: string = modelPath): Promise<ArrayBuffer> {
  pending ??= fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.arrayBuffer();
  });
  // A failed preload must not poison the scene: let it try again.
  pending.catch(() => (pending = undefined));
  return pending;
}
