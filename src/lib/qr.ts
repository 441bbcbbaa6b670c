import QRCode from 'qrcode';
import { colors } from './theme.ts';

/** A QR code of `text` as an SVG string, drawn at build: no JavaScript on the page. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: `${colors.espresso}ff`, light: `${colors.cream}ff` },
  });
}
