/** `virtual:site/config` for unit tests (vitest.config.ts): the project's config, which a test may mock with vi.mock. */
import { loadConfig } from '../../src/config/index.ts';

export default loadConfig();
