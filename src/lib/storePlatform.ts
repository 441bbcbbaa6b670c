/**
 * Which store button comes first. The landing page paints without JavaScript, so the order cannot wait for an
 * island: this inline script runs in the head, before the body is parsed, and marks an Android device on <html>;
 * landing.css then shows the Google Play button before the App Store one. Nothing moves after the first paint.
 * No eval, so the build's CSP hash covers it (src/components/InlineCode.astro hashes every inline script).
 */
export const androidPlatformScript = `if(/Android/i.test(navigator.userAgent))document.documentElement.setAttribute("data-platform","android")`;
