import { legalPages } from '../lib/legal/pages.ts';

/** The Privacy Policy and Terms of Service links, shared by the call-to-action and the footer. */
export default function LegalLinks() {
  return (
    <ul className="legal-links">
      {Object.values(legalPages).map(({ kind, path, linkLabel }) => (
        <li key={kind}>
          <a href={path}>{linkLabel}</a>
        </li>
      ))}
    </ul>
  );
}
