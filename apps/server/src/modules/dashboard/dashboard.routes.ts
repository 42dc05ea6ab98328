import { AdminDashboardSchema, DashboardQuerySchema, MedicalDashboardSchema } from '@receta/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth/access-control.ts';
import { currentWorkspaceId } from '../../platform/auth/workspace-scope.ts';
import { errorAnswers } from '../../platform/http/error-answers.ts';
import { actingAdministratorOf } from '../../platform/auth/acting-administrator.ts';
import { pendingScopeOf } from '../moderation/index.ts';
import { showAdminDashboard, showMedicalDashboard } from './dashboard.service.ts';

const tags = ['indicadores'];

/** The dashboard (Indicadores, spec section 2): the doctor's figures and the administrators'. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/medical', {
    config: { access: ['dashboard.medical'], workspace: 'required' },
    schema: {
      tags,
      summary: 'Las prescripciones del período en el espacio de trabajo: las propias, o todas con index.prescription',
      querystring: DashboardQuerySchema,
      response: { 200: MedicalDashboardSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => {
    const user = currentUser(request);
    // DECISIONS.md: a doctor sees their own prescriptions; index.prescription reaches the workspace's.
    const seesWorkspace = user.scope.includes('index.prescription');
    const reach = { workspaceId: currentWorkspaceId(request), doctorUserId: seesWorkspace ? undefined : user.id };
    return showMedicalDashboard(app.db, request.query, reach);
  });

  // The moderators' permission: their queue is the first figure, and the rest are counts with
  // no patient's data in them.
  app.get('/dashboard/admin', {
    config: { access: ['index.not.authorized.user'] },
    schema: {
      tags,
      summary: 'Cuentas por autorizar, médicos activos y prescripciones por día de toda la plataforma',
      querystring: DashboardQuerySchema,
      response: { 200: AdminDashboardSchema, ...errorAnswers(400, 401, 403) },
    },
  }, (request) => showAdminDashboard(app.db, request.query, pendingScopeOf(actingAdministratorOf(request))));
};
