import { messages } from '@receta/domain';
import { describe, expect, it } from 'vitest';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { jsonDepthOf, maxJsonDepth } from './json-body.ts';

describe('jsonDepthOf', () => {
  it.each([
    ['a scalar', '1', 0],
    ['an empty object', '{}', 1],
    ['arrays in objects', '{"a":[1,{"b":[]}]}', 4],
    ['brackets inside strings, escaped quotes too', '{"a":"[[{\\"[[["}', 1],
  ])('counts %s', (_kind, json, depth) => {
    expect(jsonDepthOf(json)).toBe(depth);
  });

  it('reads a million brackets without recursing', () => {
    expect(jsonDepthOf('['.repeat(1_000_000))).toBe(1_000_000);
  });
});

const test = useTestApp();

function settingsNested(depth: number): string {
  return `{"user":{"settings":${'{"a":'.repeat(depth - 2)}1${'}'.repeat(depth - 2)}}}`;
}

describe('JSON bodies', () => {
  it('refuses settings nested 5,000 levels with 400 before anything reads them', async () => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: { ...await authorizationFor(test.app, user.id), 'content-type': 'application/json' },
      payload: settingsNested(5_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: messages.input.tooDeep });
  });

  it(`takes a body nested ${maxJsonDepth} levels`, async () => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/user/update',
      headers: { ...await authorizationFor(test.app, user.id), 'content-type': 'application/json' },
      payload: settingsNested(maxJsonDepth),
    });
    expect(response.statusCode).toBe(200);
  });

  it('still refuses a body that poisons the prototype', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"isAdmin":true},"email":"a@b.co","password":"x"}',
    });
    expect(response.statusCode).toBe(400);
  });
});
