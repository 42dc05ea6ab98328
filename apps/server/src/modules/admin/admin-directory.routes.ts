import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { medicalsRoutes } from './medicals.routes.ts';
import { workspacesRoutes } from './workspaces.routes.ts';

/** The directory the administrators keep: workspaces (clinics and practices) and medics. */
export const adminDirectoryRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(workspacesRoutes);
  await app.register(medicalsRoutes);
};
