import { brandIcon } from '../lib/brandIcons.ts';
import type { SiteConfig } from '../config/index.ts';
import BrandIcon from './BrandIcon.tsx';

export type SocialLink = SiteConfig['social'][number] & {
  /** Its name for screen readers, like "Tablemates on Instagram" (src/content/i18n/<locale>/words.yaml: `socialLink`). */
  label: string;
};

/** Links to the product's pages on the configured social networks, each named for screen readers. */
export default function SocialLinks({ links }: { links: SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="social-links">
      {links.map(({ icon, url, label }) => {
        // The config rejects an unknown slug, so a mark is always found here.
        const mark = brandIcon(icon);
        return (
          <li key={url}>
            <a href={url} aria-label={label} title={label} rel="noopener">
              {mark && <BrandIcon icon={mark} />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
