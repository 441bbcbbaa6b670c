/**
 * The owner's screenshot of the app's sign-up screen (`smsConsentScreenshot`, a file under public/), shown right under
 * the consent wording on the terms page so a carrier's reviewer sees the words and the screen together.
 */
import { access } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { config as siteConfig, envName } from '../config.ts';

export interface ConsentScreenshot {
  /** The address under the site root, like /images/sms-consent.png. */
  src: string;
  width: number;
  height: number;
}

/** The id of the block quotation that holds the app's SMS consent wording, word for word (terms.md). */
export const consentWordingId = 'consent-wording';

export class ConsentScreenshotError extends Error {
  override name = 'ConsentScreenshotError';
}

/** The configured screenshot with its size; undefined when none is set. A missing or unreadable file names the field. */
export async function consentScreenshotOf(
  path: string = siteConfig.smsConsentScreenshot,
  publicDir: URL = pathToFileURL(`${process.cwd()}/public/`),
): Promise<ConsentScreenshot | undefined> {
  if (!path) return undefined;
  const file = fileURLToPath(new URL(path.replace(/^\//, ''), publicDir));
  const field = `smsConsentScreenshot (site.config.ts or ${envName('smsConsentScreenshot')})`;
  try {
    await access(file);
  } catch {
    throw new ConsentScreenshotError(
      `${field} is ${JSON.stringify(path)}, but ${file} does not exist; expected an image file under public/, or empty`,
    );
  }
  const { width, height } = await sharp(file)
    .metadata()
    .catch((error: Error) => {
      throw new ConsentScreenshotError(
        `${field} is ${JSON.stringify(path)}: ${file} is not a readable image (${error.message})`,
      );
    });
  if (!width || !height) throw new ConsentScreenshotError(`${field} is ${JSON.stringify(path)}: ${file} has no size`);
  return { src: path, width, height };
}
