import {
  cuirOf, formatDisplayDate, licenceTypeLabels, patientSexLabels, prescriptionRules, prescriptionTypeLabels, product,
  type Prescription, type PrescriptionItem,
} from '@receta/domain';
import { PageSizes, PDFDocument } from 'pdf-lib';
import { embedFonts, type DocumentFonts } from './embedded-fonts.ts';
import { contentWidth, grey, margin, PageFlow } from './page-flow.ts';
import { drawQrCode } from './qr-code.ts';
import { spanishNumberWords } from './spanish-number-words.ts';

const qrSize = 96;

/**
 * The prescription as an A4 PDF in Spanish: everything a pharmacy needs to dispense it and a
 * QR code of `verificationUrl`, the public page that says whether it is genuine and valid.
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

  writeHeader(flow, fonts, prescription, title);
  writePrescriber(flow, fonts, prescription.prescriber);
  writePatient(flow, fonts, prescription);
  writeItems(flow, fonts, prescription.items);
  writeDiagnosis(flow, fonts, prescription);
  writeVerification(flow, fonts, options.verificationUrl);
  flow.numberPages(`${product.name} · ${title}`, { font: fonts.regular, size: 7 });
  return doc.save({ useObjectStreams: false });
}

function writeHeader(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription, title: string): void {
  const typeLine = prescription.type === 'chronic'
    ? `${prescriptionTypeLabels.chronic} · Receta ${prescription.seriesPosition} de ${prescription.seriesLength}`
    : prescriptionTypeLabels[prescription.type];
  const titleSize = 13;
  flow.page.drawText(title, {
    x: PageSizes.A4[0] - margin - fonts.bold.widthOfTextAtSize(title, titleSize),
    y: flow.y - 16,
    size: titleSize,
    font: fonts.bold,
  });
  flow.paragraph(product.name, { font: fonts.bold, size: 18 });
  flow.paragraph(typeLine, { font: fonts.bold, size: 11 });
  flow.paragraph([
    `Fecha de emisión: ${formatDisplayDate(prescription.issuedOn)}`,
    `Válida desde: ${formatDisplayDate(prescription.startDate)}`,
    `Válida hasta: ${formatDisplayDate(prescription.expiryDate)} (${prescriptionRules.validityDays} días)`,
  ].join('    '), { font: fonts.regular, size: 9 });
  flow.paragraph(`CUIR: ${cuirOf(prescription)}`, { font: fonts.regular, size: 9 });
}

function writePrescriber(flow: PageFlow, fonts: DocumentFonts, prescriber: Prescription['prescriber']): void {
  section(flow, fonts, 'Profesional');
  flow.paragraph(`${prescriber.name} ${prescriber.lastName}`, { font: fonts.bold, size: 11 });
  line(flow, fonts, 'Matrícula', `${licenceTypeLabels[prescriber.licenceType]} ${prescriber.enrollment} · ${prescriber.jurisdiction}`);
  line(flow, fonts, 'Profesión', [prescriber.profession, prescriber.specialty].filter(Boolean).join(' · '));
  line(flow, fonts, 'Domicilio', prescriber.address);
  line(flow, fonts, 'CUIT', prescriber.cuit);
}

function writePatient(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription): void {
  const { patient, insurer } = prescription;
  section(flow, fonts, 'Paciente');
  flow.paragraph(`${patient.name} ${patient.lastName}`, { font: fonts.bold, size: 11 });
  line(flow, fonts, 'DNI', patient.dni);
  line(flow, fonts, 'CUIL', patient.cuil);
  line(flow, fonts, 'Sexo', patientSexLabels[patient.sex]);
  line(flow, fonts, 'Fecha de nacimiento', formatDisplayDate(patient.dateOfBirth));
  line(flow, fonts, 'Cobertura', insurer ? [insurer.acronym, insurer.name].filter(Boolean).join(' — ') : 'Particular');
  line(flow, fonts, 'N.º de afiliado', prescription.affiliateNumber);
}

function writeItems(flow: PageFlow, fonts: DocumentFonts, items: PrescriptionItem[]): void {
  section(flow, fonts, 'Rp/');
  items.forEach((item, index) => {
    const name = [item.genericName, item.strength, item.pharmaceuticalForm].filter(Boolean).join(' ');
    flow.reserve(60);
    flow.paragraph(`${index + 1}. ${name}`, { font: fonts.bold, size: 11 });
    const indent = 14;
    line(flow, fonts, 'Presentación', item.presentation, indent);
    line(flow, fonts, 'Marca', item.brandName, indent);
    line(flow, fonts, 'Cantidad', `${spanishNumberWords(item.quantity)} (${item.quantity})`, indent);
    line(flow, fonts, 'Posología', item.dosage, indent);
    line(flow, fonts, 'Indicaciones', item.patientInstructions, indent);
    line(flow, fonts, 'Nota para la farmacia', item.pharmacyNote, indent);
    if (item.noSubstitution) flow.paragraph('No sustituir', { font: fonts.bold, size: 10 }, { indent });
    flow.y -= 4;
  });
}

function writeDiagnosis(flow: PageFlow, fonts: DocumentFonts, prescription: Prescription): void {
  section(flow, fonts, 'Diagnóstico');
  line(flow, fonts, 'CIE-10', `${prescription.diagnosis.code} — ${prescription.diagnosis.description}`);
  line(flow, fonts, 'Síntomas', prescription.symptoms);
}

function writeVerification(flow: PageFlow, fonts: DocumentFonts, verificationUrl: string): void {
  flow.rule();
  flow.reserve(qrSize + 30);
  const top = flow.y;
  drawQrCode(flow.page, verificationUrl, { x: margin, y: top, size: qrSize });
  const beside = { indent: qrSize + 12, width: contentWidth - qrSize - 12 };
  flow.paragraph('Receta electrónica firmada digitalmente por el profesional.', { font: fonts.bold, size: 9 }, beside);
  flow.paragraph(
    'Escanee el código QR o visite la dirección que figura debajo para verificar su autenticidad y su vigencia.',
    { font: fonts.regular, size: 9 }, beside,
  );
  flow.y = Math.min(flow.y, top - qrSize - 4);
  flow.paragraph(verificationUrl, { font: fonts.regular, size: 8, color: grey });
}

function section(flow: PageFlow, fonts: DocumentFonts, title: string): void {
  flow.rule();
  flow.paragraph(title, { font: fonts.bold, size: 10, color: grey }, { gap: 4 });
}

/** 'Label: value', left out when there is no value. */
function line(flow: PageFlow, fonts: DocumentFonts, label: string, value: string | null, indent = 0): void {
  if (!value) return;
  flow.paragraph(`${label}: ${value}`, { font: fonts.regular, size: 10 }, { indent });
}
