import Type from 'typebox';
import { getSourceText } from '../../../domain/knowledge/view-source.ts';
import { toPublicSource } from '../../../domain/knowledge/source-view.ts';
import { ErrorSchema, SourceSchema } from '../../schemas.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../../pagination.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';
import { SourceParamsSchema, SourceSectionSchema } from '../insight-schemas.ts';
import { accountContext } from './account-context.ts';

/** GET /accounts/{accountId}/agents/{agentId}/sources/{sourceId}/text: the source viewer's text. */
export function registerGetSourceText(app: ApiApp, deps: AdminDeps): void {
  app.get(
    '/accounts/:accountId/agents/:agentId/sources/:sourceId/text',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'getSourceText',
        summary: 'A source’s extracted text',
        description:
          'The text extracted from the source, block by block in reading order (paragraphs, list items, table rows), with the heading above each and its PDF page. `stored` is false for a source added before extracted text was kept: a text or Q&A source then shows its content as one block, a file or page none (its chunks still show).',
        security: ADMIN_SECURITY,
        params: SourceParamsSchema,
        querystring: PageQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            source: SourceSchema,
            stored: Type.Boolean(),
            sections: Type.Array(SourceSectionSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalSections: Type.Integer() }),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await getSourceText(
        deps.domain,
        accountContext(request),
        request.params.agentId,
        request.params.sourceId,
        page,
      );
      return {
        success: true as const,
        source: toPublicSource(result.source),
        stored: result.stored,
        sections: result.sections.items,
        pagination: { ...toPagination(page, result.sections.total), totalSections: result.sections.total },
      };
    },
  );
}
