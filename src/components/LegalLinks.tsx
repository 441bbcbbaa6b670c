import { routes } from '../lib/routes.ts';

/** The Privacy Policy and Terms of Service links, shared by the call-to-action and the footer. */
export default function LegalLinks() {
  return (
    <ul className="legal-links">
      <li>
        <a href={routes.privacy}>Privacy Policy</a>
      </li>
      <li>
        <a href={routes.terms}>Terms of Service</a>
      </li>
    </ul>
  );
}
