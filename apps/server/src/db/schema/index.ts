export * from './accounts.ts';
export * from './reference.ts';
