import { legalPages } from '../lib/legal/pages.ts';

/** A link to every legal page of the list (src/lib/legal/pages.ts), shared by the call-to-action and the footer. */
export default function LegalLinks() {
  return (
    <ul className="legal-links">
      {legalPages.map(({ kind, path, linkLabel }) => (
        <li key={kind}>
          <a href={path}>{linkLabel}</a>
        </li>
      ))}
    </ul>
  );
}
