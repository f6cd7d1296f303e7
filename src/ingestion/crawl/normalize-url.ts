/**
 * The form in which crawled pages are recognised: scheme and host lower-cased (WHATWG URL parsing
 * does that and drops the scheme's default port), fragment dropped, empty path → '/', query
 * parameters sorted (stable for equal names), trailing slash kept as given, since `/a` and `/a/`
 * may be different pages. Throws TypeError for a string that is not a URL.
 */
export function normalizeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (parsed.search) parsed.searchParams.sort();
  // An empty query ('?' alone) serialises as '?': drop it so `/a?` and `/a` match.
  if (parsed.search === '') parsed.search = '';
  return parsed.href;
}
