export { repositoryDelivery } from './pointer-delivery.ts';
export { enqueueRepositoryPointers } from './repository-pointers.ts';
export { repositoryPointersRoutes } from './repository-pointers.routes.ts';
