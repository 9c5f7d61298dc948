/**
 * A path on this site to send the browser back to after a sign-in, or `/` when `from` could lead
 * anywhere else. It is read as a URL against our own origin and must stay on it. Refused outright:
 * control characters (browsers drop tabs and new lines, so "/\t/evil.example" becomes
 * "//evil.example"), backslashes (read as slashes), a start other than one slash, and slashes,
 * backslashes or control characters written percent-encoded in the path.
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || from.length > 300) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(from)) return '/';
  if (!from.startsWith('/') || from.startsWith('//')) return '/';
  const path = from.split(/[?#]/, 1)[0] ?? '';
  if (/%(2f|5c)/i.test(path) || /%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(from)) return '/';
  const base = 'https://return.invalid';
  let url: URL;
  try {
    url = new URL(from, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
