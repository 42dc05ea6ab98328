import {
  formatDisplayDate, identityDocumentTypeLabels, licenceTypeLabels, medicationSubtypeLabels, medicinePriceFinder,
  patientSexLabels, prescriptionKindHeadings, prescriptionKindLabels, prescriptionKindRules, prescriptionTypeLabels,
  product, type Prescription, type PrescriptionItem,
} from '@receta/domain';
import { PageSizes, PDFDocument } from 'pdf-lib';
import { embedFonts, type DocumentFonts } from './embedded-fonts.ts';
import { contentWidth, grey, margin, PageFlow } from './page-flow.ts';
import { drawQrCode } from './qr-code.ts';
import { spanishNumberWords } from './spanish-number-words.ts';

const qrSize = 96;

/**
 * The prescription as an A4 PDF in Spanish, in the blocks and order of Res. 2214/2025 Annex II
 * (professional, patient, prescription, medications with each item's CUIR, QR code), with the
 * link to the Buscador Nacional de Medicamentos (Disp. 1/2025 art. 5) and a QR code of
 * `verificationUrl`, the public page that says whether it is genuine and valid.
 * The document is ready for `signPdf`.
 */
export async function renderPrescriptionPdf(
  prescription: Prescription, options: { verificationUrl: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `Receta N.º ${prescription.number}`;
  doc.setTitle(`${product.name} - ${title}`);
  doc.setLanguage('es-AR');
  doc.setProducer(product.name);
  doc.setCreator(product.name);
  const fonts = await embedFonts(doc);
  const flow = new PageFlow(doc);
  const isRestricted = prescription.items.some((item) => item.subtype === 'restricted');

  writeHeader(flow, fonts, prescription, title);
  writePrescriber(flow, fonts, prescription.prescriber, isRestricted);
  writePatient(flow, fonts, prescription, isRestricted);
  writePrescription(flow, fonts, prescription);
  if (prescription.kind === 'medication') writeMedicines(flow, fonts, prescription.items);
  else writeOtherItems(flow, fonts, prescription);
  writeVerification(flow, fonts, prescription, options.verificationUrl);
  flow.numberPages(`${product.name} · ${title}`, { font: fonts.regular, size: 7 });
  return doc.save({ useObjectStreams: false });
}

function writeHeader(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription, title: string): void {
  const typeLine = prescription.type === 'chronic'
    ? `${prescriptionTypeLabels.chronic} · Receta ${prescription.seriesPosition} de ${prescription.seriesLength}`
    : prescriptionTypeLabels[prescription.type];
  const heading = prescriptionKindHeadings[prescription.kind];
  // Receta Única and Receta Crónica are kinds of medicine prescriptions (spec section 1).
  const kindLine = prescription.kind === 'medication' ? `${heading} · ${typeLine}` : heading;
  const titleSize = 13;
  flow.page.drawText(title, {
    x: PageSizes.A4[0] - margin - fonts.bold.widthOfTextAtSize(title, titleSize),
    y: flow.y - 16,
    size: titleSize,
    font: fonts.bold,
  });
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
  return [item.genericName, item.strength].filter(Boolean).join(' ');
}

function writeMedicines(flow: PageFlow, fonts: DocumentFonts, items: PrescriptionItem[]): void {
  section(flow, fonts, 'Medicamentos (Rp/)');
  items.forEach((item, index) => {
    flow.reserve(80);
    // The active ingredient larger and bolder than any brand (Annex II).
    flow.paragraph(`${index + 1}. ${itemName(item)}`, { font: fonts.bold, size: 12 });
    const indent = 14;
    line(flow, fonts, 'Sugerencia comercial', item.brandName, indent, 9);
    line(flow, fonts, 'Presentación', item.presentation, indent);
    line(flow, fonts, 'Forma farmacéutica', item.pharmaceuticalForm, indent);
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

function writeVerification(
  flow: PageFlow, fonts: DocumentFonts, prescription: Prescription, verificationUrl: string,
): void {
  flow.rule();
  flow.reserve(qrSize + 60);
  const top = flow.y;
  drawQrCode(flow.page, verificationUrl, { x: margin, y: top, size: qrSize });
  const beside = { indent: qrSize + 12, width: contentWidth - qrSize - 12 };
  const { name, lastName } = prescription.prescriber;
  flow.paragraph(`Firma electrónica de ${name} ${lastName}`, { font: fonts.bold, size: 9 }, beside);
  flow.paragraph(
    'Firmada con el certificado que la plataforma emitió al profesional (Ley 25.506, Decreto 98/2023). '
    + 'Escanee el código QR o visite la dirección que figura debajo para verificar su autenticidad y su vigencia.',
    { font: fonts.regular, size: 9 }, beside,
  );
  flow.y = Math.min(flow.y, top - qrSize - 4);
  flow.paragraph(verificationUrl, { font: fonts.regular, size: 8, color: grey });
  if (prescription.kind !== 'medication') return;
  flow.paragraph(
    `Compare precios en el ${medicinePriceFinder.name}: ${medicinePriceFinder.url}`,
    { font: fonts.regular, size: 8 }, { gap: 4 },
  );
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
