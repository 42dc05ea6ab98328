import { createSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * `value` and everything in it frozen, to be answered again and again: a remembered read
 * (docs/decisions/061). Nothing can change it, so its JSON is written once per route.
 */
export function frozenAnswer<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) frozenAnswer(inner);
    Object.freeze(value);
  }
  return value;
}

const zodSerializerCompiler = createSerializerCompiler();

/**
 * fastify-type-provider-zod's serializer (the answer checked against the route's schema, what
 * it does not declare left out), but a frozen answer's JSON is kept with it and written once:
 * a remembered page of patients is checked and written the first time it is answered, not on
 * every request.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let json = written.get(data);
    if (json === undefined) {
      json = serialize(data);
      written.set(data, json);
    }
    return json;
  };
};
