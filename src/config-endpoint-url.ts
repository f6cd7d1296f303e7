import { ConfigError } from './config-error.ts';

/** A provider's baseUrl must be an http(s) URL: one written without its scheme
 * (`localhost:11434/v1`) parses as the scheme `localhost:`, and every request to it would fail,
 * so the start refuses it instead. */
export function checkEndpointUrl(where: string, text: string): void {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new ConfigError(`${where} must be an http:// or https:// URL, got "${text}"`);
}
