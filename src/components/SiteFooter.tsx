import LegalLinks from './LegalLinks.tsx';
import SocialLinks from './SocialLinks.tsx';

interface Props {
  productName: string;
  legalEntity: string;
  contactEmail: string;
  instagramUrl: string;
  tiktokUrl: string;
}

/** The landing page's footer: legal links, the contact email and the social links. */
export default function SiteFooter({ productName, legalEntity, contactEmail, instagramUrl, tiktokUrl }: Props) {
  return (
    <footer className="site-footer">
      <LegalLinks />
      <p>
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <SocialLinks productName={productName} instagramUrl={instagramUrl} tiktokUrl={tiktokUrl} />
      <p className="copyright">
        © {new Date().getFullYear()} {legalEntity}
      </p>
    </footer>
  );
}
