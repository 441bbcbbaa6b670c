import { legalPages } from '../lib/legal/pages.ts';

/**
 * Links to the legal pages of the list (src/lib/legal/pages.ts): every one in the footer, the ones marked for it in
 * the call to action.
 */
export default function LegalLinks({ callToAction = false }: { callToAction?: boolean }) {
  return (
    <ul className="legal-links">
      {legalPages
        .filter((page) => !callToAction || page.inCallToAction)
        .map(({ kind, path, linkLabel }) => (
          <li key={kind}>
            <a href={path}>{linkLabel}</a>
          </li>
        ))}
    </ul>
  );
}
