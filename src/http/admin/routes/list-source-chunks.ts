import Type from 'typebox';
import { listSourceChunks } from '../../../domain/knowledge/view-source.ts';
import { toPublicSource } from '../../../domain/knowledge/source-view.ts';
import { ErrorSchema, SourceSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';
import { SourceChunkSchema, SourceParamsSchema } from '../insight-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/agents/{agentId}/sources/{sourceId}/chunks: the passages a source became. */
export function registerListSourceChunks(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/sources/:sourceId/chunks',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'listSourceChunks',
        summary: 'A source’s chunks',
        description:
          'The passages the source was cut into, in order, as search finds and returns them, with the heading indexed with each and the PDF page it starts on.',
        security: ADMIN_SECURITY,
        params: SourceParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            source: SourceSchema,
            chunks: Type.Array(SourceChunkSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalChunks: Type.Integer() }),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listSourceChunks(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        request.params.sourceId,
        page,
      );
      return {
        success: true as const,
        source: toPublicSource(result.source),
        chunks: result.chunks.items,
        pagination: { ...toPagination(page, result.chunks.total), totalChunks: result.chunks.total },
      };
    },
  );
}
