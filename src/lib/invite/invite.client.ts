/**
 * The invite page's script, started by the head script (inviteStateScript) once the page has loaded and only for a
 * code of the allowed form, whose parts it has already shown: writes the code, as text, into the page and into the
 * links that carry it (the app, Google Play), so nothing here moves the layout; the copy button; the QR code.
 */
import { androidIntentUrl, playUrlWithInvite } from './invite.ts';
import { colors } from '../theme.ts';

/** The wide, fine-pointer screens where the landing page shows its QR code too (store.css). */
const desktop = '(min-width: 1024px) and (hover: hover) and (pointer: fine)';

function start() {
  // The address is the invite link and its last segment the code, of the allowed form (the head script checked it).
  const link = location.origin + location.pathname.replace(/\/$/, '');
  const code = link.slice(link.lastIndexOf('/') + 1);
  for (const element of document.querySelectorAll('[data-invite-code]')) element.textContent = code;

  // The language switcher leads to the same invite in the other language (`/join/<code>` -> `/es/join/<code>`).
  for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]'))
    anchor.href = `${anchor.href.replace(/\/$/, '')}/${code}`;

  const open = document.querySelector<HTMLAnchorElement>('[data-invite-open]');
  if (open) open.href = link;
  // With the app on Android, the Play buttons link its listing (`?id=<package>`): they and "Open in the app" on an
  // Android phone carry the code.
  const plays = document.querySelectorAll<HTMLAnchorElement>('a.store-play');
  const androidPackage = plays[0] && new URL(plays[0].href).searchParams.get('id');
  if (androidPackage) {
    const play = playUrlWithInvite(androidPackage, code);
    for (const anchor of plays) anchor.href = play;
    if (open && /Android/i.test(navigator.userAgent)) open.href = androidIntentUrl(link, androidPackage, play);
  }

  const copy = document.querySelector<HTMLButtonElement>('[data-invite-copy]');
  // The outcome's words are the page's (src/content/i18n/<locale>/words.yaml), on the status line itself.
  const status = document.querySelector<HTMLElement>('[data-invite-copy-status]');
  copy?.addEventListener('click', () => {
    const said = (text = '') => {
      if (status) status.textContent = text;
    };
    navigator.clipboard.writeText(code).then(
      () => said(status?.dataset.copied),
      () => {
        // No clipboard (an old browser, a denied permission): select the code so a long press copies it.
        const shown = document.querySelector('[data-invite-code]');
        if (shown) getSelection()?.selectAllChildren(shown);
        said(status?.dataset.copyManually);
      },
    );
  });

  if (matchMedia(desktop).matches) void drawQr(link);
}

/**
 * A QR code of the invite link, drawn as SVG elements (no markup parsed), for a visitor on a computer to scan with
 * the phone. Its library is fetched only here, on a wide screen with a code: a phone never downloads it.
 */
async function drawQr(link: string) {
  const slot = document.querySelector('[data-invite-qr] .store-qr-code');
  if (!slot) return;
  const { create } = await import('qrcode');
  const { modules } = create(link, { errorCorrectionLevel: 'M' });
  const margin = 2;
  const size = modules.size + margin * 2;
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + margin} ${row + margin}h1v1h-1z`;
    }
  }
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const background = document.createElementNS(svgNs, 'rect');
  background.setAttribute('width', String(size));
  background.setAttribute('height', String(size));
  background.setAttribute('fill', colors.cream);
  const dark = document.createElementNS(svgNs, 'path');
  dark.setAttribute('d', path);
  dark.setAttribute('fill', colors.espresso);
  svg.append(background, dark);
  slot.replaceChildren(svg);
}

start();
