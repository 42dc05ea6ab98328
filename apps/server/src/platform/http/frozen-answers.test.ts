import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { frozenAnswer, serializerCompiler } from './frozen-answers.ts';

/** A server answering `answer()` under a schema that declares `name` only; counts the reads of `name`. */
async function serverAnswering(answer: (name: () => string) => object) {
  let reads = 0;
  const name = () => {
    reads += 1;
    return 'Juana';
  };
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const body = answer(name);
  app.get('/', { schema: { response: { 200: z.object({ name: z.string() }) } } }, () => body);
  await app.ready();
  const ask = async () => (await app.inject({ url: '/' })).body;
  return { ask, reads: () => reads };
}

describe('the answers serializer', () => {
  it('writes a frozen answer once, and answers its JSON again, leaving out what the schema does not declare', async () => {
    const server = await serverAnswering((name) => frozenAnswer({
      get name() {
        return name();
      },
      workspaceId: 'x',
    }));
    const readsWhenFrozen = server.reads();
    expect(await server.ask()).toBe('{"name":"Juana"}');
    expect(server.reads()).toBe(readsWhenFrozen + 1);
    expect(await server.ask()).toBe('{"name":"Juana"}');
    expect(server.reads()).toBe(readsWhenFrozen + 1);
  });

  it('writes an answer that is not frozen every time it is answered', async () => {
    const server = await serverAnswering((name) => ({
      get name() {
        return name();
      },
      workspaceId: 'x',
    }));
    expect(await server.ask()).toBe('{"name":"Juana"}');
    expect(await server.ask()).toBe('{"name":"Juana"}');
    expect(server.reads()).toBe(2);
  });
});

describe('frozenAnswer', () => {
  it('freezes the answer and everything in it', () => {
    const answer = frozenAnswer({ items: [{ allergies: [{ substance: 'penicilina' }] }], total: 1 });
    expect(Object.isFrozen(answer)).toBe(true);
    expect(Object.isFrozen(answer.items)).toBe(true);
    expect(Object.isFrozen(answer.items[0]!.allergies[0])).toBe(true);
  });
});
