import { logoPath } from '../lib/media.ts';

interface Props {
  productName: string;
  tagline: string;
}

/** The wordmark, the white logo and the tagline; fades in after the required delay (src/lib/motion.ts, landing.css). */
export default function HeroTitle({ productName, tagline }: Props) {
  return (
    <div className="hero-title">
      <img className="hero-logo" src={logoPath} alt="" width="72" height="72" />
      <h1 className="wordmark">{productName}</h1>
      <p className="tagline">{tagline}</p>
    </div>
  );
}
