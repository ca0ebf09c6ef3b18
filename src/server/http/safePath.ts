/**
 * Location headers built from a request path must stay on the site. A browser reads `//host`,
 * `/\host` (and the same with tabs or newlines in between, which it drops) as another site, so
 * every redirect the server derives from a request path goes through `safeLocalPath`.
 */
import { isExternalTarget } from '../../shared/routes';

/**
 * `path` as a same-site path for a Location header: always one leading `/` not followed by `/` or
 * `\`. Backslashes and control characters are percent-encoded (a browser would read `\` as `/` and
 * drop tabs and newlines), repeated leading slashes (also encoded ones, `%2F`, `%5C`) collapse into
 * one, and anything that does not start with `/` (`evil.example`, `javascript:…`) gets one in
 * front, so it can only name a path here.
 */
export function safeLocalPath(path: string): string {
  let safe = path
    .replace(/\\/g, '%5C')
    // eslint-disable-next-line no-control-regex -- matching control characters is the point: they are escaped
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  safe = safe.replace(/^(?:\/|%2f|%5c)+/i, '/');
  return safe.startsWith('/') ? safe : `/${safe}`;
}

/**
 * A Location the server may send for a redirect the page router asked for: a path (made safe), or
 * an absolute URL on the site's own origin reduced to its path; any other site becomes `/`.
 */
export function sameSiteLocation(location: string, publicUrl: string): string {
  if (!isExternalTarget(location)) return safeLocalPath(location);
  try {
    const url = new URL(location);
    if (url.origin === new URL(publicUrl).origin) return safeLocalPath(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    // not a URL at all: fall through
  }
  return '/';
}
