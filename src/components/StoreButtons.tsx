import { siApple } from 'simple-icons';
import BrandIcon from './BrandIcon.tsx';

interface Props {
  appStoreUrl: string;
  /** The buttons' words (src/content/i18n/<locale>/words.yaml): Apple's and Google's own wording. */
  labels: { appStore: string; googlePlay: string };
  /** The Google Play listing, when the app is on Android (config `androidPackage`); otherwise the App Store only. */
  googlePlayUrl?: string;
}

/**
 * The download buttons. Google Play is a plain text button in the App Store button's style: Google's badge artwork
 * comes with rules of its own (official files, sizes, the trademark line), and text needs none of them.
 *
 * On Android the Play button comes first. It is rendered on both sides of the App Store button and landing.css hides
 * one of the two by the `data-platform` attribute the head script sets (src/lib/storePlatform.ts): reordering with
 * CSS `order` would put Play first on screen but leave it second for keyboard focus and screen readers.
 */
export default function StoreButtons({ appStoreUrl, googlePlayUrl, labels }: Props) {
  const play = (placement: 'before' | 'after') =>
    googlePlayUrl && (
      <a className={`store-button store-play store-play-${placement}`} href={googlePlayUrl} rel="noopener">
        <span>{labels.googlePlay}</span>
      </a>
    );
  return (
    <div className={googlePlayUrl ? 'store-buttons store-buttons-both' : 'store-buttons'}>
      {play('before')}
      <a className="store-button" href={appStoreUrl} rel="noopener">
        <BrandIcon icon={siApple} size={26} />
        <span>{labels.appStore}</span>
      </a>
      {play('after')}
    </div>
  );
}
