export { findActiveInsurer, findActivePractices } from './clinical-search.repository.ts';
export { clinicalSearchRoutes } from './clinical-search.routes.ts';
export { searchDiagnoses, searchInsurers, searchMedications, searchPractices } from './clinical-search.service.ts';
export { isOfferedSpecialty } from './lookups.repository.ts';
export { lookupsRoutes } from './lookups.routes.ts';
export { loadReferenceData } from './reference-data.ts';
