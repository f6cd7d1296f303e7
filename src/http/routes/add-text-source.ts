import Type from 'typebox';
import {
  TEXT_CONTENT_MAX,
  TEXT_TITLE_MAX,
  TEXT_TITLE_MIN,
  addTextSource,
} from '../../domain/knowledge/add-text-source.ts';
import { toPublicSource } from '../../domain/knowledge/source-view.ts';
import { AUTHENTICATED_ERRORS, AgentIdParamsSchema, ErrorSchema, SECURITY, SourceSchema } from '../schemas.ts';
import { NOT_BLANK } from '../validation.ts';
import { trimBodyFields } from '../trim-fields.ts';
import { requireContext, type ApiApp, type HttpDeps } from '../types.ts';

const AddTextBodySchema = Type.Object(
  {
    title: Type.String({
      minLength: TEXT_TITLE_MIN,
      maxLength: TEXT_TITLE_MAX,
      pattern: NOT_BLANK,
      description: `${TEXT_TITLE_MIN} to ${TEXT_TITLE_MAX} characters once spaces around it are trimmed; stored trimmed.`,
    }),
    content: Type.String({ minLength: 1, maxLength: TEXT_CONTENT_MAX, pattern: NOT_BLANK }),
  },
  { additionalProperties: false },
);

/** POST /agents/{agentId}/sources/text: adds a text entry, indexed before the response. */
export function registerAddTextSource(app: ApiApp, deps: HttpDeps): void {
  app.post(
    '/agents/:agentId/sources/text',
    {
      config: { openapi: { errors: ['PLAN_LIMIT_REACHED'] } },
      // The title is trimmed before its bounds are checked, and stored trimmed.
      preValidation: trimBodyFields('title'),
      schema: {
        tags: ['Knowledge'],
        operationId: 'addTextSource',
        summary: 'Add a text entry',
        description:
          'Title and content characters count against storage (403 `PLAN_LIMIT_REACHED` beyond it). Emits `source.added`.',
        security: SECURITY,
        params: AgentIdParamsSchema,
        body: AddTextBodySchema,
        response: {
          200: Type.Object({ success: Type.Literal(true), source: SourceSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...AUTHENTICATED_ERRORS,
        },
      },
    },
    async (request) => {
      const source = await addTextSource(deps.domain, requireContext(request), request.params.agentId, request.body);
      return { success: true as const, source: toPublicSource(source) };
    },
  );
}
