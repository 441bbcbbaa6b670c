import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, live. Undefined during server rendering and hydration, so the first client
 * render matches the server's HTML; the real value follows right after.
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => undefined,
  );
}
