import { cleanText } from '@offplan/shared';

/**
 * Route search values, read by hand: a route's `validateSearch` is in the first bundle of every page
 * (the router matches synchronously), and the first page loads no schema library (decision 044; zod's
 * classic build was a seventh of the sign-in page's script, `zod/mini` would still be 6 KB). Each
 * reader answers undefined for a missing or unusable value, as `.optional().catch(undefined)` did, so
 * a bad part of an address is dropped instead of failing the page.
 *
 * The router parses each value as JSON first: `?page=2` arrives as the number 2, `?q=12` too.
 */
export type SearchValues = Record<string, unknown>;

/** A string value (not a number the router parsed), trimmed first when asked, within `max` characters. */
export function searchString(
  value: unknown,
  limits: { max?: number; trim?: boolean } = {},
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = limits.trim ? value.trim() : value;
  return limits.max !== undefined && text.length > limits.max ? undefined : text;
}

/**
 * A string value under the contract's text rule (packages/shared text.ts): refused with a NUL, control
 * and invisible characters removed, then trimmed when asked and held to `max`.
 */
export function searchText(
  value: unknown,
  limits: { max?: number; trim?: boolean } = {},
): string | undefined {
  if (typeof value !== 'string' || value.includes('\u0000')) return undefined;
  return searchString(cleanText(value), limits);
}

/** Any value as a string (`?returnToUsers=true` arrives as the boolean true). */
export function searchAsString(value: unknown): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** A whole number (a number, or a string of one) within `min` and `max`. */
export function searchInteger(
  value: unknown,
  limits: { min?: number; max?: number } = {},
): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : Number.NaN;
  if (!Number.isInteger(number)) return undefined;
  if (limits.min !== undefined && number < limits.min) return undefined;
  if (limits.max !== undefined && number > limits.max) return undefined;
  return number;
}

/** One of `values`. */
export function searchEnum<const T extends string>(values: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

/**
 * A list: the router's array, or the comma-separated form a link from an email may carry, each item
 * read by `item`; undefined when missing, when any item is unusable or past `max` items.
 */
export function searchList<T>(
  value: unknown,
  item: (part: unknown) => T | undefined,
  max = 1000,
): T[] | undefined {
  if (value === undefined || value === '') return undefined;
  const parts = Array.isArray(value)
    ? value
    : String(value)
        .split(',')
        .filter((part) => part !== '');
  if (parts.length > max) return undefined;
  const items: T[] = [];
  for (const part of parts) {
    const read = item(part);
    if (read === undefined) return undefined;
    items.push(read);
  }
  return items;
}

type SearchReaders = Record<string, (value: unknown) => unknown>;
/** What `searchOf(readers)` gives the route: each key optional, with its reader's answer. */
export type SearchOf<TReaders extends SearchReaders> = {
  [Key in keyof TReaders]?: Exclude<ReturnType<TReaders[Key]>, undefined> | undefined;
};

/**
 * A route's `validateSearch`: each key read by its reader, the keys without a usable value left out
 * and unknown keys dropped, as a zod object of `.optional().catch(undefined)` parts did.
 */
export function searchOf<const TReaders extends SearchReaders>(readers: TReaders) {
  return (search: SearchValues): SearchOf<TReaders> => {
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(readers)) {
      const value = reader(search[key]);
      if (value !== undefined) read[key] = value;
    }
    return read as SearchOf<TReaders>;
  };
}
