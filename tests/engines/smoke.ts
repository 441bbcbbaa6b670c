/**
 * `npm run test:engines`: the cross-engine smoke suite. It serves the production build (dist/, or --root) with the
 * production nginx configuration on 127.0.0.1:4614 and drives Chromium, WebKit (WebKitGTK's MiniBrowser) and Firefox
 * ESR (tests/engines/driver.ts) at a phone width (WebKit's narrowest window is 447 px) and at 1440x900 through the
 * same checks. It prints a table of engine x check and what each check saw (the hero still's file, the video and
 * when it started, the scene's mode), writes a screenshot of `/` per engine and width to --out, and exits non-zero
 * when a check fails. A smoke suite: the deep behaviour tests stay in tests/e2e (Playwright, Chromium).
 *
 *   node tests/engines/smoke.ts [--engines=webkit,firefox] [--root=dist] [--out=test-results/engines]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startNginx } from '../../scripts/nginx.ts';
import { systemPackagesProblem } from '../../scripts/ensure-system-deps.ts';
import { loadConfig } from '../../src/config/index.ts';
import { exampleInviteCode } from '../../src/lib/invite/invite.ts';
import { heroBreakpointPx } from '../../src/lib/media.ts';
import { colors } from '../../src/lib/theme.ts';
import { watchSceneModes } from '../e2e/support/scene-modes.ts';
import { describePixels, tableRows } from '../e2e/support/scene-picture.ts';
import { engineNames, launchEngine, pollUntil, stopChildren, type Engine, type EngineName } from './driver.ts';

const config = loadConfig();

const port = 4614;
const root = resolve(import.meta.dirname, '../..');

const { values: options } = parseArgs({
  options: {
    engines: { type: 'string', default: engineNames.join(',') },
    root: { type: 'string', default: 'dist' },
    out: { type: 'string', default: 'test-results/engines' },
  },
});
const selected = options.engines.split(',').map((name) => {
  if (!(engineNames as readonly string[]).includes(name)) {
    throw new Error(`--engines has "${name}"; expected a comma-separated list of ${engineNames.join(', ')}`);
  }
  return name as EngineName;
});
const outDir = resolve(root, options.out);
mkdirSync(outDir, { recursive: true });

/** WebKit cannot make its window narrower than 447 px, so that is the phone width in every engine. */
const viewports = [
  { width: 447, height: 900 },
  { width: 1440, height: 900 },
] as const;

const checks = [
  'paints, no JavaScript error',
  'hero still is sharp',
  'right video plays muted, inline',
  'CTA untappable, then shown after fade',
  'pause button pauses and plays',
  '#/privacy and #/terms land',
  'legal pages and 404 render',
  '/privacy fits 320 px, no sideways scroll',
  'invite page shows the code, or says incomplete',
  '3D scene draws (or its still)',
] as const;
type Check = (typeof checks)[number];

/** Generous: software WebGL and VP9 decoding share two busy cores with other work. */
const slow = { timeout: 90_000, interval: 250 };

const results = new Map<string, { ok: boolean; detail: string }>();
const key = (engine: EngineName, width: number, check: Check) => `${engine}|${width}|${check}`;

