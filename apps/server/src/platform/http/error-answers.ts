import { ApiErrorSchema } from '@receta/domain';

/** The error answers a route may give, for its OpenAPI document: `...errorAnswers(400, 404)`. */
export function errorAnswers<Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, ApiErrorSchema])) as Record<Code, typeof ApiErrorSchema>;
}
