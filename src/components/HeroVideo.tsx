import { useEffect, useRef, useState } from 'react';
import { heroVideoSources } from '../lib/media.ts';
import MotionToggle from './MotionToggle.tsx';
import { useHeroVariant } from './useHeroVariant.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/**
 * The hero's background video: the large variant at a window width of `heroBreakpointPx` or more, the small one
 * below, switched live on resize; a visible pause/play control (WCAG 2.2.2); no autoplay under reduced motion. It
 * starts once the island hydrates, after the load event: until then the still is what shows, so the still is the
 * page's largest paint and the video's bytes never compete with it. Without JavaScript the still is all there is: no
 * video plays that no control could stop, and the control itself appears only once it works, labelled with what it
 * will do.
 */
export default function HeroVideo() {
  const video = useRef<HTMLVideoElement>(null);
  const variant = useHeroVariant();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  /** The visitor's own play/pause choice, which outranks the motion preference. */
  const choice = useRef<boolean>(undefined);
  /** Whether the video is paused; unknown (and no control shown) until the island has started or paused it. */
  const [paused, setPaused] = useState<boolean>();
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
    setPaused(element.paused);
  }, [variant, reducedMotion]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    choice.current = element.paused;
    if (!element.paused) return element.pause();
    if (!element.currentSrc) element.load();
    void play(element);
  };

  // Once hydrated, the current variant's sources, so `load()` picks it. Before that the element has no source at all:
  // WebKit holds the load event for a <video preload="none"> with sources (about 3.4 s, until it reports
  // `stalled`), and hydration waits for the load event.
  const sources = variant ? heroVideoSources(variant) : [];

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
        {sources.map(({ src, type }) => (
          <source key={src} src={src} type={type} />
        ))}
      </video>
      {paused !== undefined && (
        <MotionToggle subject="background video" paused={paused} onToggle={toggle} className="hero-video-toggle" />
      )}
    </>
  );
}
