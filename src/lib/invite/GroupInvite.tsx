import AppStoreQr from '../../components/AppStoreQr.tsx';
import StoreButtons from '../../components/StoreButtons.tsx';

interface Props {
  productName: string;
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
 * invite.client.ts.
 */
export default function GroupInvite({ productName, appStoreUrl, googlePlayUrl, invitePath, logoPath, show }: Props) {
  return (
    <div className="invite" data-show={show}>
      <a className="invite-brand" href="/">
        <img src={logoPath} alt="" width={48} height={48} />
        <span>{productName}</span>
      </a>
      <h1>
        <span data-show="code none">You are invited to a group on {productName}</span>
        <span data-show="incomplete">This invite link is incomplete</span>
      </h1>
      <p className="invite-code-line" data-show="code">
        Your invite code
        <strong className="invite-code" data-invite-code />
      </p>
      <p data-show="none">
        Open this link on your phone. If {productName} is installed, the link opens the group in the app; if not, get
        the app below, then open the link again to join.
      </p>
      <p data-show="incomplete">
        Part of the link is missing, so we cannot tell which group it is for. Ask your friend to send it again; in the
        meantime, get the app.
      </p>
      <a className="invite-open" href={invitePath} data-show="code" data-invite-open>
        Open in the app
      </a>
      <p className="invite-lead" data-show="code">
        Not installed yet? Get the app, then join with your code.
      </p>
      <div className="store">
        <StoreButtons appStoreUrl={appStoreUrl} googlePlayUrl={googlePlayUrl} />
        <div data-show="code" data-invite-qr>
          <AppStoreQr svg="" productName={productName} label={`QR code of this invite to ${productName}`} />
        </div>
      </div>
      <div className="invite-copy" data-show="code">
        <button type="button" className="invite-copy-button" data-invite-copy>
          Copy invite code
        </button>
        <p>On an iPhone, after installing, open the app and paste the code to join the group.</p>
        <p className="invite-copy-status" role="status" data-invite-copy-status />
      </div>
    </div>
  );
}
