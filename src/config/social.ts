/** The social networks the hero, the footer and the JSON-LD `sameAs` link to, in order. */
import { z } from 'zod';
import { brandIcon } from '../lib/brandIcons.ts';
import { httpsUrl } from './fields.ts';

export const socialFields = {
  /**
   * One entry per network; `icon` is its slug on https://simpleicons.org. Instagram and TikTok are required
   * (docs/requirements.md#call-to-action).
   * @example [{ name: 'YouTube', icon: 'youtube', url: 'https://www.youtube.com/@tablemates' }]
   */
  social: z.array(
    z.object({
      /** Names the link for screen readers: "Tablemates on YouTube". */
      name: z.string('a network name, like "YouTube"').trim().min(1, 'a network name, like "YouTube"'),
      icon: z
        .string('a Simple Icons slug, like "youtube"')
        .refine(
          (slug) => Boolean(brandIcon(slug)),
          'a Simple Icons slug, like "youtube" (each icon\'s slug is on https://simpleicons.org)',
        ),
      url: httpsUrl('https://www.youtube.com/@tablemates'),
    }),
    'a list of networks like [{ name: "YouTube", icon: "youtube", url: "https://www.youtube.com/@tablemates" }]',
  ),
};
