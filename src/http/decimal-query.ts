// Query strings are text, and the query validator coerces them with Number(): "0x2", "0b10", " 2",
// "+2", "2.0" and "1e0" would each pass as a whole number. An integer query parameter (page, size,
// days) takes plain decimal digits (domain/whole-number.ts), as the CLI's options do.
import type { ErrorObject } from 'ajv';
import { DECIMAL_INTEGER } from '../domain/whole-number.ts';

/** The query parameters of the schema that take a whole number. */
export function integerValued(schema: unknown): Set<string> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return new Set(Object.keys(properties).filter((name) => properties[name]?.type === 'integer'));
}

/** An error for each such parameter whose text is not decimal digits, read before Ajv converts it. */
export function notDecimalErrors(data: unknown, integers: ReadonlySet<string>): ErrorObject[] {
  if (integers.size === 0 || typeof data !== 'object' || data === null) return [];
  return Object.entries(data)
    .filter(([name, value]) => integers.has(name) && typeof value === 'string' && !DECIMAL_INTEGER.test(value))
    .map(([name]) => ({
      keyword: 'type',
      instancePath: `/${name}`,
      schemaPath: `#/properties/${name}/type`,
      params: { type: 'integer' },
      message: 'must be integer',
    }));
}
