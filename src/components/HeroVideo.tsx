import { useEffect, useRef, useState } from 'react';
import type { HeroVariant } from '../lib/media.ts';
import { readMotionChoice, saveMotionChoice } from '../lib/motionChoice.ts';
import MotionToggle from './MotionToggle.tsx';
import { useHeroVariant } from './useHeroVariant.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/**
 * The hero's background video: its variant follows the window (docs/requirements.md#hero-breakpoint), with a
 * pause/play control (#hero-pause) and no autoplay under reduced motion. It starts once the island hydrates, after the
 * load event, so the still is the page's largest paint and the video's bytes never compete with it; without
 * JavaScript the still is all there is, and the control appears only once it works. The island sits after the hero's
 * text, so Tab and screen readers meet the title and the call to action before its control.
 */
export default function HeroVideo({
  labels,
  sources: shipped,
}: {
  labels: { play: string; pause: string };
  /** Each variant's video files that the build ships, best first (src/lib/media.node.ts). */
  sources: Record<HeroVariant, { src: string; type: string }[]>;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const variant = useHeroVariant();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  /**
   * The visitor's own play/pause choice (true: play), which outranks the motion preference; kept for the visit. Read
   * on the first render: nothing it decides is rendered before the island has hydrated.
   */
  const [choice, setChoice] = useState<boolean | undefined>(() => {
    const saved = readMotionChoice('hero-video');
    return saved && saved === 'playing';
  });
  /** The same, for the effect below, which must not run again (and reload the video) when the visitor presses. */
  const choiceNow = useRef(choice);
  /** Whether the video is paused; unknown (and no control shown) until the island has started or paused it. */
  const [paused, setPaused] = useState<boolean>();
  /** Whether it has played a frame: until then it stays invisible over the still (see landing.css). */
  const [started, setStarted] = useState(false);
  const hydrated = variant !== undefined;

  // A DOM property, not an attribute: `disablepictureinpicture` is not an HTML attribute of <video> (the validator
  // rejects it in the served page).
  useEffect(() => {
    if (video.current) video.current.disablePictureInPicture = true;
  }, []);

  const play = (element: HTMLVideoElement) => element.play().catch(() => setPaused(true));

  useEffect(() => {
    const element = video.current;
    if (!element || !variant || reducedMotion === undefined) return;
    const shouldPlay = choiceNow.current ?? !reducedMotion;
    // Crossing the breakpoint makes the browser select the other variant's source anew.
    if (!element.currentSrc.includes(`hero-${variant}.`) && (shouldPlay || element.currentSrc)) element.load();
    if (shouldPlay) void play(element);
    else element.pause();
    setPaused(element.paused);
  }, [variant, reducedMotion]);

  const toggle = () => {
    const element = video.current;
    if (!element) return;
    const playing = element.paused;
    choiceNow.current = playing;
    setChoice(playing);
    saveMotionChoice('hero-video', playing ? 'playing' : 'paused');
    // Played here, in the press itself: a browser that allows play() only in a user gesture (iOS) allows this one.
    if (!playing) return element.pause();
    if (!element.currentSrc) element.load();
    void play(element);
  };

  // Once hydrated, the current variant's sources, so `load()` picks it. Before that the element has no source at all:
  // WebKit holds the load event for a <video preload="none"> with sources until it reports `stalled`, and hydration
  // waits for the load event.
  const sources = variant ? shipped[variant] : [];

  return (
    <>
      <video
        ref={video}
        className="hero-video"
        muted
        loop
        playsInline
        preload={hydrated && (choice ?? !reducedMotion) ? 'auto' : 'none'}
        aria-hidden="true"
        tabIndex={-1}
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
        <MotionToggle labels={labels} paused={paused} onToggle={toggle} className="hero-video-toggle" />
      )}
    </>
  );
}
