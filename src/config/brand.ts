/** The brand: what the product is called, what it says about itself, where the site lives, how to reach the team. */
import { email, httpsUrl, text } from './fields.ts';

export const brandFields = {
  /**
   * The product's name, in every title, the hero's wordmark, the legal pages and the social card.
   * @example 'Tablemates'
   */
  productName: text('a non-empty product name, like "Tablemates"'),
  /**
   * The one line under the wordmark, also the pages' description and the invite page's lead.
   * @example 'AI food recommendations for your groups'
   */
  tagline: text('a non-empty tagline'),
  /**
   * Where the site is served, without a trailing slash: canonical URLs, the sitemap and social cards are built from it.
   * @example 'https://tablemates.app'
   */
  siteUrl: httpsUrl('https://example.com').refine(
    (value) => !value.endsWith('/'),
    'no trailing slash, like https://example.com',
  ),
  /**
   * The contact line, the legal pages and the SMS help reply give it (docs/requirements.md#call-to-action).
   * @example 'hello@tablemates.app'
   */
  contactEmail: email('hello@example.com'),
};
