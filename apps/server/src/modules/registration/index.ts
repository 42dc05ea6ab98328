export { mailAccountConfirmation } from './confirmation.service.ts';
export { registrationRejectedMail } from './doctor-mails.ts';
export { findUnknownReferences, insertPendingDoctor, type ProfessionalReferences } from './registration.repository.ts';
export { registrationRoutes } from './registration.routes.ts';
export { verifyDoctorEmail, verifyDoctorInformation } from './registration.service.ts';
