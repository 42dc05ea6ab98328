import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { medicinePriceFinder, type Prescription } from '@receta/domain';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFSignature } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSigner, itemToPrint, prescriptionToPrint, samplePrescriber } from '../../../test/factories/signing.ts';
import type { Signer } from '../pki/index.ts';
import { signPrescriptionPdf } from './prescription-pdf.ts';

const run = promisify(execFile);
const verificationCode = '7K3M9P2QX4T8VW6R';
const verificationUrl = `https://receta.example/verify/${verificationCode}`;
/** 13:05 in UTC, 10:05 in Argentina. */
const signingTime = new Date('2026-03-02T13:05:00Z');
let directory: string;
let signer: Signer;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-pdf-'));
  signer = await createTestSigner(join(directory, 'data'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The prescription signed at 10:05 in Argentina by the test doctor. */
function signedPdfOf(prescription: Prescription): Promise<Uint8Array> {
  return signPrescriptionPdf(prescription, { signer, signingTime, verificationCode, verificationUrl });
}

/** The text of the PDF as pdftotext (poppler-utils) extracts it, lines joined by spaces. */
async function textOf(pdf: Uint8Array): Promise<string> {
  const path = join(directory, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(path, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  return stdout.replace(/\s+/g, ' ');
}

const cuirs = ['00000000140102000000000000000000000123401', '00000000140104000000000000000000000123402'];

/** A prescription of the 2025 rules: a doctor with every Annex II field, a restricted item beside a common one. */
function restrictedPrescription(overrides: Partial<Prescription> = {}): Prescription {
  return prescriptionToPrint({
    prescriber: {
      ...samplePrescriber,
      jurisdictionCode: 'CBA',
      refepsCode: '70123456',
      licenceIssuer: 'Ministerio de Salud de la Provincia de Córdoba',
      email: 'mj.nunez@consultorio.example',
      phone: '+54 351 555-0101',
      restrictedAuthorisedOn: '2025-11-03',
    },
    patient: { ...prescriptionToPrint().patient, address: 'Bv. San Juan 456, Córdoba' },
    items: [
      itemToPrint({ cuir: cuirs[0]! }),
      itemToPrint({
        id: 'd6e3b1a5-5c3f-4a1b-9d62-1b2c3d4e5f60', genericName: 'Metilfenidato', brandName: 'Ritalina', strength: '10 mg',
        pharmaceuticalForm: 'comprimidos', presentation: 'Envase por 30 comprimidos', quantity: 21, subtype: 'restricted',
        cuir: cuirs[1]!, patientInstructions: null,
      }),
    ],
    ...overrides,
  });
}

/** Where each piece of text first appears: the order of the blocks on the page. */
function positionsOf(text: string, pieces: string[]): number[] {
  return pieces.map((piece) => {
    const position = text.indexOf(piece);
    expect(position, piece).toBeGreaterThanOrEqual(0);
    return position;
  });
}

describe('signPrescriptionPdf', () => {
  it('prints an A4 prescription with every block, accents included', async () => {
    const prescription = prescriptionToPrint();
    const pdf = await signedPdfOf(prescription);
    const [page] = (await PDFDocument.load(pdf)).getPages();
    expect([Math.round(page!.getWidth()), Math.round(page!.getHeight())]).toEqual([595, 842]);

    const text = await textOf(pdf);
    for (const expected of [
      'Receta Digital', 'Receta N.º 1234', 'Receta Única',
      'Fecha de confección: 02/03/2026', 'Fecha de inicio de vigencia: 02/03/2026', 'Válida hasta: 31/03/2026',
      'María José Núñez', 'Profesión: Médico', 'Matrícula: Provincial (MP) N.º 1234 · Jurisdicción: Córdoba',
      'Especialidad: Clínica médica', 'Domicilio profesional: Av. Colón 1234, Alberdi, Córdoba', 'CUIT: 27301234561',
      'Iñaki Güemes Peña', 'DNI: 30123456', 'CUIL: 20301234565', 'Sexo: Masculino', 'Fecha de nacimiento: 17/05/1980',
      'Cobertura: PAMI — Instituto Nacional de Servicios Sociales', 'N.º de afiliado: 15-123456789-00',
      'Se prescribe: Enalapril Maleato 10 mg', 'Enalapril Maleato 10 mg', 'Presentación: envase por 50 unidades',
      'Forma farmacéutica: comprimidos', 'Sugerencia comercial: Lotrial', 'Cantidad: dos (2)',
      'Condición de expendio: Expendio bajo receta', 'Posología: 1 comprimido cada 12 horas',
      'controlar la presión arterial', 'Diagnóstico (CIE-10): I10 — Hipertensión esencial (primaria)',
      'Síntomas: Cefalea matinal', verificationUrl,
    ]) expect(text).toContain(expected);
    expect(text).not.toContain('No sustituir');
    // A draft's items have no CUIR yet, and no other number takes its place.
    expect(text).not.toContain('CUIR');
  });

  it('prints every field of Res. 2214/2025 Annex II in its block order, each item with its CUIR', async () => {
    const text = await textOf(await signedPdfOf(restrictedPrescription()));
    for (const expected of [
      'Licencia Sanitaria Federal (REFEPS): 70123456',
      'Matrícula: Provincial (MP) N.º 1234 · Entidad emisora: Ministerio de Salud de la Provincia de Córdoba · Jurisdicción: Córdoba',
      'Teléfono: +54 351 555-0101', 'Correo electrónico: mj.nunez@consultorio.example',
      'Autorizado/a para prescribir expendio legalmente restringido desde 03/11/2025',
      'Domicilio: Bv. San Juan 456, Córdoba',
      'Se prescribe: Enalapril Maleato 10 mg; Metilfenidato 10 mg',
      'Sugerencia comercial: Ritalina', 'Presentación: envase por 30 comprimidos',
      'Cantidad: veintiuno (21)', 'Condición de expendio: Expendio legalmente restringido',
      `CUIR: ${cuirs[0]}`, `CUIR: ${cuirs[1]}`,
      `${medicinePriceFinder.name}: https://www.argentina.gob.ar/buscador-de-precios-de-medicamentos`,
    ]) expect(text).toContain(expected);
    // Annex II's order: professional, patient, prescription, medications with their CUIRs, QR code.
    const order = positionsOf(text, [
      'Profesional', 'Licencia Sanitaria Federal', 'Paciente', 'CUIL:', 'Prescripción', 'Fecha de confección',
      'Medicamentos', '1. Enalapril', `CUIR: ${cuirs[0]}`, '2. Metilfenidato', `CUIR: ${cuirs[1]}`,
      'Firma electrónica', verificationUrl,
    ]);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The platform's certificate makes a firma electrónica, not a firma digital (Decreto 98/2023).
    expect(text).not.toMatch(/firma digital|firmada digitalmente|digitally/i);
  });

  it('heads an order of studies and practices by its kind, each line with its code, sessions in letters and indications', async () => {
    const otherLine = {
      medicationId: null, brandName: null, strength: null, pharmaceuticalForm: null, presentation: null, subtype: null,
    };
    const order = prescriptionToPrint({
      kind: 'practice',
      expiryDate: '2026-04-30',
      items: [
        itemToPrint({ ...otherLine, practiceCode: 'LAB-001', genericName: 'Hemograma completo', quantity: 1, dosage: 'En ayunas de 8 horas', patientInstructions: null, cuir: '00000000140300000000000000000000000123401' }),
        itemToPrint({ ...otherLine, genericName: 'Kinesiología motora', quantity: 10, dosage: 'Rehabilitación de rodilla derecha', patientInstructions: null }),
      ],
    });
    const text = await textOf(await signedPdfOf(order));
    positionsOf(text, [
      'Orden electrónica de estudios, prácticas y procedimientos', 'Válida hasta: 30/04/2026 (60 días)',
      'Estudios, prácticas y procedimientos', '1. Hemograma completo', 'Código: LAB-001', 'Cantidad o sesiones: uno (1)',
      'Indicaciones: En ayunas de 8 horas', 'CUIR: 00000000140300000000000000000000000123401',
      '2. Kinesiología motora', 'Cantidad o sesiones: diez (10)', 'Indicaciones: Rehabilitación de rodilla derecha',
    ]);
    for (const absent of ['Medicamentos (Rp/)', 'Receta Única', 'Condición de expendio', medicinePriceFinder.name]) {
      expect(text).not.toContain(absent);
    }
  });

  it('heads a prescription of devices by its kind, with each device\'s quantity and indications', async () => {
    const glasses = itemToPrint({
      medicationId: null, brandName: null, strength: null, pharmaceuticalForm: null, presentation: null, subtype: null,
      genericName: 'Anteojos monofocales para lejos', quantity: 1, dosage: 'OD −1,50 esf; OI −1,25 esf', patientInstructions: null,
    });
    const text = await textOf(await signedPdfOf(prescriptionToPrint({ kind: 'device', items: [glasses] })));
    positionsOf(text, [
      'Receta electrónica de dispositivos médicos e insumos', 'Dispositivos médicos e insumos',
      '1. Anteojos monofocales para lejos', 'Cantidad: uno (1)', 'Indicaciones: OD −1,50 esf; OI −1,25 esf',
    ]);
    expect(text).not.toContain('Medicamentos (Rp/)');
  });

  it('prints the active ingredient larger than the brand', async () => {
    const pdf = await signedPdfOf(restrictedPrescription());
    const path = join(directory, 'sizes.pdf');
    await writeFile(path, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', path, '-']);
    const heightOf = (word: string) => {
      const box = new RegExp(`yMin="([\\d.]+)" xMax="[\\d.]+" yMax="([\\d.]+)">${word}</word>`).exec(stdout);
      expect(box, word).not.toBeNull();
      return Number(box![2]) - Number(box![1]);
    };
    expect(heightOf('Metilfenidato')).toBeGreaterThan(heightOf('Ritalina'));
    expect(heightOf('Enalapril')).toBeGreaterThan(heightOf('Lotrial'));
  });

  it('names the foreigner\'s document instead of the CUIL, and leaves the address and authorisation off a common prescription', async () => {
    const foreigner = restrictedPrescription({
      patient: {
        ...restrictedPrescription().patient, cuil: null, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' },
      },
      items: [itemToPrint({ cuir: cuirs[0]! })],
    });
    const text = await textOf(await signedPdfOf(foreigner));
    expect(text).toContain('Documento: Pasaporte AAB123456');
    expect(text).not.toContain('CUIL');
    expect(text).not.toContain('Bv. San Juan 456');
    expect(text).not.toContain('Autorizado/a');
  });

  it('numbers each prescription of a Receta Crónica and marks a medicine that may not be substituted', async () => {
    const prescription = prescriptionToPrint({
      type: 'chronic', seriesPosition: 2, seriesLength: 3, items: [itemToPrint({ noSubstitution: true })],
    });
    const text = await textOf(await signedPdfOf(prescription));
    expect(text).toContain('Receta Crónica · Receta 2 de 3');
    expect(text).toContain('No sustituir');
  });

  it('says Particular for a patient without coverage', async () => {
    const particular = prescriptionToPrint({ insurer: null, affiliateNumber: null });
    const text = await textOf(await signedPdfOf(particular));
    expect(text).toContain('Cobertura: Particular');
    expect(text).not.toContain('N.º de afiliado');
  });

  it('wraps long texts onto further pages instead of running off the page', async () => {
    const longInstructions = 'Tomar en ayunas con un vaso de agua y esperar media hora antes del desayuno. '.repeat(25);
    const items = [1, 2, 3]
      .map((quantity) => itemToPrint({ id: String(quantity), quantity, patientInstructions: longInstructions }));
    const pdf = await signedPdfOf(prescriptionToPrint({ items, symptoms: 'Síntoma. '.repeat(150) }));

    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await textOf(pdf);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toContain('Cantidad: tres (3)');
    expect(text).toContain(verificationUrl);
    // Every line of text stays inside the page: pdftotext's bounding boxes never pass the margins.
    const path = join(directory, 'long.pdf');
    await writeFile(path, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', path, '-']);
    const right = [...stdout.matchAll(/xMax="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(Math.max(...right)).toBeLessThanOrEqual(595 - 42 + 0.5);
  });

  it('shows the signature in a box beside the QR code, which the signature field\'s widget covers', async () => {
    const pdf = await signedPdfOf(restrictedPrescription());
    const text = await textOf(pdf);
    expect(text).toContain([
      'Firma electrónica', 'María José Núñez', 'Matrícula Provincial (MP) N.º 1234 · Córdoba',
      'Fecha y hora: 02/03/2026 10:05 (hora de Argentina)', `Código de verificación: ${verificationCode}`,
    ].join(' '));

    const doc = await PDFDocument.load(pdf);
    const [field, ...others] = doc.getForm().getFields();
    expect(others).toEqual([]);
    expect(field).toBeInstanceOf(PDFSignature);
    const [widget] = field!.acroField.getWidgets();
    const rect = widget!.getRectangle();
    expect(rect.width * rect.height).toBeGreaterThan(0);
    // On the page the box is on (the last here), listed among that page's annotations.
    const pages = doc.getPages();
    const page = pages.at(-1)!;
    expect(widget!.P()).toBe(page.ref);
    expect(page.node.Annots()?.asArray()).toContainEqual(doc.context.getObjectRef(widget!.dict));

    // Every word of the box lies inside the widget's rectangle (pdftotext measures from the top).
    const path = join(directory, 'box.pdf');
    await writeFile(path, pdf);
    const { stdout } = await run('pdftotext', ['-bbox', '-f', String(pages.length), '-l', String(pages.length), path, '-']);
    const words = [...stdout.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)]
      .map(([, xMin, yMin, xMax, yMax, word]) => ({
        word, box: [xMin, yMin, xMax, yMax].map(Number) as [number, number, number, number],
      }));
    const first = words.findIndex(({ word }) => word === 'Firma');
    const last = words.findIndex(({ word }) => word === verificationCode);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(last).toBeGreaterThan(first);
    const height = page.getHeight();
    for (const { word, box: [xMin, yMin, xMax, yMax] } of words.slice(first, last + 1)) {
      expect(xMin, word).toBeGreaterThanOrEqual(rect.x);
      expect(xMax, word).toBeLessThanOrEqual(rect.x + rect.width);
      expect(height - yMax, word).toBeGreaterThanOrEqual(rect.y);
      expect(height - yMin, word).toBeLessThanOrEqual(rect.y + rect.height);
    }
  });

  it('writes the vademecum\'s capitals in normal case, each word of the form once', async () => {
    const paracetamol = itemToPrint({
      genericName: 'Paracetamol', brandName: 'Tafirol', strength: '500 MG', pharmaceuticalForm: 'Comprimido Comprimido Recubierto',
      presentation: 'BLISTER POR 21 UNIDADES',
    });
    const text = await textOf(await signedPdfOf(prescriptionToPrint({ items: [paracetamol] })));
    for (const expected of [
      'Se prescribe: Paracetamol 500 mg', '1. Paracetamol 500 mg', 'Presentación: blíster por 21 unidades',
      'Forma farmacéutica: comprimido recubierto', 'Sugerencia comercial: Tafirol',
    ]) expect(text).toContain(expected);
    expect(text).not.toMatch(/comprimido comprimido/i);
    expect(text).not.toMatch(/MG|BLISTER/);
  });

  it('prints a name in any script, not only in the letters the fonts shared by every prescription hold', async () => {
    const patient = { ...prescriptionToPrint().patient, name: 'Łukasz', lastName: 'Wałęsa Σωκράτης' };
    const text = await textOf(await signedPdfOf(prescriptionToPrint({ patient })));
    expect(text).toContain('Łukasz Wałęsa Σωκράτης');
  });

  it('embeds the same font files in every prescription within the repertoire, made once for all of them', async () => {
    const fontFilesOf = async (pdf: Uint8Array) => {
      const doc = await PDFDocument.load(pdf);
      return doc.context.enumerateIndirectObjects().flatMap(([, object]) => {
        if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) return [];
        const fontFile = object.lookup(PDFName.of('FontFile2'));
        return fontFile instanceof PDFRawStream ? [fontFile.contents] : [];
      });
    };
    const one = await fontFilesOf(await signedPdfOf(prescriptionToPrint()));
    const other = await fontFilesOf(await signedPdfOf(restrictedPrescription({
      patient: { ...prescriptionToPrint().patient, name: 'François', lastName: 'Müller Gonçalves' },
    })));
    expect(one).toHaveLength(2);
    expect(other).toEqual(one);
  });
});
