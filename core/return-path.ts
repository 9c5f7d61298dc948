/**
 * A path on this site to send the browser back to after a sign-in, or `/` when `from` could lead
 * anywhere else. It is read as a URL against our own origin, and what that gives is checked, not
 * the input: dot segments and their encodings (`/.//x`, `/a/..//x`, `/%2e//x`) resolve to `//x`,
 * which a browser reads as another host. Refused before that: control characters (browsers drop
 * tabs and new lines, so "/\t/evil.example" becomes "//evil.example"), backslashes (read as
 * slashes), a start other than one slash, and slashes, backslashes or control characters written
 * percent-encoded in the path. Used wherever the product sends a browser to a path it was given
 * (docs/security.md#redirects).
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || from.length > 300) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(from)) return '/';
  if (!isSiteRelative(from)) return '/';
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
  const result = `${url.pathname}${url.search}${url.hash}`;
  // The normalised result must itself be a path on this site, read the same way by a browser.
  return isSiteRelative(result) && !result.includes('\\') ? result : '/';
}

/** One slash, then anything but a slash: a path on this origin, never a scheme-relative URL. */
function isSiteRelative(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}
