// Two validators: query strings and path parameters are text and get coerced ("2" → 2); JSON
// bodies are not ({"name": 5} stays a number and fails a string schema, as a client would expect).
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ValidationList } from '../domain/errors.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  return addFormats(new Ajv({ allErrors: true, coerceTypes, useDefaults: true, removeAdditional: false, strict: false }));
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema) as ReturnType<FastifySchemaCompiler<object>>;

/** Ajv errors → SPEC §7's `error.list`: field name → messages. */
export function toValidationList(errors: ErrorObject[], part: string | undefined): ValidationList {
  const list: ValidationList = {};
  const root = part === 'querystring' ? 'query' : (part ?? 'body');
  for (const error of errors) {
    let field = error.instancePath.slice(1).replaceAll('/', '.');
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'required') {
      field = [field, String(error.params.missingProperty)].filter(Boolean).join('.');
      message = 'is required';
    } else if (error.keyword === 'additionalProperties') {
      field = [field, String(error.params.additionalProperty)].filter(Boolean).join('.');
      message = 'is not an accepted field';
    }
    const key = field || root;
    const messages = (list[key] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return list;
}
