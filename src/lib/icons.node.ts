/** App icons rasterised at build from the one SVG favicon: PNGs for iOS and the manifest, and a classic favicon.ico. */
import pngToIco from 'png-to-ico';
import sharp from 'sharp';
import faviconSvg from '../../public/favicon.svg?raw';

export async function iconPng(size: number): Promise<Buffer> {
  return sharp(Buffer.from(faviconSvg), { density: 600 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
}

export async function faviconIco(): Promise<Buffer> {
  return pngToIco([await iconPng(32), await iconPng(16)]);
}

export const manifestIconSizes = [192, 512] as const;