async function check(engine: EngineName, width: number, name: Check, run: () => Promise<string | void>) {
  try {
    results.set(key(engine, width, name), { ok: true, detail: (await run()) ?? '' });
  } catch (error) {
    results.set(key(engine, width, name), {
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** `#1c120d` as getComputedStyle writes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

async function landing(engine: Engine, width: number, height: number) {
  const name = engine.name;
  const variant = width >= heroBreakpointPx ? 'large' : 'small';
  await engine.open('/');

  await check(name, width, 'hero still is sharp', async () => {
    const still = await pollUntil(
      () =>
        engine.evaluate(() => {
          const img = document.querySelector<HTMLImageElement>('.hero-still img');
          if (!img?.complete || !img.naturalWidth) return undefined;
          // object-fit: cover: the image is drawn at the larger of the box's width and its height times the aspect.
          const cover = Math.max(img.clientWidth, (img.clientHeight * img.naturalWidth) / img.naturalHeight);
          return { file: img.currentSrc, naturalWidth: img.naturalWidth, needed: Math.ceil(cover * devicePixelRatio) };
        }),
      { ...slow, message: 'the hero still never loaded' },
    );
    const load = await pollUntil(
      () =>
        engine.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
          return navigation?.loadEventStart || undefined;
        }),
      { ...slow, message: 'no load event' },
    );
    const file = basename(new URL(still.file).pathname);
    assert(
      still.naturalWidth >= still.needed,
      `${file} is ${still.naturalWidth} px wide for a box drawn ${still.needed} px wide: upscaled, blurry`,
    );
    return `${file} (${still.naturalWidth} px for ${still.needed} px), load event at ${Math.round(load)} ms`;
  });

  await check(name, width, 'right video plays muted, inline', async () => {
    const state = await pollUntil(
      () =>
        engine.evaluate(() => {
          const video = document.querySelector<HTMLVideoElement>('video.hero-video');
          if (!video || video.paused || video.currentTime <= 0) return undefined;
          return {
            src: video.currentSrc,
            muted: video.muted,
            inline: video.hasAttribute('playsinline'),
            start: (window as unknown as { __firstPlaying?: number }).__firstPlaying,
          };
        }),
      { ...slow, message: 'the hero video never played' },
    );
    const file = basename(new URL(state.src).pathname);
    assert(file.startsWith(`hero-${variant}.`), `plays ${file}, expected the ${variant} variant`);
    assert(state.muted && state.inline, `muted: ${state.muted}, playsinline: ${state.inline}`);
    return `${file}, playing at ${Math.round(state.start ?? 0)} ms`;
  });

  await check(name, width, 'CTA untappable, then shown after fade', async () => {
    // Before the fade the call to action is transparent and takes no tap: its animation held at its start, the point
    // at the store button's centre is not the button. (Played again from there: the fade comes as specified.)
    const tapBeforeFade = await engine.evaluate(() => {
      const [cta, button] = [document.querySelector('.cta'), document.querySelector('.store-button')];
      const animations = cta?.getAnimations() ?? [];
      if (!button || animations.length === 0) return 'no call to action, or no fade on it';
      for (const animation of animations) {
        animation.pause();
        animation.currentTime = 0;
      }
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      for (const animation of animations) animation.play();
      return hit && button.contains(hit) ? 'the invisible store button takes the tap' : 'ok';
    });
    assert(tapBeforeFade === 'ok', tapBeforeFade);
    await pollUntil(
      () =>
        engine.evaluate(() =>
          ['.hero-title', '.cta'].every((selector) => {
            const element = document.querySelector(selector);
            return element && getComputedStyle(element).opacity === '1';
          }),
        ),
      { ...slow, message: 'the title and call to action never became opaque' },
    );
    // Visible means on screen and on top: what is drawn at the store button's centre is the button.
    const onTop = await engine.evaluate(() => {
      const button = document.querySelector('.store-button');
      const title = document.querySelector('.wordmark');
      if (!button || !title) return 'missing';
      for (const element of [title, button]) {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (box.bottom > innerHeight || !hit || !(element === hit || element.contains(hit))) {
          return `${element.className} is covered or off screen`;
        }
      }
      return 'ok';
    });
    assert(onTop === 'ok', onTop);
    writeFileSync(join(outDir, `${name}-${width}x${height}.png`), await engine.screenshot());
  });

  await check(name, width, 'pause button pauses and plays', async () => {
    const state = () =>
      engine.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>('video.hero-video');
        const button = document.querySelector('.hero-video-toggle');
        return `${video?.paused ? 'paused' : 'playing'}, ${button?.getAttribute('aria-label')}`;
      });
    await engine.click('.hero-video-toggle');
    await pollUntil(async () => (await state()) === 'paused, Play background video', {
      message: 'after a click, the video is not paused with the button offering play',
    });
    await engine.click('.hero-video-toggle');
    await pollUntil(async () => (await state()) === 'playing, Pause background video', {
      ...slow,
      message: 'after a second click, the video is not playing with the button offering pause',
    });
  });

  await check(name, width, '3D scene draws (or its still)', async () => {
    /** A picture of the scene, kept beside the page's screenshot. */
    const picture = async (selector: string) => {
      const png = await engine.screenshot(selector);
      writeFileSync(join(outDir, `${name}-${width}x${height}-scene.png`), png);
      return png;
    };
    /** The whole table in the picture: nothing cut flat at its bottom edge. */
    const framing = (png: Buffer) => {
      const rows = tableRows(png);
      assert(rows.bottomEdge < 0.05, `the table is cut at the picture's bottom edge (${rows.bottomEdge} of it lit)`);
      return `table from ${rows.top} to ${rows.bottom} of the picture's height`;
    };
    // The scene draws in a worker, on an OffscreenCanvas with WebGL 2; where there is none, the still stays.
    // The modes the slot goes through from here on (its island hydrates as it nears the viewport).
    const scrollToScene = async () => {
      await engine.evaluate(watchSceneModes);
      await engine.evaluate(() => document.querySelector('figure[data-scene]')?.scrollIntoView({ block: 'center' }));
    };
    await scrollToScene();
    const drawable = await engine.evaluate(() => {
      try {
        return (
          'transferControlToOffscreen' in HTMLCanvasElement.prototype &&
          Boolean(new OffscreenCanvas(1, 1).getContext('webgl2'))
        );
      } catch {
        return false;
      }
    });
    const modes = () => engine.evaluate(() => (window as unknown as { sceneModes: string[] }).sceneModes);
    if (!drawable) {
      // Nothing to wait for: the still never leaves. It must be the still, loaded, and no canvas.
      const seen = await modes();
      assert(seen.join() === 'still', `no OffscreenCanvas with WebGL 2, yet the scene went ${seen.join(' → ')}`);
      const still = await pollUntil(
        () =>
          engine.evaluate(() => {
            const img = document.querySelector<HTMLImageElement>('figure[data-scene] img');
            const canvas = document.querySelector('figure[data-scene] canvas');
            return img && img.complete && img.naturalWidth > 0 && !canvas ? img.naturalWidth : undefined;
          }),
        { ...slow, message: 'the still did not load, or a canvas showed up' },
      );
      return `no OffscreenCanvas WebGL 2: still kept (${still} px), ${framing(await picture('figure[data-scene] img'))}`;
    }
    // Settled: live, or back to the still after trying ('loading'); the server-rendered 'still' is not an answer.
    let seen: string[] = [];
    const waitSettled = () =>
      pollUntil(
        async () => {
          seen = await modes();
          const last = seen.at(-1);
          return seen.includes('loading') && (last === 'live' || last === 'still') ? last : undefined;
        },
        {
          ...slow,
          message: () => `OffscreenCanvas with WebGL 2 is there, but the scene never settled (${seen.join(' → ')})`,
        },
      );
    // A still after 'loading' is a failure the page handed back (worker, model, decoder, WebGL), or a worker that
    // never answered within the page's deadline (readyDeadlineMs in src/components/LiveScene.tsx).
    const mode = await waitSettled();
    const errors = await engine.evaluate(
      () => (window as unknown as { __engineErrors?: string[] }).__engineErrors ?? [],
    );
    assert(
      mode === 'live',
      `OffscreenCanvas with WebGL 2 is there, but the scene kept its still (${errors.join('; ')})`,
    );
    // The control sits over the picture's corner: the picture alone, as the e2e framing test measures it.
    await engine.evaluate(() => {
      const button = document.querySelector<HTMLElement>('figure[data-scene] button');
      if (button) button.style.visibility = 'hidden';
    });
    const shot = await picture('figure[data-scene] canvas');
    const share = describePixels(shot).litShare;
    assert(share > 0.15, `the canvas is ${Math.round(share * 100)} % drawn`);
    return `live (drawn in a worker), ${Math.round(share * 100)} % of the canvas drawn, ${framing(shot)}`;
  });

  // Last, so it covers everything the page ran on the way: hydration, the video, the pause button, the scene.
  await check(name, width, 'paints, no JavaScript error', async () => {
    const { errors, heading } = await engine.evaluate(() => ({
      errors: (window as unknown as { __engineErrors?: string[] }).__engineErrors ?? ['error recorder missing'],
      heading: document.querySelector('h1')?.textContent,
    }));
    assert(heading === config.productName, `h1 is ${heading}`);
    assert(errors.length === 0, errors.join('; '));
  });
}

