import type { FastifyInstance, FastifyRequest } from 'fastify';

function duplicateParameter(name: string): Error {
  return Object.assign(new Error(`The parameter ${name} appears more than once`), { statusCode: 400 });
}

/**
 * Reads `application/x-www-form-urlencoded` bodies, as OAuth2 clients send them (RFC 6749
 * section 4.1.3), into an object of strings for the routes' schemas. A repeated parameter is
 * refused (RFC 6749 section 3.2). Registered in the OAuth2 routes' scope only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
      const fields = new Map<string, string>();
      for (const [name, value] of new URLSearchParams(body.toString())) {
        if (fields.has(name)) return done(duplicateParameter(name));
        fields.set(name, value);
      }
      // fromEntries defines own properties: a parameter named __proto__ stays a plain field.
      return done(null, Object.fromEntries(fields));
    },
  );
}
