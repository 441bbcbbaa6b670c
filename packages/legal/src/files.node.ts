import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

const texts = new Map<string, { stamp: string; text: string }>();

/**
 * A file's text, read from disk once while it is unchanged: a build asks for each legal file many times (every page's
 * table of pages, its words and its record), and `astro dev` or a command that writes the record must see an edit, so
 * each call compares the file's modification time and size with those of the copy held.
 */
export function readText(file: string): string {
  const { mtimeNs, size } = statSync(file, { bigint: true });
  const stamp = `${mtimeNs}:${size}`;
  const held = texts.get(file);
  if (held?.stamp === stamp) return held.text;
  const text = readFileSync(file, 'utf8');
  texts.set(file, { stamp, text });
  return text;
}

/** The names, modification times and sizes of the files in `dirs` (a missing folder has none): what they hold now. */
export const folderStamp = (dirs: string[]) =>
  dirs
    .flatMap((dir) => (existsSync(dir) ? readdirSync(dir).map((name) => `${dir}/${name}`) : []))
    .map((file) => `${file}:${statSync(file, { bigint: true }).mtimeNs}`)
    .join('\n');
