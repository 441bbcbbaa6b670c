declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, when the browser is idle (src/integrations/afterLoad.client.ts). */
    'client:afterload'?: boolean;
  }
}

export {};
