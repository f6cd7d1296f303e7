import Type from 'typebox';
import { AppError } from '../../../domain/errors.ts';
import { signIn } from '../../../domain/users/sign-in.ts';
import { PASSWORD_MAX } from '../../../domain/users/create-user.ts';
import { ErrorSchema, UnauthorizedSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { SessionSchema } from '../admin-schemas.ts';
import { setSessionCookie } from '../session-cookie.ts';
import { sessionView } from './session-view.ts';

/** POST /session: email and password → a session cookie and the CSRF token. */
export function registerSignIn(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/session',
    {
      config: { public: true },
      schema: {
        tags: ['Session'],
        operationId: 'signIn',
        summary: 'Sign in',
        description:
          'Sets the `colloquy_session` cookie (HttpOnly, SameSite=Strict, Path=/api/admin, Secure over HTTPS). A wrong email or password is 401; ' +
          'after 5 failures for one email (20 for one address) within 15 minutes each further try waits, doubling up to 15 minutes: 429 RATE_LIMITED with Retry-After.',
        body: Type.Object(
          {
            email: Type.String({ minLength: 3, maxLength: 254 }),
            password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
          },
          { additionalProperties: false },
        ),
        response: { 200: SessionSchema, 400: ErrorSchema, 401: UnauthorizedSchema, 429: ErrorSchema, 500: ErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await signIn({ ...deps.domain, passwords: deps.passwords }, { ...request.body, ip: request.ip });
      if (!result.ok) {
        reply.header('Retry-After', result.retryAfterSeconds);
        throw new AppError('RATE_LIMITED', `Too many failed sign-ins: try again in ${result.retryAfterSeconds} s.`);
      }
      setSessionCookie(
        request,
        reply,
        result.token,
        Math.floor((result.session.expiresAt - result.session.createdAt) / 1000),
      );
      return sessionView(deps.domain, result);
    },
  );
}
