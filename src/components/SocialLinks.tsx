import { siInstagram, siTiktok } from 'simple-icons';
import BrandIcon from './BrandIcon.tsx';

interface Props {
  productName: string;
  instagramUrl: string;
  tiktokUrl: string;
}

/** Links to the product's Instagram and TikTok pages, each named for screen readers. */
export default function SocialLinks({ productName, instagramUrl, tiktokUrl }: Props) {
  const links = [
    { href: instagramUrl, icon: siInstagram, label: `${productName} on Instagram` },
    { href: tiktokUrl, icon: siTiktok, label: `${productName} on TikTok` },
  ];
  return (
    <ul className="social-links">
      {links.map(({ href, icon, label }) => (
        <li key={href}>
          <a href={href} aria-label={label} title={label} rel="noopener">
            <BrandIcon icon={icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
