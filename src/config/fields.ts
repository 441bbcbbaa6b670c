/** Building blocks the config's fragments share: each check's message is the expected form, with an example. */
import { z } from 'zod';

/** An https:// URL, optionally on a given host (or its subdomains); `example` shows the expected form. */
export const httpsUrl = (example: string, host?: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        const url = URL.parse(value);
        return url?.protocol === 'https:' && (!host || url.hostname === host || url.hostname.endsWith(`.${host}`));
      },
      // abort: later checks on the same field would only repeat this one.
      { message: `${host ? `an https://${host} URL` : 'an https:// URL'}, like ${example}`, abort: true },
    );

export const email = (example: string) =>
  z
    .string()
    .trim()
    .regex(/^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/, `an email address, like ${example}`);

/** A non-empty text; `expected` says what it names. */
export const text = (expected: string) => z.string().trim().min(1, expected);

/** A text that may stay empty (the feature it feeds is then off), or must match `pattern`. */
export const optional = (pattern: RegExp, expected: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || pattern.test(value), `empty or ${expected}`);

/** A positive whole number of `unit`. */
export const count = (unit: string) =>
  z.number(`a whole number of ${unit}`).int(`a whole number of ${unit}`).positive(`a positive number of ${unit}`);

/**
 * A list, written as an array in site.config.ts, or comma-separated where a deploy sets it as a variable; blank items
 * are dropped, so an empty variable is an empty list.
 */
export const list = (item: z.ZodType<string>) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item, 'a list of values (an array, or comma-separated in the environment variable)'),
  );

/** A value of `schema`, or '' (a feature switched off needs none: features.ts); a bad one gets the schema's message. */
export const orEmpty = (schema: z.ZodType<string>) =>
  z
    .string()
    .trim()
    .superRefine((value, context) => {
      const result = value === '' ? undefined : schema.safeParse(value);
      if (result && !result.success)
        context.addIssue({ code: 'custom', message: `${result.error.issues[0]!.message}, or ''` });
    });
