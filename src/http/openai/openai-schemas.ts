import Type from 'typebox';
import { EXTRA_ERROR_CODES, SPEC_ERROR_CODES } from '../../domain/errors.ts';

/** Every error of the OpenAI-compatible door, 401 included (openai-error.ts). */
export const OpenAiErrorSchema = Type.Object(
  {
    error: Type.Object(
      {
        message: Type.String(),
        type: Type.String({
          description:
            "OpenAI's error type: invalid_request_error, authentication_error, permission_error, not_found_error, insufficient_quota, rate_limit_error or server_error.",
        }),
        param: Type.Union([Type.String(), Type.Null()]),
        code: Type.String({
          description: `Colloquy's error code: one of ${[...SPEC_ERROR_CODES, ...EXTRA_ERROR_CODES].join(', ')}.`,
        }),
      },
      { additionalProperties: true },
    ),
  },
  { description: "OpenAI's error shape with Colloquy's error code." },
);
