import Type from 'typebox';
import { deleteSource } from '../../domain/knowledge/delete-source.ts';
import { AUTHENTICATED_ERRORS, AgentSourceParamsSchema, ErrorSchema, SECURITY } from '../schemas.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

/** DELETE /agents/{agentId}/sources/{sourceId}: removes a source and every chunk of it. */
export function registerDeleteSource(app: ApiApp, deps: HttpDeps): void {
  app.delete(
    '/agents/:agentId/sources/:sourceId',
    {
      schema: {
        tags: ['Knowledge'],
        operationId: 'deleteSource',
        summary: 'Delete a knowledge source',
        description: 'Frees its storage. Emits `source.deleted`.',
        security: SECURITY,
        params: AgentSourceParamsSchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), deleted: Type.Boolean() }),
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      await deleteSource(deps.domain, requireContext(request), request.params.agentId, request.params.sourceId);
      return { success: true as const, deleted: true };
    },
  );
}
