/** The build's mode, served by the legal integration (src/integration.ts); tests mock it (vitest.config.ts). */
declare module 'virtual:legal-record/mode' {
  const mode: import('./src/integration.ts').LegalMode;
  export default mode;
}
