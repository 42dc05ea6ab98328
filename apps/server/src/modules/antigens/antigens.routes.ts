import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { antigenTestsRoutes } from './antigen-tests.routes.ts';
import { employeesRoutes } from './employees.routes.ts';
import { ownersRoutes } from './owners.routes.ts';

/** The antigens module: owners, their employees, and the employees' rapid antigen tests. */
export const antigensRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(ownersRoutes);
  await app.register(employeesRoutes);
  await app.register(antigenTestsRoutes);
};
