import {
  formatDisplayDate, formatDisplayDateTime, identityDocumentTypeLabels, licenceTypeLabels, medicationSubtypeLabels,
  medicinePriceFinder, medicineText, patientSexLabels, prescriptionKindHeadings, prescriptionKindLabels,
  prescriptionKindRules, prescriptionTypeLabels, product, type Prescription, type PrescriptionItem,
} from '@receta/domain';
import { PageSizes, PDFDocument } from 'pdf-lib';
import type { Signer } from '../pki/index.ts';
import { embedFonts, type DocumentFonts } from './embedded-fonts.ts';
import { signPdfDocument, type SignatureWidget } from './pades.ts';
import { contentWidth, grey, margin, PageFlow } from './page-flow.ts';
import { qrCodeOperators } from './qr-code.ts';
import { spanishNumberWords } from './spanish-number-words.ts';

const qrSize = 96;

/** What the signature needs beyond the prescription, and what its box on the page shows. */
export interface PrescriptionSignature {
  signer: Signer;
  /** The time the signature claims: printed in its box and written as the dictionary's /M. */
  signingTime: Date;
  /** The code under the QR code, which the public verification page takes. */
  verificationCode: string;
  /** The public page that says whether the prescription is genuine and valid; the QR code holds it. */
  verificationUrl: string;
}

/**
 * The prescription as a signed A4 PDF in Spanish, in the blocks and order of Res. 2214/2025
 * Annex II (professional, patient, prescription, medications with each item's CUIR, QR code),
 * with the link to the Buscador Nacional de Medicamentos (Disp. 1/2025 art. 5), a QR code of
 * the verification page and, beside it, the signature's box: a PDF reader shows the signature
 * there. Built and signed in one pass (docs/decisions/049).
 */
export async function signPrescriptionPdf(
  prescription: Prescription, signature: PrescriptionSignature,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `Receta N.º ${prescription.number}`;
  doc.setTitle(`${product.name} - ${title}`);
  doc.setLanguage('es-AR');
  doc.setProducer(product.name);
  doc.setCreator(product.name);
  // Labels are the product's own; what varies is the prescription and the signature's codes.
  const fonts = await embedFonts(doc, [
    textsOf(prescription), signature.verificationUrl, signature.verificationCode,
  ].join(' '));
  const flow = new PageFlow(doc, [fonts.regular, fonts.bold]);
  const isRestricted = prescription.items.some((item) => item.subtype === 'restricted');

  writeHeader(flow, fonts, prescription, title);
  writePrescriber(flow, fonts, prescription.prescriber, isRestricted);
  writePatient(flow, fonts, prescription, isRestricted);
  writePrescription(flow, fonts, prescription);
  if (prescription.kind === 'medication') writeMedicines(flow, fonts, prescription.items);
  else writeOtherItems(flow, fonts, prescription);
  const widget = writeVerification(flow, fonts, prescription, signature);
  flow.numberPages(`${product.name} · ${title}`, { font: fonts.regular, size: 7 });
  flow.writeContents();
  const { name, lastName } = prescription.prescriber;
  return signPdfDocument(doc, signature.signer, {
    reason: 'Receta electrónica', location: 'Argentina', name: `${name} ${lastName}`, signingTime: signature.signingTime,
  }, widget);
}

/** Every string of a value, however deep. */
function textsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') return Object.values(value).map(textsOf).join(' ');
  return '';
}

function writeHeader(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription, title: string): void {
  const typeLine = prescription.type === 'chronic'
    ? `${prescriptionTypeLabels.chronic} · Receta ${prescription.seriesPosition} de ${prescription.seriesLength}`
    : prescriptionTypeLabels[prescription.type];
  const heading = prescriptionKindHeadings[prescription.kind];
  // Receta Única and Receta Crónica are kinds of medicine prescriptions (spec section 1).
  const kindLine = prescription.kind === 'medication' ? `${heading} · ${typeLine}` : heading;
  const titleSize = 13;
  const titleStyle = { font: fonts.bold, size: titleSize };
  flow.text(title, titleStyle, PageSizes.A4[0] - margin - fonts.bold.widthOfTextAtSize(title, titleSize), flow.y - 16);
  flow.paragraph(product.name, { font: fonts.bold, size: 18 });
  flow.paragraph(kindLine, { font: fonts.bold, size: 11 });
}

