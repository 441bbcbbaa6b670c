import { siApple } from 'simple-icons';
import BrandIcon from './BrandIcon.tsx';
import LegalLinks from './LegalLinks.tsx';
import SocialLinks from './SocialLinks.tsx';

interface Props {
  productName: string;
  appStoreUrl: string;
  contactEmail: string;
  instagramUrl: string;
  tiktokUrl: string;
}

/**
 * The hero's call to action: the App Store button, the contact line and the social and legal links. Fades in and
 * rises 50 px after two seconds (landing.css).
 */
export default function CallToAction({ productName, appStoreUrl, contactEmail, instagramUrl, tiktokUrl }: Props) {
  return (
    <div className="cta">
      <a className="store-button" href={appStoreUrl} rel="noopener">
        <BrandIcon icon={siApple} size={26} />
        <span>Download on App Store</span>
      </a>
      <p className="contact-line">
        Questions or ideas? Email us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <SocialLinks productName={productName} instagramUrl={instagramUrl} tiktokUrl={tiktokUrl} />
      <LegalLinks />
    </div>
  );
}
