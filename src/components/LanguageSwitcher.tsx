import type { Direction } from '../lib/direction.ts';
import type { Locale } from '../lib/i18n.ts';

interface Props {
  /** The page's own language, which the switcher does not link. */
  locale: Locale;
  /** This page's address in each language it exists in (BaseLayout's `alternates`). */
  links: Record<Locale, string>;
  /** What screen readers call the switcher: the interface's `languageNav`. */
  label: string;
  /** Each language named in itself (its words' `language.name`). */
  names: Record<Locale, string>;
  /** Which way each name is written: a right-to-left name keeps its order on a left-to-right page, and back. */
  dirs: Record<Locale, Direction>;
}

/**
 * Plain links to the page in its other languages, each named in its own language and marked as such (`lang`,
 * `hreflang`); nothing is chosen for the visitor from the browser's languages. BaseLayout renders it last on every
 * page that exists in more than one language.
 */
export default function LanguageSwitcher({ locale, links, label, names, dirs }: Props) {
  const others = (Object.entries(links) as [Locale, string][]).filter(([other]) => other !== locale);
  if (others.length === 0) return null;
  return (
    <nav className="language-switcher" aria-label={label}>
      <ul>
        {others.map(([other, href]) => (
          <li key={other}>
            <a href={href} hrefLang={other} lang={other} dir={dirs[other]} data-language-switch>
              {names[other]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
