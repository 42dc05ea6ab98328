import {
  formatDisplayDate,
  InformationSchema,
  JurisdictionListSchema,
  ProfessionListSchema,
  SpecialtyListSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { findJurisdictions, findProfessions, findNewestSourceDate, findSpecialties } from './lookups.repository.ts';

/**
 * The lists the registration wizard shows before anyone signs in, and the version
 * information. All public.
 */
export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/specialty', {
    config: { access: 'public' },
    schema: {
      tags: ['datos de referencia'],
      summary: 'Especialidades reconocidas (REFEPS), por nombre',
      response: { 200: SpecialtyListSchema },
    },
  }, async () => ({ payload: await findSpecialties(app.db) }));

  app.get('/jurisdictions', {
    config: { access: 'public' },
    schema: {
      tags: ['datos de referencia'],
      summary: 'Jurisdicciones de matrícula: las 24 provincias y la nacional (MN)',
      response: { 200: JurisdictionListSchema },
    },
  }, async () => ({ payload: await findJurisdictions(app.db) }));

  app.get('/professions/refeps', {
    config: { access: 'public' },
    schema: {
      tags: ['datos de referencia'],
      summary: 'Profesiones de la salud (REFEPS), por nombre',
      response: { 200: ProfessionListSchema },
    },
  }, async () => ({ payload: await findProfessions(app.db) }));

  app.get('/information', {
    config: { access: 'public' },
    schema: {
      tags: ['información'],
      summary: 'Versiones de la aplicación y fecha del vademécum',
      response: { 200: InformationSchema },
    },
  }, async () => {
    // The vademecum is ANMAT's 2015 list with PAMI's current one beside it: its date is the newer.
    const vademecumDate = await findNewestSourceDate(app.db, ['medications', 'pami-medications']);
    if (!vademecumDate) throw new AppError('unavailable', 'Los datos de referencia todavía no se cargaron.');
    return { ...app.config.versions, vademecum: formatDisplayDate(vademecumDate) };
  });
};
