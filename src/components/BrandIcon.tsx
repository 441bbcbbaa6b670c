import type { SimpleIcon } from 'simple-icons';

/** A brand mark from Simple Icons, drawn in the current text colour; decorative, so the link around it names it. */
export default function BrandIcon({ icon, size = 22 }: { icon: SimpleIcon; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true" focusable="false">
      <path d={icon.path} />
    </svg>
  );
}