function writePrescriber(
  flow: PageFlow, fonts: DocumentFonts, prescriber: Prescription['prescriber'], isRestricted: boolean,
): void {
  section(flow, fonts, 'Profesional');
  flow.paragraph(`${prescriber.name} ${prescriber.lastName}`, { font: fonts.bold, size: 11 });
  line(flow, fonts, 'Profesión', prescriber.profession);
  line(flow, fonts, 'Licencia Sanitaria Federal (REFEPS)', prescriber.refepsCode ?? null);
  line(flow, fonts, 'Matrícula', [
    `${licenceTypeLabels[prescriber.licenceType]} N.º ${prescriber.enrollment}`,
    prescriber.licenceIssuer && `Entidad emisora: ${prescriber.licenceIssuer}`,
    `Jurisdicción: ${prescriber.jurisdiction}`,
  ].filter(Boolean).join(' · '));
  line(flow, fonts, 'Especialidad', prescriber.specialty);
  line(flow, fonts, 'Domicilio profesional', prescriber.address);
  line(flow, fonts, 'Teléfono', prescriber.phone ?? null);
  line(flow, fonts, 'Correo electrónico', prescriber.email ?? null);
  line(flow, fonts, 'CUIT', prescriber.cuit);
  if (isRestricted && prescriber.restrictedAuthorisedOn) {
    flow.paragraph(
      `Autorizado/a para prescribir expendio legalmente restringido desde ${formatDisplayDate(prescriber.restrictedAuthorisedOn)}`,
      { font: fonts.regular, size: 10 },
    );
  }
}

function writePatient(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription, isRestricted: boolean): void {
  const { patient, insurer } = prescription;
  section(flow, fonts, 'Paciente');
  flow.paragraph(`${patient.name} ${patient.lastName}`, { font: fonts.bold, size: 11 });
  line(flow, fonts, 'DNI', patient.dni);
  if (patient.cuil) line(flow, fonts, 'CUIL', patient.cuil);
  else if (patient.identityDocument) {
    // A foreigner without CUIL: the type and number of the document used (Annex II).
    const { type, number } = patient.identityDocument;
    line(flow, fonts, 'Documento', `${identityDocumentTypeLabels[type]} ${number}`);
  }
  line(flow, fonts, 'Fecha de nacimiento', formatDisplayDate(patient.dateOfBirth));
  line(flow, fonts, 'Sexo', patientSexLabels[patient.sex]);
  line(flow, fonts, 'Cobertura', insurer ? [insurer.acronym, insurer.name].filter(Boolean).join(' — ') : 'Particular');
  line(flow, fonts, 'N.º de afiliado', prescription.affiliateNumber);
  // Asked only of a legally restricted medicine (Ley 19.303); otherwise left off the paper.
  if (isRestricted) line(flow, fonts, 'Domicilio', patient.address);
}

function writePrescription(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription): void {
  section(flow, fonts, 'Prescripción');
  line(flow, fonts, 'Se prescribe', prescription.items.map(itemName).join('; '));
  line(flow, fonts, 'Diagnóstico (CIE-10)', `${prescription.diagnosis.code} — ${prescription.diagnosis.description}`);
  line(flow, fonts, 'Síntomas', prescription.symptoms);
  line(flow, fonts, 'Fecha de confección', formatDisplayDate(prescription.issuedOn));
  line(flow, fonts, 'Fecha de inicio de vigencia', formatDisplayDate(prescription.startDate));
  line(flow, fonts, 'Válida hasta', `${formatDisplayDate(prescription.expiryDate)} (${prescriptionKindRules[prescription.kind].validityDays} días)`);
}

/** The active ingredient (Ley 25.649) and its strength: what the prescription orders. */
function itemName(item: PrescriptionItem): string {
  return [item.genericName, item.strength && medicineText(item.strength)].filter(Boolean).join(' ');
}

function writeMedicines(flow: PageFlow, fonts: DocumentFonts, items: PrescriptionItem[]): void {
  section(flow, fonts, 'Medicamentos (Rp/)');
  items.forEach((item, index) => {
    flow.reserve(80);
    // The active ingredient larger and bolder than any brand (Annex II).
    flow.paragraph(`${index + 1}. ${itemName(item)}`, { font: fonts.bold, size: 12 });
    const indent = 14;
    line(flow, fonts, 'Sugerencia comercial', item.brandName, indent, 9);
    line(flow, fonts, 'Presentación', item.presentation && medicineText(item.presentation), indent);
    line(flow, fonts, 'Forma farmacéutica', item.pharmaceuticalForm && medicineText(item.pharmaceuticalForm), indent);
    // In letters and numbers, so that a digit cannot be added (Ley 19.303, every item alike).
    line(flow, fonts, 'Cantidad', `${spanishNumberWords(item.quantity)} (${item.quantity})`, indent);
    line(flow, fonts, 'Condición de expendio', item.subtype && medicationSubtypeLabels[item.subtype], indent);
    line(flow, fonts, 'Posología', item.dosage, indent);
    line(flow, fonts, 'Indicaciones', item.patientInstructions, indent);
    line(flow, fonts, 'Nota para la farmacia', item.pharmacyNote, indent);
    if (item.noSubstitution) flow.paragraph('No sustituir', { font: fonts.bold, size: 10 }, { indent });
    if (item.cuir) flow.paragraph(`CUIR: ${item.cuir}`, { font: fonts.bold, size: 10 }, { indent });
    flow.y -= 4;
  });
}

