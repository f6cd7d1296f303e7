// `npm run config:docs`: writes the reference part of docs/configuration-reference.md and config.schema.json
// from src/config-schema.ts. test/contract/config-docs.test.ts fails when either is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FileSchema } from '../src/config-schema.ts';
import { ENVIRONMENT } from '../src/config-environment.ts';
import { DEFAULT_MODELS, DEFAULT_PLANS } from '../src/config-defaults.ts';

export const CONFIG_DOC = fileURLToPath(new URL('../docs/configuration-reference.md', import.meta.url));
export const CONFIG_JSON_SCHEMA = fileURLToPath(new URL('../config.schema.json', import.meta.url));

const BEGIN = '<!-- reference: written by `npm run config:docs` from src/config-schema.ts; do not edit -->';
const END = '<!-- end of reference -->';

interface Schema {
  type?: string;
  const?: unknown;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

/** The JSON Schema of the config file (what editors and CI may check a file against). */
export function configJsonSchema(): string {
  const document = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Colloquy configuration file (COLLOQUY_CONFIG)',
    ...(FileSchema as object),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return code(schema.const);
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  return schema.type ?? 'any';
}

function limitsOf(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined)
    parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) parts.push(`length ≥ ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`length ≤ ${schema.maxLength}`);
  if (schema.minItems !== undefined) parts.push(`at least ${schema.minItems}`);
  for (const branch of schema.anyOf ?? []) if (branch.minimum !== undefined) parts.push(limitsOf(branch));
  return parts.join(', ');
}

function table(prefix: string, schema: Schema): string[] {
  const rows = Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const name = `\`${prefix}${key}\`${schema.required?.includes(key) ? ' (required)' : ''}`;
    const fallback = property.default === undefined ? '' : code(property.default);
    return `| ${name} | ${cell(typeOf(property))} | ${limitsOf(property)} | ${fallback} | ${cell(property.description ?? '')} |`;
  });
  return ['| Setting | Type | Limits | Default | Meaning |', '|---|---|---|---|---|', ...rows];
}

function environment(): string[] {
  const rows = Object.entries(ENVIRONMENT).map(([name, variable]) => {
    const secret = 'secret' in variable && variable.secret ? ' Masked by `config show`.' : '';
    return `| \`${name}\` | ${variable.default === null ? 'unset' : code(variable.default)} | ${cell(variable.description)}${secret} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows];
}

/** The generated part of docs/configuration-reference.md, markers included. */
export function configReference(): string {
  const file = FileSchema as unknown as Schema;
  const lines = [BEGIN, '', '## The environment', '', ...environment(), '', '## The config file', ''];
  lines.push(
    'Every section and field is optional. A field left out takes its default; an empty default is worked out at start (the text says how).',
    '',
  );
  for (const [section, schema] of Object.entries(file.properties ?? {})) {
    if (section === '$schema') continue;
    lines.push(`### \`${section}\``, '');
    if (schema.description) lines.push(schema.description, '');
    if (section === 'plans') {
      const plan = Object.values(schema.properties ?? {})[0] as Schema;
      lines.push(
        ...table(`plans.<plan>.`, plan),
        '',
        'The plans (`free`, `starter`, `pro`, `business`) and their defaults:',
        '',
      );
      lines.push(
        '| Plan | requestsPerMinute | storageLimit | crawlPageLimit | monthlyCredits | models |',
        '|---|---|---|---|---|---|',
      );
      for (const [name, p] of Object.entries(DEFAULT_PLANS))
        lines.push(
          `| \`${name}\` | ${p.requestsPerMinute} | ${p.storageLimit} | ${p.crawlPageLimit} | ${p.monthlyCredits} | ${p.models.join(', ')} |`,
        );
    } else if (section === 'models') {
      lines.push(...table('models[].', schema.items as Schema), '', 'The built-in entries:', '');
      for (const model of DEFAULT_MODELS) lines.push(`- ${code(model)}`);
    } else if (schema.anyOf) {
      for (const branch of schema.anyOf) {
        lines.push(
          `With \`provider\` ${typeOf(branch.properties?.provider ?? {})}:`,
          '',
          ...table(`${section}.`, branch),
          '',
        );
      }
      lines.pop();
    } else if (schema.properties) {
      lines.push(...table(`${section}.`, schema));
    } else {
      lines.push(`Type ${typeOf(schema)}${schema.default === undefined ? '' : `, default ${code(schema.default)}`}.`);
    }
    lines.push('');
  }
  lines.push(END);
  return lines.join('\n');
}

/** docs/configuration-reference.md with its reference part written anew. */
export function configDoc(current: string): string {
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start < 0 || end < start)
    throw new Error(`docs/configuration-reference.md has no reference markers (${BEGIN} … ${END})`);
  return current.slice(0, start) + configReference() + current.slice(end + END.length);
}

if (import.meta.main) {
  writeFileSync(CONFIG_DOC, configDoc(readFileSync(CONFIG_DOC, 'utf8')));
  writeFileSync(CONFIG_JSON_SCHEMA, configJsonSchema());
  process.stdout.write(`wrote ${CONFIG_DOC} and ${CONFIG_JSON_SCHEMA}\n`);
}
