import type { FastifyRequest } from 'fastify';

/**
 * A preValidation hook that trims the named string fields of a JSON body, so their length bounds
 * (and "not only spaces") are checked on the text that is stored: a title of "  ab  " is two
 * characters, not six. Anything else (a missing field, a number, a body that is no object) is left
 * for the schema to refuse.
 */
export function trimBodyFields(...names: string[]): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const fields = body as Record<string, unknown>;
    for (const name of names) {
      const value = fields[name];
      // Spaces only stay as sent: the schema's blank check names them ("must not be empty or only spaces").
      if (typeof value === 'string' && value.trim() !== '') fields[name] = value.trim();
    }
  };
}
