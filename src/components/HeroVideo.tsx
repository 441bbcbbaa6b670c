import { useEffect, useRef, useState } from 'react';
import { heroVideoSources } from '../lib/media.ts';
import { largeHeroQuery, smallHeroQuery, useHeroVariant } from './useHeroVariant.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/**
 * Every variant's sources, each behind a media query of width and motion preference: the browser picks the one
 * that fits, downloads only that one, and none at all under reduced motion.
 */
const serverSources = (['large', 'small'] as const).flatMap((variant) =>
  heroVideoSources(variant).map((source) => ({
    ...source,
    variant,
    media: `${variant === 'large' ? largeHeroQuery : smallHeroQuery} and (prefers-reduced-motion: no-preference)`,
  })),
);

/**
 * For visitors without JavaScript (rendered inside `<noscript>`): the same video, autoplaying the variant that fits.
 */
export function NoScriptHeroVideo() {
  return (
    <video className="hero-video" autoPlay muted loop playsInline aria-hidden="true" tabIndex={-1}>
      {serverSources.map(({ src, type, media }) => (
        <source key={src} src={src} type={type} media={media} />
      ))}
    </video>
  );
}

/**
 * The hero's background video: the large variant at a window width of 760 px or more, the small one below, switched
 * live on resize; a visible pause/play control (WCAG 2.2.2); no autoplay under reduced motion. It starts once the
 * island hydrates, after the load event: until then the still is what shows, so the still is the page's largest
 * paint and the video's bytes never compete with it.
 */
export default function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const variant = useHeroVariant();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  /** The visitor's own play/pause choice, which outranks the motion preference. */
  const choice = useRef<boolean>(undefined);
  const [paused, setPaused] = useState(false);
  /** Whether it has played a frame: until then it stays invisible over the still (see landing.css). */
  const [started, setStarted] = useState(false);
  const hydrated = variant !== undefined;

  const play = (element: HTMLVideoElement) => element.play().catch(() => setPaused(true));

  useEffect(() => {
    const element = video.current;
    if (!element || !variant || reducedMotion === undefined) return;
    const shouldPlay = choice.current ?? !reducedMotion;
    // Crossing the breakpoint makes the browser select the other variant's source anew.
    if (!element.currentSrc.includes(`hero-${variant}.`) && (shouldPlay || element.currentSrc)) element.load();
    if (shouldPlay) void play(element);
    else element.pause();
    setPaused(!shouldPlay);
  }, [variant, reducedMotion]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    choice.current = element.paused;
    if (!element.paused) return element.pause();
    if (!element.currentSrc) element.load();
    void play(element);
  };

  // Once hydrated, only the current variant's sources remain, without media queries, so `load()` picks it. Before
  // that the element has no source at all: WebKit holds the load event for a <video preload="none"> with sources
  // (about 3.4 s, until it reports `stalled`), and hydration waits for the load event. The no-script copy keeps them.
  const sources = variant ? heroVideoSources(variant).map((source) => ({ ...source, media: undefined })) : [];

  return (
    <>
      <video
        ref={video}
        className="hero-video"
        muted
        loop
        playsInline
        preload={hydrated && !reducedMotion ? 'auto' : 'none'}
        aria-hidden="true"
        tabIndex={-1}
        disablePictureInPicture
        data-started={started}
        onPlaying={() => setStarted(true)}
        onPlay={() => setPaused(false)}
        onPause={() => setPaused(true)}
      >
        {sources.map(({ src, type, media }) => (
          <source key={src} src={src} type={type} media={media} />
        ))}
      </video>
      <button
        type="button"
        className="hero-video-toggle"
        aria-label={paused ? 'Play background video' : 'Pause background video'}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
        </svg>
      </button>
    </>
  );
}
