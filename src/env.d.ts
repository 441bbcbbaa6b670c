declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, when the browser is idle (src/integrations/afterLoad.client.ts). */
    'client:afterload'?: boolean;
  }
}

declare global {
  interface Window {
    /** The 3D model's bytes, fetched once per page: the landing page's inline script defines it (index.astro). */
    preloadModel(): Promise<ArrayBuffer>;
  }
}

export {};
