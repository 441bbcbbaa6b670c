/**
 * Brand marks by their Simple Icons slug ('instagram', 'tiktok', 'youtube': the names at https://simpleicons.org),
 * so a social network in site.config.ts names its icon as plain data. Build-time only: the whole library (about
 * 3,500 marks) loads here, and only the chosen paths reach the HTML.
 */
import * as simpleIcons from 'simple-icons';
import type { SimpleIcon } from 'simple-icons';

const bySlug = new Map<string, SimpleIcon>(Object.values(simpleIcons).map((icon) => [icon.slug, icon]));

/** The mark with this exact slug, or undefined when Simple Icons has none. */
export const brandIcon = (slug: string): SimpleIcon | undefined => bySlug.get(slug);
