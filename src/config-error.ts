/** A setting that cannot be used: the server does not start, and the message names the setting. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
