import {
  FavouriteInputSchema, FavouriteListSchema, FavouriteSavedSchema, MessageAnswerSchema, messages,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/access-control.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { listFavourites, removeFavourite, saveFavourite } from './favourites.service.ts';

const tags = ['favoritos'];

const FavouriteParamsSchema = z.object({ id: z.uuid(messages.favourites.notFound) });

/**
 * The signed-in doctor's favourite lines and prescriptions, theirs in every workspace: only
 * those who may write a prescription keep them.
 */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/favourites', {
    config: { access: ['create.prescription'] },
    schema: {
      tags,
      summary: 'Los favoritos propios (una línea o una receta entera), los más nuevos primero',
      response: { 200: FavouriteListSchema, ...errorAnswers(401, 403) },
    },
  }, async (request) => ({ items: await listFavourites(app.db, currentUser(request).id) }));

  app.post('/favourites', {
    config: { access: ['create.prescription'] },
    schema: {
      tags,
      summary: 'Guarda una línea de medicamento o los ítems de una receta como favorito (hasta 100)',
      body: FavouriteInputSchema,
      response: { 201: FavouriteSavedSchema, ...errorAnswers(400, 401, 403, 409) },
    },
  }, async (request, reply) => reply.status(201).send({
    message: messages.favourites.saved,
    favourite: await saveFavourite(app.db, currentUser(request).id, request.body),
  }));

  app.delete('/favourites/:id', {
    config: { access: ['create.prescription'] },
    schema: {
      tags,
      summary: 'Elimina un favorito propio',
      params: FavouriteParamsSchema,
      response: { 200: MessageAnswerSchema, ...errorAnswers(401, 403, 404) },
    },
  }, async (request) => {
    await removeFavourite(app.db, currentUser(request).id, request.params.id);
    return { message: messages.favourites.removed };
  });
};
