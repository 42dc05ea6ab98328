export { signPdf, type SignatureDetails } from './pades.ts';
export { renderPrescriptionPdf } from './prescription-pdf.ts';
