export { consumePinCode, issuePinCode } from './pin-codes.ts';
export { findPrescriber, prescriberOf } from './prescriber.ts';
export {
  eventKindOf, prescriptionEventActions, prescriptionEventSubject, prescriptionRecordActions,
} from './prescription-events.ts';
export {
  findItemsOf, findPrescribingDoctor, findPrescriptionsByIds, type PrescribingDoctor, type PrescriptionItemRow,
} from './prescriptions.repository.ts';
export { prescriptionsRoutes } from './prescriptions.routes.ts';
export {
  issuePrescriptions, listReachedPrescriptions, type PrescriptionActor, showPrescription, withItems,
} from './prescriptions.service.ts';
export { withSubtypes } from './item-subtypes.ts';
export { checkSigningPin, maxWrongPins } from './signing-pin.ts';
export { findSignedDocument } from './signing.repository.ts';
export { signingRoutes } from './signing.routes.ts';
export {
  type CancellationNotice, findSignedPdf, type PatientDelivery, signedPdfName, type SigningServices, signPrescriptions,
} from './signing.service.ts';
