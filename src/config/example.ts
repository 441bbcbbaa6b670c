/**
 * Marks a value of site.config.ts as a shipped example (`example('hello@example.com')`), so the example is declared
 * once, where the owner replaces it: the build uses the value as it is, and `npm run check:release` lists every field
 * still wrapped in `example(...)` (and still equal to it) until the owner writes their own value.
 */
export class Example<T> {
  readonly value: T;
  constructor(value: T) {
    this.value = value;
  }
}

export const example = <T>(value: T): Example<T> => new Example(value);
