// `config show`: the configuration with its secrets masked.
import type { Config } from './config.ts';

const MASK = '********';
const SECRET_KEY = /^(apiKey|token|secret|password)$/i;

/** Query parameters that carry a secret: PostgreSQL takes `?password=` as well as the URL's
 * password, and some model endpoints a `?key=` or `?api_key=`. */
const SECRET_PARAMETER = /pass|pwd|key|token|secret|auth|sig/i;

/** A URL with its password and secret query parameters (if any) masked; other text unchanged. */
function maskUrl(text: string): string {
  try {
    const url = new URL(text);
    const secrets = [...url.searchParams.keys()].filter((name) => SECRET_PARAMETER.test(name));
    if (!url.password && secrets.length === 0) return text;
    if (url.password) url.password = MASK;
    for (const name of new Set(secrets)) url.searchParams.set(name, MASK);
    return url.toString();
  } catch {
    return text;
  }
}

/** The configuration as `config show` prints it: keys and tokens masked, URLs without passwords. */
export function printableConfig(config: Config): unknown {
  const mask = (value: unknown, key: string): unknown => {
    if (typeof value === 'string') return SECRET_KEY.test(key) ? MASK : /url$/i.test(key) ? maskUrl(value) : value;
    if (Array.isArray(value)) return value.map((item) => mask(item, key));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
    return value;
  };
  return mask(config, '');
}
