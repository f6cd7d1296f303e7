import Type from 'typebox';
import { listSources } from '../../domain/knowledge/list-sources.ts';
import { toPublicSource } from '../../domain/knowledge/source-view.ts';
import { PageQuerySchema, PaginationSchema, toPageRequest, toPagination } from '../pagination.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY, SourceSchema } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

const ListSourcesQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  type: Type.Optional(
    Type.Union([Type.Literal('text'), Type.Literal('qa'), Type.Literal('file'), Type.Literal('website')], {
      description: 'Only sources of this type.',
    }),
  ),
});

/** GET /agents/{agentId}/sources: the agent's knowledge sources, newest first. */
export function registerListSources(app: ApiApp, deps: HttpDeps): void {
  app.get(
    '/agents/:agentId/sources',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'listSources',
        summary: 'List knowledge sources',
        description: "The agent's knowledge sources, newest first; `type` keeps one kind.",
        security: SECURITY,
        params: AgentIdParamsSchema,
        querystring: ListSourcesQuerySchema,
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            sources: Type.Array(SourceSchema),
            pagination: Type.Object({ ...PaginationSchema.properties, totalSources: Type.Integer() }),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const page = toPageRequest(request.query);
      const result = await listSources(
        deps.domain,
        requireContext(request),
        request.params.agentId,
        { type: request.query.type },
        page,
      );
      return {
        success: true as const,
        sources: result.items.map(toPublicSource),
        pagination: { ...toPagination(page, result.total), totalSources: result.total },
      };
    },
  );
}
