export type { SignatureDetails } from './pades.ts';
export { signPrescriptionPdf } from './prescription-pdf.ts';
export { readUploadedPdf, signUploadedPdf, type UploadedPdf } from './uploaded-pdf.ts';
