/** The site's config, validated once by the site integration (src/integrations/site.ts); tests mock it (vitest.config.ts). */
declare module 'virtual:site/config' {
  const config: import('./config/index.ts').SiteConfig;
  export default config;
}
