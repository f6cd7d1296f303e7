// Schemas of the site routes (crawled sites that re-sync, docs/knowledge-sync.md).
import Type from 'typebox';
import { SITE_SCHEDULES } from '../../../../ports/site-store.ts';
import { AccountAgentParamsSchema } from '../../admin-schemas.ts';

export const SiteParamsSchema = Type.Object({
  ...AccountAgentParamsSchema.properties,
  siteId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const ScheduleSchema = Type.Union(
  [Type.Literal(SITE_SCHEDULES[0]), Type.Literal(SITE_SCHEDULES[1]), Type.Literal(SITE_SCHEDULES[2])],
  {
    description:
      '`daily` or `weekly`: re-synced by the server that long after the last run (one process of a cluster at a time); `off`: only on demand.',
  },
);

export const SyncCountsSchema = Type.Object({
  added: Type.Integer({ description: 'New pages found (links, sitemap) and indexed.' }),
  updated: Type.Integer({ description: 'Pages whose text changed, re-indexed in place (same source id).' }),
  removed: Type.Integer({ description: 'Pages the site answered 404 or 410 for, deleted with their storage.' }),
  unchanged: Type.Integer({ description: 'Pages answered 304 Not Modified, or with the same text.' }),
  failed: Type.Integer({
    description: 'Pages that could not be refreshed (5xx, time-out, network, storage full): kept as they were.',
  }),
});

export const SiteSchema = Type.Object({
  id: Type.String(),
  agentId: Type.String(),
  url: Type.String({ description: "The crawl's start URL, normalised." }),
  schedule: ScheduleSchema,
  pageCount: Type.Integer(),
  lastRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  nextRunAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastResult: Type.Union([SyncCountsSchema, Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  running: Type.Boolean({ description: 'A re-sync holds the site right now.' }),
  createdAt: Type.String({ format: 'date-time' }),
});

export const SyncReportSchema = Type.Object({
  ...SyncCountsSchema.properties,
  failures: Type.Array(
    Type.Object({ url: Type.String(), reason: Type.String(), status: Type.Optional(Type.Integer()) }),
  ),
  error: Type.Union([Type.String(), Type.Null()], {
    description: 'Why new pages could not be looked for (site unreachable, page limit reached), or null.',
  }),
});
