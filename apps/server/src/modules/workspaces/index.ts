export {
  deleteFile, deleteWorkspaces, findPersonalWorkspacesOf, findWorkspacesOfMember, insertMember,
} from './workspaces.repository.ts';
export { workspacesRoutes } from './workspaces.routes.ts';
export { openPersonalWorkspace } from './workspaces.service.ts';
