// `config show`: the configuration with its secrets masked.
import type { Config } from './config.ts';

const MASK = '********';
const SECRET_KEY = /^(apiKey|token|secret|password)$/i;

/** A URL with its password (if any) masked; other text unchanged. */
function maskUrl(text: string): string {
  try {
    const url = new URL(text);
    if (!url.password) return text;
    url.password = MASK;
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
