import type { Administrator, AdministratorCreateInput } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import { lastMailTo } from './doctors.ts';
import { authorizationFor, createUser, type UserOptions } from './users.ts';

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  headers: { authorization: string };
}

/** A user with these roles (main role first), signed in. */
export async function signedInWithRoles(
  app: FastifyInstance, roles: string[], options: UserOptions = {},
): Promise<SignedInUser> {
  const user = await createUser(app, { ...options, roles });
  return { ...user, headers: await authorizationFor(app, user.id) };
}

/** The token of the `/invitation/<token>` link in a mail's text. */
export function invitationTokenIn(text: string): string {
  const token = /\/invitation\/([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error('No invitation link in the mail');
  return token;
}

/** Creates an administrator through the API as `headers`; answers them with their invitation token. */
export async function inviteAdministrator(
  app: FastifyInstance, headers: Record<string, string>, input: AdministratorCreateInput,
): Promise<{ administrator: Administrator; token: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/administrators', headers, payload: input });
  if (response.statusCode !== 201) throw new Error(`The administrator was not created: ${response.body}`);
  const administrator = response.json<Administrator>();
  return { administrator, token: invitationTokenIn((await lastMailTo(app, administrator.email)).text) };
}
