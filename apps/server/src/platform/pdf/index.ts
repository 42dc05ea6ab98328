export { signPdf, type SignatureDetails } from './pades.ts';
export { renderPrescriptionPdf } from './prescription-pdf.ts';
export { readUploadedPdf, signUploadedPdf, type UploadedPdf } from './uploaded-pdf.ts';
