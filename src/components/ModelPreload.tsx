import { useEffect } from 'react';
import { preloadModel } from '../lib/modelPreload.client.ts';

/**
 * Fetches the 3D scene's model so the scene renders at once when scrolled to. Renders nothing: it is an island only
 * so that it hydrates with `client:afterload`, once the page has loaded and the browser is idle, and its code is
 * never requested before the first paint.
 */
export default function ModelPreload() {
  useEffect(() => {
    preloadModel().catch(() => undefined);
  }, []);
  return null;
}
