import styles from './MotionToggle.module.css';

interface Props {
  /** What a press does, as the label says it: "Play background video" while paused, "Pause ..." while playing. */
  labels: { play: string; pause: string };
  /** Whether the motion is stopped now. */
  paused: boolean;
  onToggle: () => void;
  /** Where the caller anchors it. */
  className?: string;
}

/**
 * The pause/play control of anything that moves on the page (WCAG 2.2.2): a native button, so Tab reaches it and
 * Enter and Space press it, whose label says what pressing it does. Render it only once it works: a button that
 * does nothing before hydration would claim a control it does not have.
 */
export default function MotionToggle({ labels, paused, onToggle, className }: Props) {
  return (
    <button
      type="button"
      className={[styles.toggle, className].filter(Boolean).join(' ')}
      aria-label={paused ? labels.play : labels.pause}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
      </svg>
    </button>
  );
}