async function otherPages(engine: Engine, width: number) {
  const name = engine.name;
  const legal = [
    { hash: '#/privacy', path: '/privacy', title: `${config.productName} Privacy` },
    { hash: '#/terms', path: '/terms', title: `${config.productName} Terms` },
  ];
  await check(name, width, '#/privacy and #/terms land', async () => {
    for (const page of legal) {
      await engine.open(`/${page.hash}`);
      const landed = () => engine.evaluate(() => `${location.pathname} "${document.title}"`);
      await pollUntil(async () => (await landed()) === `${page.path} "${page.title}"`, {
        message: `/${page.hash} did not land on ${page.path} titled "${page.title}"`,
      });
    }
  });

  await check(name, width, 'legal pages and 404 render', async () => {
    const look = () =>
      engine.evaluate(() => {
        const h1 = document.querySelector('h1');
        const home = [...document.querySelectorAll('a')].some((link) => link.getAttribute('href') === '/');
        return {
          h1: h1?.textContent?.trim(),
          h1Font: h1 ? getComputedStyle(h1).fontFamily : '',
          background: getComputedStyle(document.body).backgroundColor,
          visible: Boolean(h1 && h1.getBoundingClientRect().height > 0),
          home,
          errors: (window as unknown as { __engineErrors?: string[] }).__engineErrors ?? ['error recorder missing'],
        };
      });
    for (const page of legal) {
      await engine.open(page.path);
      const seen = await pollUntil(async () => {
        const value = await look();
        return value.visible ? value : undefined;
      });
      assert(seen.h1?.includes(page.path === '/privacy' ? 'Privacy' : 'Terms'), `${page.path}: h1 is ${seen.h1}`);
      assert(seen.background === rgb(colors.cream), `${page.path}: background ${seen.background}, not cream`);
      assert(seen.home, `${page.path}: no link home`);
      assert(seen.errors.length === 0, `${page.path}: ${seen.errors.join('; ')}`);
    }
    await engine.open('/no-such-page');
    const seen = await pollUntil(async () => {
      const value = await look();
      return value.visible ? value : undefined;
    });
    assert(seen.h1 === 'Page not found', `404: h1 is ${seen.h1}`);
    // The site's own look: the landing page's espresso background and the brand's typeface.
    assert(seen.background === rgb(colors.espresso), `404: background ${seen.background}, not the brand's espresso`);
    assert(seen.h1Font.includes('Fraunces'), `404: heading set in ${seen.h1Font}`);
    assert(seen.home, '404: no link home');
    assert(seen.errors.length === 0, `404: ${seen.errors.join('; ')}`);
  });

  // At the phone width, measured at 320 px (WebKitGTK: its narrowest, 447 px); at the wide one, as it is.
  await check(name, width, '/privacy fits 320 px, no sideways scroll', async () => {
    const narrow = width === viewports[0].width && name !== 'webkit' ? 320 : width;
    if (narrow !== width) await engine.setViewport(narrow, viewports[0].height);
    await engine.open('/privacy');
    const seen = await engine.evaluate(() => {
      const [root, regions] = [document.documentElement, [...document.querySelectorAll('.legal-table')]];
      const rights = [...document.querySelectorAll('.legal-table, table')].map((e) => e.getBoundingClientRect().right);
      const scrolling = regions.filter((region) => region.scrollWidth > region.clientWidth).length;
      return {
        viewport: innerWidth,
        width: root.clientWidth,
        page: root.scrollWidth,
        widest: Math.max(0, ...rights),
        scrolling,
      };
    });
    if (narrow !== width) await engine.setViewport(width, viewports[0].height);
    const fits = seen.viewport === narrow && seen.page <= seen.width && seen.widest <= seen.width && !seen.scrolling;
    assert(fits, JSON.stringify(seen));
    return `at ${seen.viewport} px: page ${seen.page} px wide, widest table to ${Math.round(seen.widest)} px`;
  });
}

