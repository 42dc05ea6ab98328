import { messages } from '@receta/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

/** No form of the product nests deeper than a few levels; the saved settings are the deepest. */
export const maxJsonDepth = 32;

/**
 * How deeply the arrays and objects of a JSON text nest, read from the text itself: it counts
 * brackets outside strings in one pass, without building the value or recursing, so a body of
 * a million brackets costs no more than its length.
 */
export function jsonDepthOf(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const character = json[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (character === ']' || character === '}') {
      depth -= 1;
    }
  }
  return deepest;
}

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), but one nested deeper than
 * `maxJsonDepth` is answered 400 before any schema or the database walks it.
 */
export const jsonBodies = fp((app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthOf(text) > maxJsonDepth) {
      done(new AppError('invalid_data', messages.input.tooDeep), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}, { name: 'json-bodies' });
