import { tagDirection } from '../lib/direction.ts';
import type { LegalPage } from 'legal-record';

/**
 * What a link to a legal page needs: the pages pass it from the collection (packages/legal/src/record/collection.ts). `lang` and
 * `note` where the page exists only in another language than the page linking it (src/lib/words/legalLinks.node.ts).
 */
export type LegalLink = Pick<LegalPage, 'kind' | 'path' | 'linkLabel' | 'callToAction'> & {
  lang?: string;
  note?: string;
};

interface Props {
  pages: LegalLink[];
  /** Only the pages marked `callToAction`, for the hero's call to action. */
  callToAction?: boolean;
  /** One more link after them (the footer's support page). */
  extra?: { href: string; label: string };
}

/** Links to the legal pages: every one in the footer, the ones marked `callToAction` in the call to action. */
export default function LegalLinks({ pages, callToAction = false, extra }: Props) {
  return (
    <ul className="legal-links">
      {pages
        .filter((page) => !callToAction || page.callToAction)
        .map(({ kind, path, linkLabel, lang, note }) => (
          <li key={kind}>
            <a href={path} {...(lang && { hrefLang: lang, lang, dir: tagDirection(lang) })}>
              {linkLabel}
            </a>
            {note && <span className="legal-link-note"> {note}</span>}
          </li>
        ))}
      {extra && (
        <li>
          <a href={extra.href}>{extra.label}</a>
        </li>
      )}
    </ul>
  );
}
