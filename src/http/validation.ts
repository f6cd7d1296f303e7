// Two validators: query strings and path parameters are text and get coerced ("2" → 2; an integer
// query parameter only from decimal digits: decimal-query.ts); JSON bodies are not ({"name": 5}
// stays a number and fails a string schema, as a client would expect).
// Every `error.list` message is written here, in words a client developer reads without knowing
// JSON Schema: no "must match pattern", no "must be equal to constant", no "anyOf".
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ValidationList } from '../domain/errors.ts';
import { WIDGET_USER_PREFIX, WIDGET_VISITOR_PREFIX } from '../domain/widget/visitor-identity.ts';
import { integerValued, notDecimalErrors } from './decimal-query.ts';
import { NUL_MESSAGE, SURROGATE_MESSAGE, unstorableTextProblem } from '../text/storable-text.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Not empty and not only white space, invisible format characters (`\p{Cf}`: zero-width space,
 * joiners, direction marks, BOM) counting as white space (SPEC is silent; a blank title, message or
 * query helps nobody, and a search or chat would be charged for it). */
export const NOT_BLANK = '[^\\s\\p{Cf}]';
/** `.` and `..` could never be addressed as a path segment: URL parsers resolve them away. */
export const NOT_DOT_SEGMENT = '^(?!\\.\\.?$)';

/** The widget's own visitors' userIds: an id chosen through the API never names their conversations. */
export const NOT_WIDGET_USER = `^(?!${WIDGET_VISITOR_PREFIX}|${WIDGET_USER_PREFIX})`;

/** A userId shaped like a conversation id: as a conversationRef it would name that conversation first. */
export const NOT_CONVERSATION_ID = '^(?!conv_)';

/** A time of day, `HH:MM` from 00:00 to 23:59 (`24:00` allowed where a range ends at midnight):
 * `29:00` is named at its place like `9am`, not left to the schedule's own check. */
export const TIME_OF_DAY = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';

/** What each pattern used in our schemas asks for, said in words. */
const PATTERN_WORDS: Record<string, string> = {
  [NOT_BLANK]: 'must not be empty or only spaces',
  [NOT_DOT_SEGMENT]: 'must not be "." or ".."',
  [NOT_WIDGET_USER]: `must not start with ${WIDGET_VISITOR_PREFIX} or ${WIDGET_USER_PREFIX} (the widget’s own visitors)`,
  [NOT_CONVERSATION_ID]: 'must not start with conv_ (a conversationRef with it would name a conversation by its id)',
  [TIME_OF_DAY]: 'must be a time of day as HH:MM, such as 09:00',
};

function makeAjv(coerceTypes: boolean | 'array'): Ajv {
  // verbose: errors carry their schema, so a union can be described by its members.
  return addFormats(
    new Ajv({ allErrors: true, verbose: true, coerceTypes, useDefaults: true, removeAdditional: false, strict: false }),
  );
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * Compiles the schema, and refuses U+0000 in every string (and object key) of every part, path
 * parameters included: PostgreSQL cannot store it in text or JSON, so both engines refuse it here,
 * before any handler runs (a chat never reaches the model with it). Unpaired surrogates likewise:
 * neither engine stores them as sent, so the client would read back other text than it wrote.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  // Compiled on the route's first request, not at start: compiling every route's schemas cost
  // about a fifth of a server's start (see lazy-serializers.ts for the serializers).
  let compiled: ReturnType<Ajv['compile']> | undefined;
  const validate = (data: unknown) => (compiled ??= (httpPart === 'body' ? bodyAjv : textAjv).compile(schema))(data);
  const single = httpPart === 'querystring' ? singleValued(schema) : new Set<string>();
  const integers = httpPart === 'querystring' ? integerValued(schema) : new Set<string>();
  const check: Validator = (data) => {
    const repeated = repeatedErrors(data, single);
    // Read before validate(), which replaces the text with the number Number() makes of it.
    const notDecimal = notDecimalErrors(data, integers);
    const valid = validate(data);
    const nul = unstorableTextErrors(data, '');
    const own = [...repeated, ...notDecimal];
    // A parameter given twice is said so, rather than as a wrong type or value of the pair; one
    // that is not decimal digits is said to be no whole number once, not also out of range.
    const schemaErrors = (compiled?.errors ?? []).filter(
      (error) => !own.some(({ instancePath }) => error.instancePath === instancePath),
    );
    const errors = [...own, ...schemaErrors, ...nul];
    check.errors = errors.length > 0 ? errors : null;
    return valid && nul.length === 0 && own.length === 0;
  };
  return check as ReturnType<FastifySchemaCompiler<object>>;
};

