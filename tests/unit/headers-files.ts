/**
 * Readers for the host files the build writes (src/lib/hostFiles.node.ts), so tests can compare what each one really says.
 * Each returns { [path pattern]: { [header]: value } } (nginx: one server-wide set under '/*').
 */

export type HeaderSets = Record<string, Record<string, string>>;

/** Netlify / Cloudflare Pages `_headers`: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): HeaderSets {
  const sets: HeaderSets = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    if (!/^\s/.test(line)) {
      current = sets[line.trim()] = {};
      continue;
    }
    const match = /^\s+([\w-]+):\s*(.*)$/.exec(line);
    if (!match || !current) throw new Error(`_headers: unreadable line ${JSON.stringify(line)}`);
    current[match[1]!] = match[2]!;
  }
  return sets;
}

/** Vercel's `headers` (vercel.ts): sources in Vercel's path-to-regexp form, `/(.*)` written back as `/*`. */
export function parseVercelJson(text: string): HeaderSets {
  const json = JSON.parse(text) as { headers: { source: string; headers: { key: string; value: string }[] }[] };
  return Object.fromEntries(
    json.headers.map(({ source, headers }) => [
      source.replace('(.*)', '*'),
      Object.fromEntries(headers.map(({ key, value }) => [key, value])),
    ]),
  );
}

/**
 * The nginx includes: `add_header Name $variable always;` lines, each value the default of that variable's `$status`
 * map (empty on a 416 only). Cache-Control, picked by path and status, is not one of them.
 */
export function parseNginxInclude(include: string, maps: string): HeaderSets {
  // Each map's default: a quoted value, or another map's variable (the policy, which also varies by path).
  const defaults: Record<string, string> = Object.fromEntries(
    [...maps.matchAll(/^map \$\w+ (\$\w+) \{\n[^}]*?^ {2}default (?:"((?:[^"\\]|\\.)*)"|(\$\w+));\n\}$/gm)].map(
      (match) => [match[1]!, match[2]?.replace(/\\(.)/g, '$1') ?? match[3]!],
    ),
  );
  for (const [variable, value] of Object.entries(defaults)) {
    if (value.startsWith('$')) defaults[variable] = defaults[value]!;
  }
  const headers: Record<string, string> = {};
  for (const [, name, variable] of include.matchAll(/^add_header ([\w-]+) (\$\w+) always;$/gm)) {
    if (defaults[variable!] !== undefined) headers[name!] = defaults[variable!]!;
  }
  return { '/*': headers };
}

/**
 * What nginx sends on the exact-match locations of dist/_nginx/server.conf: the type each sets (`default_type`, with an
 * emptied `types` map so no extension overrides it) and the Cache-Control the $uri map of dist/_nginx/http.conf picks
 * for that path.
 */
export function parseNginxLocations(locations: string, cacheMap: string): HeaderSets {
  const cache = Object.fromEntries(
    [...cacheMap.matchAll(/^\s+"([^"]+)" "([^"]+)";$/gm)].map((match) => [match[1]!, match[2]!]),
  );
  const sets: HeaderSets = {};
  for (const [, path, body] of locations.matchAll(/^location = (\S+) \{\n([\s\S]*?)\n\}/gm)) {
    const type = /^\s+default_type (\S+);$/m.exec(body!)?.[1];
    if (!/^\s+types \{ \}$/m.test(body!) || !/^\s+charset off;$/m.test(body!) || !type) {
      throw new Error(`server.conf: location ${path} does not force its type: ${JSON.stringify(body)}`);
    }
    sets[path!] = { 'Content-Type': type, ...(cache[path!] ? { 'Cache-Control': cache[path!]! } : {}) };
  }
  return sets;
}
