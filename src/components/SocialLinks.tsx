import { brandIcon } from '../lib/brandIcons.ts';
import type { SiteConfig } from '../config/index.ts';
import BrandIcon from './BrandIcon.tsx';

interface Props {
  productName: string;
  social: SiteConfig['social'];
}

/** Links to the product's pages on the configured social networks, each named for screen readers. */
export default function SocialLinks({ productName, social }: Props) {
  if (social.length === 0) return null;
  return (
    <ul className="social-links">
      {social.map(({ name, icon, url }) => {
        const label = `${productName} on ${name}`;
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