/** The lines of devices, or of studies, practices and procedures (with the catalogue's code). */
function writeOtherItems(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription): void {
  section(flow, fonts, prescriptionKindLabels[prescription.kind]);
  const quantityLabel = prescription.kind === 'practice' ? 'Cantidad o sesiones' : 'Cantidad';
  prescription.items.forEach((item, index) => {
    flow.reserve(60);
    flow.paragraph(`${index + 1}. ${item.genericName}`, { font: fonts.bold, size: 12 });
    const indent = 14;
    line(flow, fonts, 'Código', item.practiceCode, indent);
    line(flow, fonts, quantityLabel, `${spanishNumberWords(item.quantity)} (${item.quantity})`, indent);
    line(flow, fonts, 'Indicaciones', item.dosage, indent);
    line(flow, fonts, 'Indicaciones para el paciente', item.patientInstructions, indent);
    line(flow, fonts, 'Nota para el prestador', item.pharmacyNote, indent);
    if (item.cuir) flow.paragraph(`CUIR: ${item.cuir}`, { font: fonts.bold, size: 10 }, { indent });
    flow.y -= 4;
  });
}

/** Room between the signature box's border and its text. */
const boxPadding = 8;

/**
 * The QR code and, beside it, the signature's box: who signed, their licence, when, and the
 * code the verification page takes. Answers the box, which the signature's widget covers.
 */
function writeVerification(
  flow: PageFlow, fonts: DocumentFonts, prescription: Prescription, signature: PrescriptionSignature,
): SignatureWidget {
  flow.rule();
  flow.reserve(qrSize + 60);
  const top = flow.y;
  flow.draw(qrCodeOperators(signature.verificationUrl, { x: margin, y: top, size: qrSize }));
  const box = { x: margin + qrSize + 12, width: contentWidth - qrSize - 12 };
  const inside = { indent: box.x - margin + boxPadding, width: box.width - 2 * boxPadding, gap: 1 };
  const { name, lastName, licenceType, enrollment, jurisdiction } = prescription.prescriber;
  flow.y = top - boxPadding;
  flow.paragraph('Firma electrónica', { font: fonts.bold, size: 10 }, inside);
  flow.paragraph(`${name} ${lastName}`, { font: fonts.bold, size: 9 }, inside);
  for (const text of [
    `Matrícula ${licenceTypeLabels[licenceType]} N.º ${enrollment} · ${jurisdiction}`,
    `Fecha y hora: ${formatDisplayDateTime(signature.signingTime)} (hora de Argentina)`,
    `Código de verificación: ${signature.verificationCode}`,
  ]) flow.paragraph(text, { font: fonts.regular, size: 9 }, inside);
  const bottom = Math.min(flow.y - boxPadding + 2, top - qrSize);
  flow.outline({ x: box.x, y: bottom, width: box.width, height: top - bottom }, grey);
  const widget: SignatureWidget = { page: flow.page, rect: [box.x, bottom, box.x + box.width, top] };

  flow.y = bottom - 6;
  flow.paragraph(
    'Firmada con el certificado que la plataforma emitió al profesional (Ley 25.506, Decreto 98/2023). '
    + 'Escanee el código QR o visite la dirección que figura debajo para verificar su autenticidad y su vigencia.',
    { font: fonts.regular, size: 8 },
  );
  flow.paragraph(signature.verificationUrl, { font: fonts.regular, size: 8, color: grey });
  if (prescription.kind === 'medication') {
    flow.paragraph(
      `Compare precios en el ${medicinePriceFinder.name}: ${medicinePriceFinder.url}`,
      { font: fonts.regular, size: 8 }, { gap: 4 },
    );
  }
  return widget;
}

function section(flow: PageFlow, fonts: DocumentFonts, title: string): void {
  flow.rule();
  flow.paragraph(title, { font: fonts.bold, size: 10, color: grey }, { gap: 4 });
}

/** 'Label: value', left out when there is no value. */
function line(flow: PageFlow, fonts: DocumentFonts, label: string, value: string | null, indent = 0, size = 10): void {
  if (!value) return;
  flow.paragraph(`${label}: ${value}`, { font: fonts.regular, size }, { indent });
}
