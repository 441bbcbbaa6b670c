/**
 * The invite page in the browser: the code comes from the address, is checked against the allowed form and only
 * then written, as text, into the page and into the links that carry it (the app, Google Play). The head script
 * (inviteStateScript in invite.ts) has already shown the right parts, so nothing here moves the layout.
 */
import {
  androidIntentUrl,
  inviteCodeFrom,
  inviteSettingsId,
  inviteUrl,
  playUrlWithInvite,
  type InviteSettings,
} from './invite.ts';
import { colors } from './theme.ts';

/** The wide, fine-pointer screens where the landing page shows its QR code too (landing.css, invite.css). */
const desktop = '(min-width: 1024px) and (hover: hover) and (pointer: fine)';

function start() {
  const settingsText = document.getElementById(inviteSettingsId)?.textContent;
  if (!settingsText) return;
  const settings = JSON.parse(settingsText) as InviteSettings;
  const code = inviteCodeFrom(location.pathname, settings);
  if (!code) return;

  const link = inviteUrl(location.origin, settings, code);
  for (const element of document.querySelectorAll('[data-invite-code]')) element.textContent = code;

  const play = settings.androidPackage ? playUrlWithInvite(settings.androidPackage, code) : undefined;
  if (play) {
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('a.store-play')) anchor.href = play;
  }
  const open = document.querySelector<HTMLAnchorElement>('[data-invite-open]');
  if (open) {
    const android = play && /Android/i.test(navigator.userAgent);
    open.href = android ? androidIntentUrl(link, settings.androidPackage, play) : link;
  }

  const copy = document.querySelector<HTMLButtonElement>('[data-invite-copy]');
  const status = document.querySelector('[data-invite-copy-status]');
  copy?.addEventListener('click', () => {
    const said = (text: string) => {
      if (status) status.textContent = text;
    };
    navigator.clipboard.writeText(code).then(
      () => said('Copied. Paste it in the app once it is installed.'),
      () => {
        // No clipboard (an old browser, a denied permission): select the code so a long press copies it.
        const shown = document.querySelector('[data-invite-code]');
        if (shown) getSelection()?.selectAllChildren(shown);
        said('Copy the selected code, then paste it in the app once it is installed.');
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
