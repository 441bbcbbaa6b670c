interface Props {
  /** A sentence that quotes the address, like "Questions or ideas? Email us at hello@example.com". */
  text: string;
  email: string;
  className?: string;
}

/** A sentence with its email address linked where the words put it (src/content/i18n/<locale>/words.yaml: `{{contactEmail}}`). */
export default function EmailLine({ text, email, className }: Props) {
  const [before, ...after] = text.split(email);
  return (
    <p className={className}>
      {before}
      {/* An address reads left to right, in a right-to-left sentence too. */}
      <a href={`mailto:${email}`} dir="ltr">
        {email}
      </a>
      {after.join(email)}
    </p>
  );
}