/**
 * The group invite page (docs/requirements.md#invite): the code from the address, written in by its script, a link to
 * open the app at the same address, the store button and the brand's look, with no error or refused code; an
 * address without a valid code says the link is incomplete. (Rides on the invite address being configured.)
 */
async function invitePage(engine: Engine, width: number) {
  const name = engine.name;
  await check(name, width, 'invite page shows the code, or says incomplete', async () => {
    if (!config.invitePath) return 'invites off (invitePath is empty)';
    const code = exampleInviteCode(config);
    const look = () =>
      engine.evaluate(() => {
        const visible = (element: Element | null) => Boolean(element && element.getBoundingClientRect().height > 0);
        const open = document.querySelector<HTMLAnchorElement>('a[data-invite-open]');
        return {
          state: document.documentElement.getAttribute('data-invite'),
          code: document.querySelector('.invite-code')?.textContent ?? '',
          h1: (document.querySelector('h1') as HTMLElement | null)?.innerText.trim(),
          open: visible(open) ? open!.href : '',
          store: visible(document.querySelector('.store-button')),
          background: getComputedStyle(document.body).backgroundColor,
          errors: (window as unknown as { __engineErrors?: string[] }).__engineErrors ?? ['error recorder missing'],
        };
      });
    await engine.open(`${config.invitePath}/${code}`);
    const seen = await pollUntil(async () => {
      const value = await look();
      return value.code ? value : undefined;
    });
    assert(seen.code === code, `code shown: ${seen.code}`);
    assert(seen.h1 === `You are invited to a group on ${config.productName}`, `h1 is ${seen.h1}`);
    assert(new URL(seen.open).pathname === `${config.invitePath}/${code}`, `"Open in the app" leads to ${seen.open}`);
    assert(seen.store, 'no store button');
    assert(seen.background === rgb(colors.espresso), `background ${seen.background}, not the brand's espresso`);
    assert(seen.errors.length === 0, seen.errors.join('; '));
    await engine.open(`${config.invitePath}/`);
    const incomplete = await pollUntil(async () => {
      const value = await look();
      return value.state ? value : undefined;
    });
    assert(incomplete.h1 === 'This invite link is incomplete', `${config.invitePath}/: h1 is ${incomplete.h1}`);
    assert(incomplete.store && !incomplete.open && !incomplete.code, JSON.stringify(incomplete));
    assert(incomplete.errors.length === 0, incomplete.errors.join('; '));
    return `${code} shown; ${config.invitePath}/ incomplete`;
  });
}

