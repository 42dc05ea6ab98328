import { QuickPanelDataSchema, todayInArgentina, type QuickPanelData } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth/access-control.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { eventKindOf } from '../prescriptions/index.ts';
import { findDrafts, findRecentEvents } from './quick-panel.repository.ts';

const shownDrafts = 5;
const shownEvents = 10;

/** Spec section 7, `GET /api/quick-panel/data`: the quick panel's contents for the signed-in user. */
export const quickPanelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/quick-panel/data', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['sesión'],
      summary: 'La fecha de hoy, los borradores pendientes de firma y los últimos eventos de sus prescripciones',
      response: { 200: QuickPanelDataSchema, ...errorAnswers(401) },
    },
  }, async (request): Promise<QuickPanelData> => {
    const user = currentUser(request);
    const today = todayInArgentina();
    // Only those who write prescriptions have drafts and prescription events to show.
    if (!user.scope.includes('owner.prescription')) return { today, drafts: { total: 0, latest: [] }, events: [] };
    const [drafts, events] = await Promise.all([
      findDrafts(app.db, user.id, shownDrafts),
      findRecentEvents(app.db, user.id, shownEvents),
    ]);
    return {
      today,
      drafts: {
        total: drafts.total,
        latest: drafts.latest.map((draft) => ({ ...draft, createdAt: draft.createdAt.toISOString() })),
      },
      events: events.flatMap(({ action, at, ...event }) => {
        const kind = eventKindOf(action);
        return kind ? [{ ...event, kind, at: new Date(at).toISOString() }] : [];
      }),
    };
  });
};
