/**
 * An HTML body → string, as browsers read it (the WHATWG encoding sniffing order): a BOM, else the
 * charset the Content-Type header names, else a `<meta charset>` in the first bytes, else UTF-8.
 * Undecodable bytes become U+FFFD.
 */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const label = bomCharset(body) ?? charsetOf(contentType) ?? metaCharset(body) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    // An unknown label: UTF-8 is the web's default.
    return new TextDecoder('utf-8').decode(body);
  }
}

function charsetOf(value: string | undefined): string | null {
  return value?.match(/charset\s*=\s*["']?([\w.:-]+)/i)?.[1] ?? null;
}

function bomCharset(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

function metaCharset(body: Buffer): string | null {
  // The HTML prescan looks at the first 1024 bytes; ASCII-compatible charsets read the same in latin1.
  const head = body.subarray(0, 1024).toString('latin1');
  const label = head.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i)?.[1] ?? null;
  // A meta tag readable as ASCII cannot be UTF-16: the HTML standard reads such a page as UTF-8.
  return label && /^utf-16(le|be)?$/i.test(label) ? 'utf-8' : label;
}
