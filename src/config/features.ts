/**
 * What the app does, as switches, so a product with fewer features than the template's launches without touching code
 * (docs/legal-pages.md#features). src/lib/features.ts lists them and what each one switched off takes with it: its
 * words (`{{#if <feature>}}...{{/if}}`), the sections the legal check requires for it, its kinds of data and so its
 * store labels, its support answers and its owner confirmations; its config values may then stay empty.
 */
import { z } from 'zod';
import { featureNames } from '../lib/features.ts';

export const featureFields = {
  /**
   * Each feature the app has, `true`, or does not, `false`.
   * - places: the app finds places through a places-data provider (`placesProvider`), which receives searches and
   *   locations and whose terms bind the app's users.
   * - ai: the app sends users' data to an AI provider (`aiProvider`) to make recommendations; without it, the app
   *   recommends by other means and the pages name no AI provider.
   * - teens: the app accepts users aged 13 to 17 (`parentalConsent` says what it asks of a parent); without it, the
   *   app is for adults only (18 and older) and the pages say so.
   * - dietary: the app asks for dietary restrictions, consumer health data (Washington's My Health My Data Act,
   *   Nevada's law like it); off, the Consumer Health Data Privacy Policy page is not published.
   * - posts: users post photos, videos and reviews that other users see; off, the Community Guidelines page is not
   *   published, nor reporting and blocking.
   * @example { places: true, ai: true, teens: true, dietary: true, posts: true }
   */
  features: z.strictObject(
    Object.fromEntries(featureNames.map((name) => [name, z.boolean('true or false')])) as Record<
      (typeof featureNames)[number],
      z.ZodBoolean
    >,
  ),
};
