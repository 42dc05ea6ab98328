import './spanish-errors.ts';

export * from './accounts.ts';
export * from './admin.ts';
export * from './api.ts';
export * from './clinical-search.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './directory.ts';
export * from './identity.ts';
export * from './lookups.ts';
export * from './messages.ts';
export * from './moderation.ts';
export * from './patients.ts';
export * from './permissions.ts';
export * from './prescriptions.ts';
export * from './provinces.ts';
export * from './roles.ts';
export * from './schema-helpers.ts';
