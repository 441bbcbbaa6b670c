import type { ClientDirective } from 'astro';
import { afterLoadWhenIdle } from '../lib/idle.client.ts';

/**
 * `client:afterload`: hydrates an island once the page has loaded and the browser is idle. The landing page paints
 * without JavaScript, so React and the island's code stay out of the first paint and the load event.
 */
const afterLoad: ClientDirective = (load) => {
  afterLoadWhenIdle(async () => {
    const hydrate = await load();
    await hydrate();
  });
};

export default afterLoad;
