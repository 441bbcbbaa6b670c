import type { SiteConfig } from '../config/index.ts';
import AppStoreQr from './AppStoreQr.tsx';
import LegalLinks, { type LegalLink } from './LegalLinks.tsx';
import SocialLinks from './SocialLinks.tsx';
import StoreButtons from './StoreButtons.tsx';

interface Props {
  productName: string;
  appStoreUrl: string;
  /** The Google Play listing; absent when the app is not on Android. */
  googlePlayUrl?: string;
  contactEmail: string;
  social: SiteConfig['social'];
  /** The App Store URL as a QR code (SVG), shown beside the button on wide, non-touch screens. */
  qrSvg: string;
  legalPages: LegalLink[];
}

/**
 * The hero's call to action: the store buttons, the contact line and the social and legal links. Fades in and
 * rises after the required delay (src/lib/motion.ts, landing.css).
 */
export default function CallToAction({
  productName,
  appStoreUrl,
  googlePlayUrl,
  contactEmail,
  social,
  qrSvg,
  legalPages,
}: Props) {
  return (
    <div className="cta">
      <div className="store">
        <StoreButtons appStoreUrl={appStoreUrl} googlePlayUrl={googlePlayUrl} />
        <AppStoreQr svg={qrSvg} productName={productName} />
      </div>
      <p className="contact-line">
        Questions or ideas? Email us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </p>
      <SocialLinks productName={productName} social={social} />
      <LegalLinks pages={legalPages} callToAction />
    </div>
  );
}
