import AppStoreQr from '../../components/AppStoreQr.tsx';
import StoreButtons from '../../components/StoreButtons.tsx';
import type { Words } from '../words/schema.ts';

interface Props {
  productName: string;
  /** The invite's words (src/content/i18n/<locale>/words.yaml: `invite`). */
  words: Words['invite'];
  storeLabels: { appStore: string; googlePlay: string };
  qrCaption: string;
  appStoreUrl: string;
  /** The Google Play listing, when the app is on Android; the page's script adds the code to it. */
  googlePlayUrl?: string;
  /** The invite page's own address, `/join`: the "Open in the app" link until the script sets the code's. */
  invitePath: string;
  logoPath: string;
  /** The states the whole invite shows in: on the 404 page only those of an invite address. */
  show?: string;
}

/**
 * The invite's content, one static page for every code (InvitePage.astro). Three states, picked by the head script
 * before the first paint (`data-invite` on <html>; each part's `data-show` names the states it shows in, invite.css):
 * a code of the allowed form (the code, the app, the stores, the copy button, the QR code); an incomplete link; and,
 * with no state (no JavaScript), the stores and how to join. The code is only ever written as text, by
 * invite.client.ts, which says the copy button's outcome in the words it finds on the status line.
 */
export default function GroupInvite({
  productName,
  words,
  storeLabels,
  qrCaption,
  appStoreUrl,
  googlePlayUrl,
  invitePath,
  logoPath,
  show,
}: Props) {
  return (
    <div className="invite" data-show={show}>
      <a className="invite-brand" href="/">
        <img src={logoPath} alt="" width={48} height={48} />
        <span>{productName}</span>
      </a>
      <h1>
        <span data-show="code none">{words.heading}</span>
        <span data-show="incomplete">{words.incompleteHeading}</span>
      </h1>
      <p className="invite-code-line" data-show="code">
        {words.codeLabel}
        {/* Letters and digits typed as they are shown, left to right on a right-to-left page too. */}
        <strong className="invite-code" dir="ltr" data-invite-code />
      </p>
      <p data-show="none">{words.howToJoin}</p>
      <p data-show="incomplete">{words.incomplete}</p>
      <a className="invite-open" href={invitePath} data-show="code" data-invite-open>
        {words.openInApp}
      </a>
      <p className="invite-lead" data-show="code">
        {words.notInstalled}
      </p>
      <div className="store">
        <StoreButtons appStoreUrl={appStoreUrl} googlePlayUrl={googlePlayUrl} labels={storeLabels} />
        <div data-show="code" data-invite-qr>
          <AppStoreQr svg="" label={words.qrLabel} caption={qrCaption} />
        </div>
      </div>
      <div className="invite-copy" data-show="code">
        <button type="button" className="invite-copy-button" data-invite-copy>
          {words.copyButton}
        </button>
        <p>{words.copyHint}</p>
        <p
          className="invite-copy-status"
          role="status"
          data-invite-copy-status
          data-copied={words.copied}
          data-copy-manually={words.copyManually}
        />
      </div>
    </div>
  );
}
