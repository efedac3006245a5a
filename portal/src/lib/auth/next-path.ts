/*
 * `?next=` carries a person back to where they were after signing in. It comes from the URL, so
 * anyone can craft it: only a path on this origin is followed, never another site.
 */

const PLACEHOLDER_ORIGIN = 'https://portal.invalid';
const MAX_LENGTH = 2048;

/** Control characters, spaces and backslashes have no place in a path the portal builds itself. */
const isForbiddenCharacter = (character: string): boolean => {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f) || character === '\\';
};

/**
 * `value` if it is a same-origin relative path ("/acme-outdoor/claims?status=draft"), else
 * undefined. Refused: absolute URLs and schemes, protocol-relative "//host" and "/\host" (browsers
 * read a backslash as a slash), control characters and whitespace that browsers drop from URLs
 * ("/\t/host"), and anything that does not resolve to this origin.
 */
export function sanitizeNextPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH)
    return undefined;
  if (!value.startsWith('/')) return undefined;
  if (value[1] === '/' || value[1] === '\\') return undefined;
  if ([...value].some(isForbiddenCharacter)) return undefined;

  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return undefined;
  return value;
}

/** The path to come back to after signing in, or undefined for the landing page. */
export function nextPathFrom(search: string | URLSearchParams): string | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return sanitizeNextPath(params.get('next'));
}
