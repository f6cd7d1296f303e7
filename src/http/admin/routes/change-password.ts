import Type from 'typebox';
import { AppError } from '../../../domain/errors.ts';
import { changePassword } from '../../../domain/users/change-password.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/users/create-user.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import { requireConsoleSession, type AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, SESSION_ERRORS } from '../admin-schemas.ts';

/** POST /session/password: a new password; the user's other sessions end. */
export function registerChangePassword(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/session/password',
    {
      schema: {
        tags: ['Session'],
        operationId: 'changePassword',
        summary: 'Change the password',
        description:
          'A wrong `currentPassword` is 400 INVALID_BODY (`error.list.currentPassword`) and counts as a failed sign-in (429 RATE_LIMITED with Retry-After once too many). ' +
          'On success every other session of this person ends; this one stays.',
        security: ADMIN_SECURITY,
        body: Type.Object(
          {
            currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
            newPassword: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ success: Type.Literal(true) }),
          400: ErrorSchema,
          429: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const result = await changePassword(
        { ...deps.domain, passwords: deps.passwords },
        requireConsoleSession(request),
        { ...request.body, ip: request.ip },
      );
      if (!result.ok) {
        reply.header('Retry-After', result.retryAfterSeconds);
        throw new AppError('RATE_LIMITED', `Too many wrong passwords: try again in ${result.retryAfterSeconds} s.`);
      }
      return { success: true as const };
    },
  );
}
