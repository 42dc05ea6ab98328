import {
  formatDisplayDate,
  InformationSchema,
  JurisdictionListSchema,
  ProfessionListSchema,
  SpecialtyListSchema,
} from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error.ts';
import { readOnce } from '../../platform/read-once.ts';
import { findJurisdictions, findProfessions, findNewestSourceDate, findSpecialties } from './lookups.repository.ts';

/**
 * The lists the registration wizard shows before anyone signs in, and the version
 * information. All public.
 *
 * Each is read once per process: the reference data is the release's own, loaded before the
 * server listens (`seedDatabase`), and no route changes it (decision 059).
 */
export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const specialtyList = readOnce(() => findSpecialties(app.db));
  const jurisdictionList = readOnce(() => findJurisdictions(app.db));
  const professionList = readOnce(() => findProfessions(app.db));
  // The vademecum is ANMAT's 2015 list with PAMI's current one beside it: its date is the newer.
  const vademecumDate = readOnce(async () => {
    const date = await findNewestSourceDate(app.db, ['medications', 'pami-medications']);
    if (!date) throw new AppError('unavailable', 'Los datos de referencia todavía no se cargaron.');
    return formatDisplayDate(date);
  });

  app.get('/specialty', {
    config: { access: 'public' },
    schema: {
      tags: ['datos de referencia'],
      summary: 'Especialidades reconocidas (REFEPS), por nombre',
      response: { 200: SpecialtyListSchema },
    },
  }, async () => ({ payload: await specialtyList() }));

  app.get('/jurisdictions', {
    config: { access: 'public' },
    schema: {
      tags: ['datos de referencia'],
      summary: 'Jurisdicciones de matrícula: las 24 provincias y la nacional (MN)',
      response: { 200: JurisdictionListSchema },
    },
  }, async () => ({ payload: await jurisdictionList() }));

  app.get('/professions/refeps', {
    config: { access: 'public' },
    schema: {
      tags: ['datos de referencia'],
      summary: 'Profesiones de la salud (REFEPS), por nombre',
      response: { 200: ProfessionListSchema },
    },
  }, async () => ({ payload: await professionList() }));

  app.get('/information', {
    config: { access: 'public' },
    schema: {
      tags: ['información'],
      summary: 'Versiones de la aplicación y fecha del vademécum',
      response: { 200: InformationSchema },
    },
  }, async () => ({ ...app.config.versions, vademecum: await vademecumDate() }));
};
