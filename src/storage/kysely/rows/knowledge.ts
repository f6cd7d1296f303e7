import type { ChunkRecord, PageState, SourceRecord, SourceType } from '../../../ports/knowledge-store.ts';
import type { ChunksTable, SourcesTable } from '../schema/knowledge.ts';
import { fromVector, toVector } from './vector.ts';

export const toSource = (row: SourcesTable): SourceRecord => ({
  id: row.id,
  accountId: row.account_id,
  agentId: row.agent_id,
  type: row.type as SourceType,
  title: row.title,
  content: row.content,
  url: row.url,
  size: row.size,
  storage: row.storage,
  createdAt: row.created_at,
  ...(row.content_hash !== null && row.content_hash !== undefined && { contentHash: row.content_hash }),
});

export const toPageState = (row: SourcesTable): PageState => ({
  siteId: row.site_id,
  etag: row.etag,
  lastModified: row.last_modified,
  links: row.links === null ? null : (JSON.parse(row.links) as string[]),
});

export const fromPageState = (page: PageState | undefined) => ({
  site_id: page?.siteId ?? null,
  etag: page?.etag ?? null,
  last_modified: page?.lastModified ?? null,
  links: page?.links ? JSON.stringify(page.links) : null,
});

export const fromChunk = (chunk: ChunkRecord): ChunksTable => ({
  id: chunk.id,
  source_id: chunk.sourceId,
  agent_id: chunk.agentId,
  ordinal: chunk.ordinal,
  content: chunk.content,
  heading: chunk.heading,
  page: chunk.page,
  terms: chunk.terms,
  terms_version: chunk.termsVersion,
  embedding: fromVector(chunk.embedding),
  embedding_model: chunk.embeddingModel,
  embedding_dim: chunk.embedding.length,
});

export const toSearchable = (row: { id: string; source_id: string; terms: string; embedding: Uint8Array }) => ({
  id: row.id,
  sourceId: row.source_id,
  terms: row.terms,
  embedding: toVector(row.embedding),
});
