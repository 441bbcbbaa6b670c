import type { SiteConfig } from '../config/index.ts';
import LegalLinks, { type LegalLink } from './LegalLinks.tsx';
import SocialLinks from './SocialLinks.tsx';

interface Props {
  productName: string;
  legalEntity: string;
  contactEmail: string;
  social: SiteConfig['social'];
  legalPages: LegalLink[];
}

/** The landing page's footer: legal links, the contact email and the social links. */
export default function SiteFooter({ productName, legalEntity, contactEmail, social, legalPages }: Props) {
  return (
    <footer className="site-footer">
      <LegalLinks pages={legalPages} />
      <p>
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <SocialLinks productName={productName} social={social} />
      <p className="copyright">
        © {new Date().getFullYear()} {legalEntity}
      </p>
    </footer>
  );
}
