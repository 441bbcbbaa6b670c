/**
 * The 3D scene's slot on the landing page. The server renders the scene's still; in the browser, when the scene can
 * draw in a worker (an OffscreenCanvas with WebGL 2) and motion is not reduced, it starts the live scene (LiveScene:
 * a worker with three.js and the model's decoder) and swaps it in once the model is drawn. Anything that fails on the
 * way leaves the still in place.
 *
 * Mount with `client:visible={{ rootMargin: '300px' }}` so the scene's code loads only as the slot nears the viewport.
 */
import { Component, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { sceneStillPath, sceneStillSize } from '../lib/media.ts';
import { readMotionChoice, saveMotionChoice } from '../lib/motionChoice.ts';
import { webglSupport, type WebGLSupport } from '../lib/webgl.client.ts';
import LiveScene from './LiveScene.tsx';
import MotionToggle from './MotionToggle.tsx';
import styles from './SceneSlot.module.css';
import { useMediaQuery } from './useMediaQuery.ts';

interface Props {
  /** What the scene and its still show, for screen readers (src/content/i18n/<locale>/words.yaml). */
  alt: string;
  /** The pause control's labels. */
  labels: { play: string; pause: string };
}

export default function SceneSlot({ alt, labels }: Props) {
  // Asked of a worker after hydration (src/lib/webgl.client.ts): until it answers, the still stays.
  const [support, setSupport] = useState<WebGLSupport>();
  useEffect(() => {
    let mounted = true;
    void webglSupport().then((answer) => {
      if (mounted) setSupport(answer);
    });
    return () => {
      mounted = false;
    };
  }, []);
  // Follows the motion preference live: turning "reduce motion" on puts the still back.
  const canAnimate =
    useMediaQuery('(prefers-reduced-motion: reduce)') === false && support !== undefined && support !== 'none';
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  // The visitor's pause (WCAG 2.2.2: it would otherwise turn forever); it holds on and off screen, and for the visit
  // (src/lib/motionChoice.ts). The kept choice is read only once the probe has run: the server knows none, and the
  // hydrating render must match what it rendered; the scene cannot start before then anyway.
  const [chosenPause, setChosenPause] = useState<boolean>();
  const paused = chosenPause ?? (support !== undefined && readMotionChoice('scene') === 'paused');
  const togglePaused = () => {
    saveMotionChoice('scene', paused ? 'playing' : 'paused');
    setChosenPause(!paused);
  };
  const onReady = useCallback(() => setReady(true), []);
  const onError = useCallback(() => setFailed(true), []);
  const slot = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(slot);

  const mode = !canAnimate || failed ? 'still' : ready ? 'live' : 'loading';
  return (
    <figure ref={slot} className={styles.slot} data-scene={mode} data-paused={paused || undefined}>
      {mode !== 'live' && <SceneStill alt={alt} />}
      {mode !== 'still' && (
        // Named as the still is, once it shows; the image role keeps the control beside it, not inside it.
        <div
          className={styles.live}
          role={mode === 'live' ? 'img' : undefined}
          aria-label={mode === 'live' ? alt : undefined}
        >
          <StillOnError onError={onError}>
            <LiveScene
              quality={support === 'software' ? 'software' : 'hardware'}
              active={onScreen}
              paused={paused}
              onReady={onReady}
              onError={onError}
            />
          </StillOnError>
        </div>
      )}
      {/* From the moment the scene starts loading: a Tab pass that reaches the slot then still meets it, and a
          visitor can pause before the first frame. */}
      {mode !== 'still' && (
        <MotionToggle labels={labels} paused={paused} onToggle={togglePaused} className={styles.toggle} />
      )}
    </figure>
  );
}

function SceneStill({ alt }: { alt: string }) {
  return (
    <picture>
      <source srcSet={sceneStillPath('avif')} type="image/avif" />
      <img
        src={sceneStillPath('webp')}
        alt={alt}
        width={sceneStillSize.width}
        height={sceneStillSize.height}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}

/** Catches an error while rendering or starting the live scene and hands back to the still. */
class StillOnError extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Whether the element is (nearly) on screen; the scene stops drawing while it is not. */
function useOnScreen(element: RefObject<HTMLElement | null>) {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    if (!element.current) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry.isIntersecting), { rootMargin: '100px' });
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [element]);
  return onScreen;
}
