import type { SourceRecord, SourceType } from '../../ports/knowledge-store.ts';

/** The Source resource of SPEC §2: content on text sources, size on files, url on pages. */
export interface PublicSource {
  id: string;
  type: SourceType;
  title: string;
  content?: string;
  size?: number;
  url?: string;
  createdAt: string;
}

export function toPublicSource(source: SourceRecord): PublicSource {
  return {
    id: source.id,
    type: source.type,
    title: source.title,
    ...(source.type === 'text' && source.content !== null && { content: source.content }),
    ...(source.type === 'file' && source.size !== null && { size: source.size }),
    ...(source.type === 'website' && source.url !== null && { url: source.url }),
    createdAt: new Date(source.createdAt).toISOString(),
  };
}
