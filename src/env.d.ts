declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate after the load event, when the browser is idle (src/lib/directives/afterLoad.ts). */
    'client:afterload'?: boolean;
  }
}

export {};