const REPEATED_MESSAGE = 'must be given once';

/** The query parameters of the schema that take one value (none of ours takes a list). */
function singleValued(schema: unknown): Set<string> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return new Set(Object.keys(properties).filter((name) => properties[name]?.type !== 'array'));
}

/** `?page=1&page=2` reaches the validator as `page: ['1', '2']`: an error for each such parameter. */
function repeatedErrors(data: unknown, single: ReadonlySet<string>): ErrorObject[] {
  if (single.size === 0 || typeof data !== 'object' || data === null) return [];
  return Object.entries(data)
    .filter(([name, value]) => single.has(name) && Array.isArray(value) && value.length > 1)
    .map(([name]) => ({
      keyword: 'repeated',
      instancePath: `/${name}`,
      schemaPath: '#',
      params: {},
      message: REPEATED_MESSAGE,
    }));
}

/** An error for every string (or key) holding U+0000 or an unpaired surrogate, at its JSON pointer. */
function unstorableTextErrors(data: unknown, path: string): ErrorObject[] {
  if (typeof data === 'string') return textErrors(data, path);
  if (typeof data !== 'object' || data === null) return [];
  const errors: ErrorObject[] = [];
  for (const [key, value] of Object.entries(data)) {
    const keyErrors = textErrors(key, path);
    errors.push(...(keyErrors.length > 0 ? keyErrors : unstorableTextErrors(value, `${path}/${key}`)));
  }
  return errors;
}

function textErrors(text: string, instancePath: string): ErrorObject[] {
  const message = unstorableTextProblem(text);
  if (message === null) return [];
  const keyword = message === NUL_MESSAGE ? 'nul' : 'surrogate';
  return [{ keyword, instancePath, schemaPath: '#', params: {}, message }];
}

