/**
 * The visitor's own pause/play choice for something that moves on the page, kept for the visit (sessionStorage): a
 * visitor who paused the video or the scene finds it paused again after Back or a reload. With no choice made, the
 * caller falls back to the motion preference. Storage that is unavailable or refused (a privacy setting) only means
 * the choice is not kept.
 */
export type MotionSubject = 'hero-video' | 'scene';

const key = (subject: MotionSubject) => `motion-choice:${subject}`;

/** 'paused' or 'playing' as last chosen in this visit, or undefined when the visitor has not chosen. */
export function readMotionChoice(subject: MotionSubject): 'paused' | 'playing' | undefined {
  try {
    const value = sessionStorage.getItem(key(subject));
    return value === 'paused' || value === 'playing' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function saveMotionChoice(subject: MotionSubject, choice: 'paused' | 'playing') {
  try {
    sessionStorage.setItem(key(subject), choice);
  } catch {
    // Not kept: the control still works for this page.
  }
}
