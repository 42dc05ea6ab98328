export * from './accounts.ts';
export * from './platform.ts';
export * from './reference.ts';
export * from './workspaces.ts';
export * from './clinical.ts';
export * from './antigens.ts';
export * from './signing.ts';
