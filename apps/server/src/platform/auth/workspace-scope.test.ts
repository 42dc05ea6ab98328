import { messages } from '@receta/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { createWorkspace, inWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { errorHandler } from '../http/error-handler.ts';
import { accessControl } from './access-control.ts';
import { currentWorkspaceId, workspaceScope } from './workspace-scope.ts';

const test = useTestApp();
let probe: FastifyInstance;

/** A small app with the real access control and workspace scope in front of a workspace route. */
beforeAll(async () => {
  probe = Fastify({ logger: { level: 'error' } });
  probe.decorate('db', test.app.db);
  await probe.register(errorHandler);
  await probe.register(accessControl, { signer: test.app.tokens, policy: test.config });
  await probe.register(workspaceScope);
  probe.get('/api/patients', { config: { access: 'authenticated', workspace: 'required' } },
    (request) => ({ workspaceId: currentWorkspaceId(request) }));
  probe.get('/api/me', { config: { access: 'authenticated' } }, (request) => ({ workspaceId: request.workspaceId }));
  await probe.ready();
});
afterAll(() => probe.close());

describe('workspace scope', () => {
  it('lets a member in and tells the route which workspace it works in', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const workspace = await createWorkspace(test.app, { memberIds: [doctor.id] });
    const response = await probe.inject({
      url: '/api/patients', headers: { ...await authorizationFor(test.app, doctor.id), ...inWorkspace(workspace.id) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ workspaceId: workspace.id });
  });

  it('works in the only workspace of a member whose request names none, header left out or blank', async () => {
    const doctor = await createApprovedDoctor(test.app);
    const workspace = await createWorkspace(test.app, { memberIds: [doctor.id] });
    await createWorkspace(test.app);
    const headers = await authorizationFor(test.app, doctor.id);
    for (const extra of [{}, { 'x-workspace': '  ' }]) {
      const response = await probe.inject({ url: '/api/patients', headers: { ...headers, ...extra } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ workspaceId: workspace.id });
    }
  });

  it('asks a member of several workspaces which one, with a Spanish message that says so', async () => {
    const doctor = await createApprovedDoctor(test.app);
    await createWorkspace(test.app, { memberIds: [doctor.id] });
    const other = await createWorkspace(test.app, { memberIds: [doctor.id] });
    const headers = await authorizationFor(test.app, doctor.id);

    const response = await probe.inject({ url: '/api/patients', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: messages.workspaces.required, errorCode: 'workspaceRequired' });
    expect(messages.workspaces.required).toMatch(/más de un espacio de trabajo/);

    const named = await probe.inject({ url: '/api/patients', headers: { ...headers, ...inWorkspace(other.id) } });
    expect(named.json()).toEqual({ workspaceId: other.id });
  });

  it('tells a user who belongs to no workspace that they have none', async () => {
    const admin = await createUser(test.app, { roles: ['superadmin'] });
    const response = await probe.inject({ url: '/api/patients', headers: await authorizationFor(test.app, admin.id) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: messages.workspaces.none, errorCode: 'workspaceNone' });
  });

  it('answers the same 403 for a foreign workspace, whatever ids they try', async () => {
    const doctor = await createApprovedDoctor(test.app);
    await createWorkspace(test.app, { memberIds: [doctor.id] });
    const foreign = await createWorkspace(test.app);
    const headers = await authorizationFor(test.app, doctor.id);
    const attempts = [foreign.id, foreign.id.toUpperCase(), '00000000-0000-4000-8000-000000000000', 'abc', "1' or '1'='1"];
    for (const id of attempts) {
      const response = await probe.inject({ url: '/api/patients', headers: { ...headers, ...inWorkspace(id) } });
      expect(response.statusCode, id).toBe(403);
      expect(response.json()).toMatchObject({ message: messages.workspaces.forbidden, errorCode: 'workspaceForbidden' });
    }
  });

  it('does not let the superadmin in without being a member', async () => {
    const admin = await createUser(test.app, { roles: ['superadmin'] });
    const workspace = await createWorkspace(test.app);
    const response = await probe.inject({
      url: '/api/patients', headers: { ...await authorizationFor(test.app, admin.id), ...inWorkspace(workspace.id) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('asks for a session before looking at the workspace', async () => {
    const workspace = await createWorkspace(test.app);
    expect((await probe.inject({ url: '/api/patients', headers: inWorkspace(workspace.id) })).statusCode).toBe(401);
  });

  it('leaves routes that do not require a workspace alone, header or not', async () => {
    const user = await createUser(test.app);
    const response = await probe.inject({
      url: '/api/me', headers: { ...await authorizationFor(test.app, user.id), ...inWorkspace('cualquiera') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ workspaceId: null });
  });

  it('refuses to start when a public route requires a workspace', async () => {
    const careless = Fastify();
    careless.decorate('db', test.app.db);
    await careless.register(accessControl, { signer: test.app.tokens, policy: test.config });
    await careless.register(workspaceScope);
    expect(() => careless.get('/api/open', { config: { access: 'public', workspace: 'required' } }, () => ({})))
      .toThrow(/requires a workspace/);
    await careless.close();
  });
});
