import type { LegalPage } from '../lib/legal/frontMatter.ts';

/** What a link to a legal page needs: the pages pass it from the collection (src/lib/legal/collection.ts). */
export type LegalLink = Pick<LegalPage, 'kind' | 'path' | 'linkLabel' | 'callToAction'>;

/** Links to the legal pages: every one in the footer, the ones marked `callToAction` in the call to action. */
export default function LegalLinks({ pages, callToAction = false }: { pages: LegalLink[]; callToAction?: boolean }) {
  return (
    <ul className="legal-links">
      {pages
        .filter((page) => !callToAction || page.callToAction)
        .map(({ kind, path, linkLabel }) => (
          <li key={kind}>
            <a href={path}>{linkLabel}</a>
          </li>
        ))}
    </ul>
  );
}