/** Ajv errors → SPEC §7's `error.list`: field name → messages. */
export function toValidationList(errors: ErrorObject[], part: string | undefined): ValidationList {
  // A Map, not an object: a field may be named like an object member (`constructor`, `toString`).
  const list = new Map<string, string[]>();
  const root = part === 'querystring' ? 'query' : (part ?? 'body');
  // A union that failed is described once, as a whole, not by each member's own failure; but a
  // nullable value that is not null is judged as its type, so the field and the bound at fault are named.
  const failed = errors.filter((error) => error.keyword === 'anyOf' || error.keyword === 'oneOf');
  const judged = new Map(failed.map((error) => [error, nullMemberOf(error)] as const).filter(([, path]) => path));
  const skipped = [
    ...failed.filter((error) => !judged.has(error)).map((error) => `${error.schemaPath}/`),
    ...judged.values(),
  ];
  for (const error of errors) {
    if (judged.has(error) || skipped.some((prefix) => error.schemaPath.startsWith(prefix as string))) continue;
    let field = error.instancePath.slice(1).replaceAll('/', '.');
    if (error.keyword === 'required') field = [field, String(error.params.missingProperty)].filter(Boolean).join('.');
    if (error.keyword === 'additionalProperties')
      field = [field, String(error.params.additionalProperty)].filter(Boolean).join('.');
    const key = field || root;
    const message = describe(error);
    const messages = list.get(key) ?? [];
    list.set(key, messages);
    if (!messages.includes(message)) messages.push(message);
  }
  // "" fails both minLength and the blank check: one message says it.
  for (const messages of list.values()) {
    const blank = messages.indexOf(PATTERN_WORDS[NOT_BLANK] as string);
    if (blank >= 0 && messages.includes('must not be empty')) messages.splice(blank, 1);
  }
  // fromEntries defines own properties, so even `__proto__` stays a plain field name.
  return Object.fromEntries(list);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  'date-time': 'an ISO 8601 date-time such as 2026-01-31T12:00:00Z',
  date: 'a date such as 2026-01-31',
  email: 'an email address',
  uri: 'an absolute URL',
  url: 'an absolute URL',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One Ajv error in plain words. */
export function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not an accepted field';
    case 'nul':
      return NUL_MESSAGE;
    case 'surrogate':
      return SURROGATE_MESSAGE;
    case 'repeated':
      return REPEATED_MESSAGE;
    case 'type':
      return `must be ${typeWords(params.type)}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character')}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'minItems':
      return `must have at least ${plural(limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(limit, 'item')}`;
    case 'minProperties':
      return limit === 1 ? 'must contain at least one field' : `must contain at least ${plural(limit, 'field')}`;
    case 'maxProperties':
      return `must contain at most ${plural(limit, 'field')}`;
    case 'uniqueItems':
      return 'must not list the same item twice';
    case 'pattern':
      return PATTERN_WORDS[String(params.pattern)] ?? 'is not in the accepted format';
    case 'format':
      return `must be ${FORMAT_WORDS[String(params.format)] ?? `a valid ${String(params.format)}`}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'anyOf':
    case 'oneOf':
      return unionWords(error.schema, error.data);
    default:
      return 'is invalid';
  }
}

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((name) => TYPE_WORDS[String(name)] ?? String(name)).join(' or ');
}

/**
 * For a failed `object or null` (or array, string, number … or null) whose value has the other
 * member's type: the schema path of the null member, the one failure left out, so that the
 * value's own errors (a bound, a field inside) say what is wrong, under the path at fault.
 */
function nullMemberOf(error: ErrorObject): string | undefined {
  const members = error.schema as Array<Record<string, unknown>> | undefined;
  if (!Array.isArray(members) || members.length !== 2) return undefined;
  const index = members.findIndex((member) => member.type === 'null');
  const other = members[1 - index] ?? {};
  const type = other.type;
  const actual = jsonType(error.data);
  // Values (`"me"` or null) are named together by unionWords.
  if (index < 0 || typeof type !== 'string' || 'const' in other || 'enum' in other || actual === 'null')
    return undefined;
  if (type !== actual && !(type === 'number' && actual === 'integer')) return undefined;
  return `${error.schemaPath}/${index}/`;
}

/** "must be one of: up, down" for a union of values; "must be a string or null" for a union of types. */
function unionWords(members: unknown, data: unknown): string {
  if (!Array.isArray(members)) return 'is not one of the accepted forms';
  const schemas = members as Array<Record<string, unknown>>;
  // Values, null among them ({"assignee": "me" | null}): the values and null are what is accepted.
  if (schemas.every((member) => 'const' in member || member.type === 'null'))
    return `must be one of: ${schemas.map((member) => ('const' in member ? String(member.const) : 'null')).join(', ')}`;
  const types = schemas.map((member) => member.type);
  const plain = schemas.every((member) =>
    Object.keys(member).every((name) => name === 'type' || name === 'description'),
  );
  // Only the types are wrong when they are all the members ask for, or the value has none of them.
  const actual = jsonType(data);
  const has = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
  if (types.every((type) => typeof type === 'string') && (plain || !has)) return `must be ${typeWords(types)}`;
  return 'is not one of the accepted forms';
}

function jsonType(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  if (typeof data === 'number') return Number.isInteger(data) ? 'integer' : 'number';
  return typeof data;
}
