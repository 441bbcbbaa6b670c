import { siApple } from 'simple-icons';
import AppStoreQr from './AppStoreQr.tsx';
import BrandIcon from './BrandIcon.tsx';
import LegalLinks from './LegalLinks.tsx';
import SocialLinks from './SocialLinks.tsx';

interface Props {
  productName: string;
  appStoreUrl: string;
  contactEmail: string;
  instagramUrl: string;
  tiktokUrl: string;
  /** The App Store URL as a QR code (SVG), shown beside the button on wide, non-touch screens. */
  qrSvg: string;
}

/**
 * The hero's call to action: the App Store button, the contact line and the social and legal links. Fades in and
 * rises 50 px after two seconds (landing.css).
 */
export default function CallToAction({
  productName,
  appStoreUrl,
  contactEmail,
  instagramUrl,
  tiktokUrl,
  qrSvg,
}: Props) {
  return (
    <div className="cta">
      <div className="store">
        <a className="store-button" href={appStoreUrl} rel="noopener">
          <BrandIcon icon={siApple} size={26} />
          <span>Download on App Store</span>
        </a>
        <AppStoreQr svg={qrSvg} productName={productName} />
      </div>
      <p className="contact-line">
        Questions or ideas? Email us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <SocialLinks productName={productName} instagramUrl={instagramUrl} tiktokUrl={tiktokUrl} />
      <LegalLinks />
    </div>
  );
}
