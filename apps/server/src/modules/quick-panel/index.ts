export { quickPanelRoutes } from './quick-panel.routes.ts';
