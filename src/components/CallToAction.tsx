import AppStoreQr from './AppStoreQr.tsx';
import EmailLine from './EmailLine.tsx';
import LegalLinks, { type LegalLink } from './LegalLinks.tsx';
import SocialLinks, { type SocialLink } from './SocialLinks.tsx';
import StoreButtons from './StoreButtons.tsx';

interface Props {
  appStoreUrl: string;
  /** The Google Play listing; absent when the app is not on Android. */
  googlePlayUrl?: string;
  storeLabels: { appStore: string; googlePlay: string };
  contactEmail: string;
  /** The contact sentence, quoting the address (src/content/i18n/<locale>/words.yaml: `landing.contactLine`). */
  contactLine: string;
  social: SocialLink[];
  /** The App Store URL as a QR code (SVG), shown beside the button on wide, non-touch screens, with its words. */
  qr: { svg: string; label: string; caption: string };
  legalPages: LegalLink[];
}

/**
 * The hero's call to action: the store buttons, the contact line and the social and legal links. Fades in and
 * rises after the required delay (src/lib/motion.ts, landing.css).
 */
export default function CallToAction({
  appStoreUrl,
  googlePlayUrl,
  storeLabels,
  contactEmail,
  contactLine,
  social,
  qr,
  legalPages,
}: Props) {
  return (
    <div className="cta">
      <div className="store">
        <StoreButtons appStoreUrl={appStoreUrl} googlePlayUrl={googlePlayUrl} labels={storeLabels} />
        <AppStoreQr {...qr} />
      </div>
      <EmailLine className="contact-line" text={contactLine} email={contactEmail} />
      <SocialLinks links={social} />
      <LegalLinks pages={legalPages} callToAction />
    </div>
  );
}
