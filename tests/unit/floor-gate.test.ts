/**
 * The floor gate's two halves that need no browser (scripts/floor.ts, scripts/floorGate.ts): the floor a page gets,
 * and the verdict its rounds get. The gate itself is seen failing on broken builds in
 * tests/integration/lighthouse-gates.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { floorPage } from '../../scripts/floor.ts';
import { floorBudgets, judgeFloor } from '../../scripts/floorGate.ts';

describe('a floor', () => {
  const page =
    '<!doctype html><html lang="ar" dir="rtl"><head><meta http-equiv="content-security-policy" content="style-src \'none\'">' +
    '<style>@font-face{font-family:Fraunces;src:url(/f.woff2)}h1{font-family:Fraunces,serif;color:red;animation:in 1s}' +
    '.hero{background:url(/a.avif) center;color:white}</style><link rel="stylesheet" href="/a.css">' +
    '<script src="/a.js"></script></head><body><nav>Menu</nav><main id="main" class="x">' +
    '<h1 class="hero" style="background-image:url(/b.webp)">Hola</h1>' +
    '<picture><source srcset="/a.avif"><img src="/a.webp" alt=""></picture>' +
    '<p data-show="code" style="color:blue">Texto <a class="b" href="/privacy">enlace</a></p><svg><text>QR</text></svg>' +
    '<script>alert(1)</script><astro-island><video src="/v.mp4"></video></astro-island></main></body></html>';

  it('is the page as built, in its language and direction, styled by its inline CSS, with nothing to fetch or run', () => {
    const floor = floorPage(page);
    expect(floor).toContain('<html lang="ar" dir="rtl">');
    expect(floor).toContain('<nav>Menu</nav><main id="main" class="x"><h1 class="hero">Hola</h1>');
    expect(floor).toContain('<p data-show="code" style="color:blue">Texto <a class="b" href="/privacy">enlace</a></p>');
    expect(floor).toContain('h1{font-family:Fraunces,serif;color:red}.hero{color:white}');
    expect(floor).not.toMatch(
      /url\(|@font-face|animation|content-security|<link|<script|<img|<picture|<svg|<video|astro-island/,
    );
  });

  it('of a page without <main> is refused, saying why', () => {
    expect(() => floorPage('<html><body><p>Hi</p></body></html>')).toThrow(/no <main>/);
  });
});

describe('the verdict', () => {
  const round = (fcp: number, lcp: number) => ({ fcp, lcp });

  it('passes a page whose largest paint is its first, as soon as its floor', () => {
    const verdict = judgeFloor(
      '/x',
      [round(900, 900), round(800, 810), round(950, 950)],
      [round(790, 790), round(760, 760), round(990, 990)],
    );
    expect(verdict).toMatchObject({ lcp: 810, floorLcp: 760, afterFirstPaint: 0, failures: [] });
  });

  it('fails LCP over 1.1 times the floor, each on its best round', () => {
    const verdict = judgeFloor('/x', [round(900, 900), round(850, 850)], [round(700, 700), round(760, 760)]);
    expect(verdict.ratio).toBeCloseTo(850 / 700);
    expect(verdict.failures).toEqual([`LCP 1.21x the floor's (budget ${floorBudgets.ratio}x)`]);
  });

  it('fails LCP more than 50 ms after FCP on the median round, not on one round', () => {
    const late = [round(500, 900), round(500, 560), round(500, 540)];
    expect(judgeFloor('/x', late, [round(900, 900), round(900, 900), round(900, 900)]).failures).toEqual([
      `LCP 60 ms after FCP (budget ${floorBudgets.afterFirstPaintMs} ms)`,
    ]);
    const once = [round(500, 900), round(500, 500), round(500, 540)];
    expect(judgeFloor('/x', once, [round(900, 900), round(900, 900), round(900, 900)]).failures).toEqual([]);
  });

  it('refuses rounds that cannot be judged, saying what it expected', () => {
    expect(() => judgeFloor('/x', [round(1, 1)], [])).toThrow('/x: 1 runs of the page and 0 of its floor');
    expect(() => judgeFloor('/x', [round(900, 800)], [round(1, 1)])).toThrow('expected 0 < FCP <= LCP');
    expect(() => judgeFloor('/x', [round(Number.NaN, 1)], [round(1, 1)])).toThrow('expected 0 < FCP <= LCP');
  });
});
