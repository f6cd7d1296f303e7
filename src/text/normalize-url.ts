/** Query parameters that only say where a visitor came from: the page is the same without them. */
const TRACKING_PARAMETERS = new Set([
  'ref',
  'fbclid',
  'gclid',
  'dclid',
  'msclkid',
  'mc_cid',
  'mc_eid',
  '_ga',
  'igshid',
  'yclid',
]);

/** Directory index documents: `/docs/index.html` is the page `/docs`. */
const DEFAULT_DOCUMENT = /\/(?:index|default)\.(?:html?|php|aspx?)$/i;

/**
 * The form in which crawled pages are recognised, so one page is held once: scheme and host
 * lower-cased (WHATWG URL parsing does that and drops the scheme's default port), fragment
 * dropped, tracking parameters (`utm_*`, `ref`, `fbclid`, `gclid`, …) dropped, the rest of the
 * query sorted (stable for equal names), a default document (`/index.html`) and a trailing slash
 * dropped (`/a/`, `/a/index.html` and `/a` are one page), empty path → '/'. The URL is still
 * fetchable: servers redirect `/a` to `/a/` when they need the slash. Throws TypeError for a
 * string that is not a URL.
 */
export function normalizeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (parsed.search) {
    for (const name of [...parsed.searchParams.keys()]) {
      if (TRACKING_PARAMETERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('utm_'))
        parsed.searchParams.delete(name);
    }
    parsed.searchParams.sort();
  }
  // An empty query ('?' alone) serialises as '?': drop it so `/a?` and `/a` match.
  if (parsed.search === '') parsed.search = '';
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    let path = parsed.pathname.replace(DEFAULT_DOCUMENT, '/');
    if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
    parsed.pathname = path;
  }
  return parsed.href;
}
