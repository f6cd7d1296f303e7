/** A `<meta http-equiv="refresh">`: its delay in seconds, and the URL it names (null: the page itself). */
export interface MetaRefresh {
  delay: number;
  url: string | null;
}

const SPACE = /[\t\n\f\r ]/;

/**
 * The `content` of a `<meta http-equiv="refresh">` as the HTML standard's declarative refresh
 * reads it: `5`, `0;url=/next`, `0; URL='/next'`, `0, /next`. Null when browsers would ignore it.
 */
export function parseMetaRefresh(content: string): MetaRefresh | null {
  let at = 0;
  const skipSpaces = () => {
    while (at < content.length && SPACE.test(content[at]!)) at += 1;
  };
  skipSpaces();
  const digits = /^\d*/.exec(content.slice(at))![0];
  if (digits === '' && content[at] !== '.') return null;
  const delay = digits === '' ? 0 : Number(digits);
  at += digits.length;
  while (at < content.length && /[\d.]/.test(content[at]!)) at += 1;
  if (at >= content.length) return { delay, url: null };
  if (!/[;,\t\n\f\r ]/.test(content[at]!)) return null;
  skipSpaces();
  if (content[at] === ';' || content[at] === ',') {
    at += 1;
    skipSpaces();
  }
  if (at >= content.length) return { delay, url: null };
  const urlStart = at;
  if (content.slice(at, at + 3).toLowerCase() === 'url') {
    at += 3;
    skipSpaces();
    if (content[at] === '=') {
      at += 1;
      skipSpaces();
    } else at = urlStart;
  }
  let url = content.slice(at);
  const quote = url[0] === '"' || url[0] === "'" ? url[0] : '';
  if (quote) {
    url = url.slice(1);
    const end = url.indexOf(quote);
    if (end >= 0) url = url.slice(0, end);
  }
  url = url.trim();
  return { delay, url: url === '' ? null : url };
}
