/** Our crawler's name in `<meta name=…>` and in `X-Robots-Tag: <name>: …` (robots.txt uses the user agent). */
export const CRAWLER_TOKEN = 'colloquybot';

/** What a page asks of crawlers: noindex (do not index it), nofollow (do not follow its links). */
export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

/** Directives that carry a value after a colon, so `name: value` is not a crawler's name. */
const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview']);

/**
 * The page's `<meta name="robots">` (and `<meta name="colloquybot">`) contents and its
 * `X-Robots-Tag` header, read together. A header rule named for another crawler (`googlebot:
 * noindex`) is not ours. Repeated headers arrive joined with commas, so a bare rule after a named
 * one counts for every crawler: the site is obeyed rather than second-guessed.
 */
export function robotsDirectives(metaContents: readonly string[], header: string | undefined): RobotsDirectives {
  const rules: string[] = [];
  for (const content of metaContents) rules.push(...content.split(','));
  for (const part of header?.split(',') ?? []) {
    const named = /^\s*([\w.-]+)\s*:\s*(.*)$/.exec(part);
    if (!named || VALUED.has(named[1]!.toLowerCase())) rules.push(part);
    else if (named[1]!.toLowerCase() === CRAWLER_TOKEN) rules.push(named[2]!);
  }
  const said = new Set(rules.map((rule) => rule.trim().toLowerCase()));
  return {
    noindex: said.has('noindex') || said.has('none'),
    nofollow: said.has('nofollow') || said.has('none'),
  };
}