let server: Awaited<ReturnType<typeof startNginx>> | undefined;
async function stopAll() {
  await server?.stop();
  await stopChildren();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}

const began = Date.now();
try {
  // The suite installs nothing: the first step of `npm run test:engines` (and of `npm test`) does.
  const missing = systemPackagesProblem('browser', 'server', 'engines');
  if (missing) throw new Error(missing);
  server = await startNginx({ port, root: options.root });
  for (const name of selected) {
    const engineStart = Date.now();
    let engine: Engine | undefined;
    try {
      engine = await launchEngine(name, `http://127.0.0.1:${port}`);
      for (const { width, height } of viewports) {
        const size = await engine.setViewport(width, height);
        if (size.width !== width || size.height !== height) {
          console.warn(`${name}: asked for a ${width}x${height} viewport, got ${size.width}x${size.height}`);
        }
        await landing(engine, width, height);
        await otherPages(engine, width);
        await invitePage(engine, width);
      }
    } catch (error) {
      console.error(`${name} failed:`, error);
      // The engine itself failed (launch, window): every check it did not reach fails with that reason.
      for (const { width } of viewports) {
        for (const check of checks) {
          if (!results.has(key(name, width, check))) {
            results.set(key(name, width, check), { ok: false, detail: `engine: ${(error as Error).message}` });
          }
        }
      }
    } finally {
      await engine?.close().catch(() => undefined);
    }
    console.log(`${name}: ${Math.round((Date.now() - engineStart) / 1000)} s`);
  }
} finally {
  await stopAll();
}

console.log(`\nCross-engine smoke suite (${options.root}), ${Math.round((Date.now() - began) / 1000)} s`);
const columns = selected.flatMap((engine) => viewports.map(({ width }) => [engine, width] as const));
console.table(
  Object.fromEntries(
    checks.map((name) => [
      name,
      Object.fromEntries(
        columns.map(([engine, width]) => [
          `${engine} ${width}`,
          results.get(key(engine, width, name))?.ok ? 'ok' : 'FAIL',
        ]),
      ),
    ]),
  ),
);
console.log(`\nWhat the checks saw (screenshots of / in ${options.out}/):`);
for (const [name, { ok, detail }] of results) {
  if (detail) console.log(`  ${ok ? '' : 'FAILED '}${name.replaceAll('|', ' ')}: ${detail}`);
}
if ([...results.values()].some((result) => !result.ok)) process.exitCode = 1;
