import Type from 'typebox';
import { addConsoleMember } from '../../../domain/accounts/add-console-member.ts';
import { toMemberView } from '../../../domain/accounts/member-view.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/users/create-user.ts';
import { ErrorSchema } from '../../schemas.ts';
import type { ApiApp } from '../../types.ts';
import type { AdminDeps } from '../admin-types.ts';
import { ADMIN_SECURITY, AccountParamsSchema, MemberSchema, SESSION_ERRORS } from '../admin-schemas.ts';
import { accountMembership } from './account-context.ts';

/** POST /accounts/{accountId}/members: an owner adds a person, with a sign-in if they have none. */
export function registerAddMember(app: ApiApp, deps: AdminDeps): void {
  app.post(
    '/accounts/:accountId/members',
    {
      schema: {
        tags: ['Members'],
        operationId: 'addMember',
        summary: 'Add a member',
        description:
          'Owners only (403 OWNER_REQUIRED for a teammate). A person without a console sign-in gets one with `password` (then required; `signIn: "created"`). ' +
          'A person who already signs in (a member of another account) keeps their password, and `password` is ignored (`signIn: "existing"`). ' +
          'A person already in the account is 400 INVALID_BODY.',
        security: ADMIN_SECURITY,
        params: AccountParamsSchema,
        body: Type.Object(
          {
            email: Type.String({ minLength: 3, maxLength: 254 }),
            role: Type.Optional(MemberSchema.properties.role),
            // No minLength here: for a person who already signs in the password is ignored, whatever it is.
            password: Type.Optional(
              Type.String({
                maxLength: PASSWORD_MAX,
                description: `Required when the person has no sign-in yet: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            success: Type.Literal(true),
            member: MemberSchema,
            signIn: Type.Union([Type.Literal('created'), Type.Literal('existing')], {
              description:
                '`created`: a new sign-in with the given password; `existing`: the person signs in as before.',
            }),
          }),
          400: ErrorSchema,
          ...SESSION_ERRORS,
        },
      },
    },
    async (request) => {
      const { member, signIn } = await addConsoleMember(
        { ...deps.domain, passwords: deps.passwords },
        accountMembership(request),
        request.body,
      );
      return { success: true as const, member: toMemberView(member), signIn };
    },
  );
}
