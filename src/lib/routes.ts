/** The site's home and support page; each legal page's address is in its Markdown front matter (src/content/legal/). */
export const routes = { home: '/', support: '/support' } as const;

/**
 * The hash addresses `#/privacy` and `#/terms` (docs/requirements.md#hash-addresses). They are printed in app listings
 * and SMS registrations, so they must keep leading to the legal pages forever.
 */
export const hashRoutes: Record<string, string> = {
  '#/privacy': '/privacy',
  '#/privacy/': '/privacy',
  '#/terms': '/terms',
  '#/terms/': '/terms',
};

/**
 * The inline script for the head of `/`: it runs before the body is parsed, hides the document so the landing page
 * never paints, and replaces the history entry with the legal page. No eval, so a CSP hash covers it.
 */
export const hashRedirectScript = `(function(){var r=${JSON.stringify(hashRoutes)};function go(){var t=r[location.hash];if(t){document.documentElement.hidden=true;location.replace(t)}}go();addEventListener("hashchange",go)})();`;
