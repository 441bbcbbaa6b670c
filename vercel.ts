/**
 * Vercel's project configuration. Vercel runs this file at each deploy, with the build's environment, so the rules
 * follow the invite address and the legal pages' former addresses of that build (src/lib/hostFiles.node.ts;
 * tests/unit/headers.test.ts runs it as Vercel does).
 */
import { configOrExit } from './src/config/index.ts';
import { securityHeaders } from './src/lib/headers.ts';
import { vercelConfig } from './src/lib/hostFiles.node.ts';
import { invitePageRules } from './src/lib/invite/hostRules.ts';
import { siteLegalMoves } from './src/lib/pageTable.node.ts';

const config = configOrExit();
export default vercelConfig(securityHeaders, invitePageRules(config), siteLegalMoves(config));
