import LegalLinks, { type LegalLink } from './LegalLinks.tsx';
import SocialLinks, { type SocialLink } from './SocialLinks.tsx';

interface Props {
  legalEntity: string;
  contactEmail: string;
  social: SocialLink[];
  legalPages: LegalLink[];
  /** The support page's link, after the legal pages'. */
  support: { href: string; label: string };
}

/** The footer of the landing and invite pages: legal and support links, the contact email and the social links. */
export default function SiteFooter({ legalEntity, contactEmail, social, legalPages, support }: Props) {
  return (
    <footer className="site-footer">
      <LegalLinks pages={legalPages} extra={support} />
      <p>
        <a href={`mailto:${contactEmail}`} dir="ltr">
          {contactEmail}
        </a>
      </p>
      <SocialLinks links={social} />
      {/* The name isolated: written left to right, it keeps its full stop at its end on a right-to-left page. */}
      <p className="copyright">
        © {new Date().getFullYear()} <bdi>{legalEntity}</bdi>
      </p>
    </footer>
  );
}
