import { messages, type ApiError, type OAuthScope } from '@receta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { appTokenFor } from '../../../../test/factories/oauth.ts';
import { createPrescribingDoctor } from '../../../../test/factories/prescriptions.ts';
import { authorizationFor } from '../../../../test/factories/users.ts';
import { useTestApp } from '../../../../test/helper.ts';

const test = useTestApp();
let doctorId: string;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
});

/** Each search, a query, and the field of its first answer that shows the query was understood. */
const searches: Array<{ resource: string; scope: OAuthScope; query: string; first: [string, RegExp] }> = [
  { resource: 'medications', scope: 'medications-search', query: 'enalapril', first: ['genericName', /enalapril/i] },
  { resource: 'practices', scope: 'medications-search', query: 'hemograma', first: ['name', /^Hemograma/] },
  { resource: 'diagnoses', scope: 'diagnosis-search', query: 'I10', first: ['code', /^I10$/] },
  { resource: 'insurers', scope: 'insurances-search', query: 'pami', first: ['acronym', /^PAMI$/] },
];

describe.each(searches)('GET /oauth2/api/$resource', ({ resource, scope, query, first: [field, expected] }) => {
  it(`answers with ${scope} what the prescription form's search answers`, async () => {
    const token = await appTokenFor(test.app, doctorId, [scope]);

    const response = await test.app.inject({ url: `/oauth2/api/${resource}?q=${query}&limit=5`, headers: { authorization: token.authorization } });
    const web = await test.app.inject({ url: `/api/${resource}?q=${query}&limit=5`, headers: await authorizationFor(test.app, doctorId) });

    expect(response.statusCode).toBe(200);
    const { payload } = response.json<{ payload: Array<Record<string, unknown>> }>();
    expect(payload.length).toBeGreaterThan(0);
    expect(String(payload[0]?.[field])).toMatch(expected);
    expect(payload).toEqual(web.json<{ payload: unknown[] }>().payload);
  });

  it('refuses a token with the other search scopes (403) and a request without a token (401)', async () => {
    const others = searches.map((search) => search.scope).filter((other) => other !== scope);
    const token = await appTokenFor(test.app, doctorId, [...others, 'accounts-profiles']);

    const refused = await test.app.inject({ url: `/oauth2/api/${resource}?q=${query}`, headers: { authorization: token.authorization } });
    expect(refused.statusCode).toBe(403);
    expect((await test.app.inject({ url: `/oauth2/api/${resource}?q=${query}` })).statusCode).toBe(401);
  });

  it('asks for two characters, as the form does', async () => {
    const token = await appTokenFor(test.app, doctorId, [scope]);

    const response = await test.app.inject({ url: `/oauth2/api/${resource}?q=a`, headers: { authorization: token.authorization } });

    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().message).toBe(messages.search.queryTooShort);
  });
});
