/**
 * The landing page's media choices (docs/media-and-3d.md#keeping-the-templates-media and #switching-the-scene-off):
 * whether it shows the 3D scene, and which of the template's own media the owner keeps on purpose, which
 * `npm run check:release` then stops listing.
 */
import { z } from 'zod';

/**
 * The template's media an owner may keep: the hero footage and the 3D model, both drawn from the scene's generic
 * table of food. The logo, the favicon and the words are the template's brand, which no owner ships as theirs.
 */
export const keepableMedia = ['footage', 'model'] as const;
export type KeepableMedia = (typeof keepableMedia)[number];

const keepExpected = `a list of the template's media you keep on purpose, each once, of ${keepableMedia.join(', ')}, like ['model'] (or [] for none)`;
const itemExpected = `one of ${keepableMedia.join(', ')} (the template's media you keep on purpose), like ['model']`;

export const mediaFields = {
  /**
   * Whether the landing page shows the 3D scene: its still, then the live model once it draws. `false` leaves out its
   * section: no scene, no model preloaded, no scene script; `media/group-meal.glb`, `public/models/` and the scene's
   * still may then go, and `npm run check:release` asks nothing about them. The specification requires the scene
   * (docs/requirements.md#model-preload), so `false` departs from it.
   * @example true
   */
  scene: z.boolean('true (the landing page shows the 3D scene) or false (it shows none)').default(true),
  /**
   * The template's media you keep on purpose, so `npm run check:release` stops listing them and says they are kept
   * by choice: `footage` (the hero video and its stills), `model` (the 3D model and its still).
   * @example ['model']
   */
  keepTemplateMedia: z
    .array(z.enum(keepableMedia, itemExpected), keepExpected)
    .refine((list) => new Set(list).size === list.length, keepExpected)
    .default([]),
};
