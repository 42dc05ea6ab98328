export * from './api.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './lookups.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './provinces.ts';
