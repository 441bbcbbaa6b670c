/**
 * The brand's colours, typed once. CSS reads them as custom properties (`var(--espresso)`), which BaseLayout
 * declares from `themeCss`; build-time code (the theme-color tag, the social card, the QR code, the 3D scene's
 * background) imports them directly. public/favicon.svg is a static file and spells the espresso and cream itself;
 * the app icons (src/lib/icons.node.ts) are rasterised from it.
 */
export const colors = {
  /** Deep espresso: the landing page's background, the legal pages' text (17:1 on cream). */
  espresso: '#1c120d',
  espresso2: '#2a1b14',
  /** Roast: the social card's highlight. */
  roast: '#4a2a1a',
  cream: '#fff8f0',
  creamDim: '#f3e6d8',
  /** Tomato: the call to action on dark backgrounds. */
  tomato: '#ff6b3d',
  /** Darkened tomato for links and focus on cream (5.7:1, AA). */
  ember: '#b23a16',
  /** Secondary text on cream. */
  mocha: '#4a3a30',
  /** Hairlines and boxes on cream. */
  latte: '#ecdccb',
} as const;

const kebab = (name: string) => name.replace(/[A-Z0-9]/g, (character) => `-${character.toLowerCase()}`);

/** `:root { --espresso: #1c120d; --espresso-2: ...; }` for the head of every page. */
export const themeCss = `:root{${Object.entries(colors)
  .map(([name, value]) => `--${kebab(name)}:${value}`)
  .join(';')}}`;
