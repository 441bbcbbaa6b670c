interface Props {
  /** The QR code as SVG markup, made at build from the App Store URL (src/lib/qr.ts); empty when drawn in the browser. */
  svg: string;
  /** What the code leads to, for screen readers. */
  label: string;
  caption: string;
}

/**
 * For visitors on a wide screen with no phone in hand: a QR code of the App Store listing beside the download
 * button. Hidden on narrow screens and touch devices, where the button itself is one tap away (store.css). The
 * invite page shows its invite link here instead, drawn in the browser (src/lib/invite/invite.client.ts).
 */
export default function AppStoreQr({ svg, label, caption }: Props) {
  return (
    <figure className="store-qr">
      <span
        className="store-qr-code"
        role="img"
        aria-label={label}
        // The wrapper is the one named image; the drawing inside it is hidden, or it reads as a second, unnamed one.
        dangerouslySetInnerHTML={{ __html: svg.replace('<svg', '<svg aria-hidden="true" focusable="false"') }}
      />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
