// The schema as it runs: config.schema.json, which `npm run config:docs` writes from the declarations
// in config-schema.ts (test/contract/config-docs.test.ts fails when it is stale). Read as JSON, it
// spares every start and CLI command loading typebox's ~370 modules (about 0.2 s of CPU); the types
// still come from the declarations.
import { readFileSync } from 'node:fs';
import type { TObject } from 'typebox';
import type * as Declared from './config-schema.ts';
import type { Resolved } from './config-schema.ts';

const {
  $schema: _metaSchema,
  title: _title,
  ...file
} = JSON.parse(readFileSync(new URL('../config.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** The config file's schema, as config-schema.ts declares it. */
export const FileSchema = file as unknown as typeof Declared.FileSchema;

const sections = FileSchema.properties;
const branches = (union: unknown) => (union as { anyOf: unknown[] }).anyOf;

export const ModelSchema = sections.models.items as typeof Declared.ModelSchema;
export const LocalEmbeddingsSchema = branches(sections.embeddings)[0] as typeof Declared.LocalEmbeddingsSchema;
export const OpenAiEmbeddingsSchema = branches(sections.embeddings)[1] as typeof Declared.OpenAiEmbeddingsSchema;
export const LocalModerationSchema = branches(sections.moderation)[0] as typeof Declared.LocalModerationSchema;
export const OpenAiModerationSchema = branches(sections.moderation)[1] as typeof Declared.OpenAiModerationSchema;
export const SearchSchema = sections.search as typeof Declared.SearchSchema;
export const ExtractionSchema = sections.extraction as typeof Declared.ExtractionSchema;
export const IngestionSchema = sections.ingestion as typeof Declared.IngestionSchema;
export const NetworkSchema = sections.network as typeof Declared.NetworkSchema;
export const WebhooksSchema = sections.webhooks as typeof Declared.WebhooksSchema;
export const CreditsSchema = sections.credits as typeof Declared.CreditsSchema;
export const SitesSchema = sections.sites as typeof Declared.SitesSchema;
export const EvaluationsSchema = sections.evaluations as typeof Declared.EvaluationsSchema;
export const ServerSchema = sections.server as typeof Declared.ServerSchema;
export const MetricsSchema = sections.metrics as typeof Declared.MetricsSchema;

/** The defaults a section's schema declares, by setting (only the settings that declare one). */
export function defaultsOf<T extends TObject>(schema: T): Resolved<T> {
  const entries = Object.entries(schema.properties as Record<string, { default?: unknown }>).filter(
    ([, property]) => property.default !== undefined,
  );
  return Object.fromEntries(entries.map(([key, property]) => [key, property.default])) as Resolved<T>;
}
