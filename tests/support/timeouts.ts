/**
 * Time for a unit test that computes a lot: one that renders a legal page or parses one many times takes 0.2 to
 * 0.5 s alone here, and several times that on a machine whose two cores are busy with other work (under load,
 * `packages/legal/tests/data-agreement.test.ts` timed out at Vitest's default 5 s; alone it takes 0.4 s). Such a test takes
 * this option, as runtime-rules' ESLint test and store-labels' script run already took 30 s; every other test keeps
 * the default, which still stops one that hangs. Never a test of speed: the budget only has to be out of reach of a
 * correct test on a loaded machine.
 */
export const computes = { timeout: 30_000 };
