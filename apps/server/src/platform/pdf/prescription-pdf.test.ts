import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cuirOf } from '@receta/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemToPrint, prescriptionToPrint } from '../../../test/factories/signing.ts';
import { renderPrescriptionPdf } from './prescription-pdf.ts';

const run = promisify(execFile);
const verificationUrl = 'https://receta.example/verificar/7d1f7b52-3c44-4a43-9f55-2f9b4a0e2d11';
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'receta-pdf-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The text of the PDF as pdftotext (poppler-utils) extracts it, lines joined by spaces. */
async function textOf(pdf: Uint8Array): Promise<string> {
  const path = join(directory, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(path, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
  return stdout.replace(/\s+/g, ' ');
}

describe('renderPrescriptionPdf', () => {
  it('prints an A4 prescription with every block, accents included', async () => {
    const prescription = prescriptionToPrint();
    const pdf = await renderPrescriptionPdf(prescription, { verificationUrl });
    const [page] = (await PDFDocument.load(pdf)).getPages();
    expect([Math.round(page!.getWidth()), Math.round(page!.getHeight())]).toEqual([595, 842]);

    const text = await textOf(pdf);
    for (const expected of [
      'Receta Digital', 'Receta N.º 1234', 'Receta Única', `CUIR: ${cuirOf(prescription)}`,
      'Fecha de emisión: 02/03/2026', 'Válida desde: 02/03/2026', 'Válida hasta: 31/03/2026',
      'María José Núñez', 'Matrícula: Provincial (MP) 1234 · Córdoba', 'Profesión: Médico · Clínica médica',
      'Domicilio: Av. Colón 1234, Alberdi, Córdoba', 'CUIT: 27301234561',
      'Iñaki Güemes Peña', 'DNI: 30123456', 'CUIL: 20301234565', 'Sexo: Masculino', 'Fecha de nacimiento: 17/05/1980',
      'Cobertura: PAMI — Instituto Nacional de Servicios Sociales', 'N.º de afiliado: 15-123456789-00',
      'Enalapril Maleato 10 mg comprimidos', 'Presentación: Envase por 50 unidades', 'Marca: Lotrial',
      'Cantidad: dos (2)', 'Posología: 1 comprimido cada 12 horas', 'controlar la presión arterial',
      'CIE-10: I10 — Hipertensión esencial (primaria)', 'Síntomas: Cefalea matinal', verificationUrl,
    ]) expect(text).toContain(expected);
    expect(text).not.toContain('No sustituir');
  });

  it('numbers each prescription of a Receta Crónica and marks a medicine that may not be substituted', async () => {
    const prescription = prescriptionToPrint({
      type: 'chronic', seriesPosition: 2, seriesLength: 3, items: [itemToPrint({ noSubstitution: true })],
    });
    const text = await textOf(await renderPrescriptionPdf(prescription, { verificationUrl }));
    expect(text).toContain('Receta Crónica · Receta 2 de 3');
    expect(text).toContain('No sustituir');
  });

  it('says Particular for a patient without coverage', async () => {
    const particular = prescriptionToPrint({ insurer: null, affiliateNumber: null });
    const text = await textOf(await renderPrescriptionPdf(particular, { verificationUrl }));
    expect(text).toContain('Cobertura: Particular');
    expect(text).not.toContain('N.º de afiliado');
  });

  it('wraps long texts onto further pages instead of running off the page', async () => {
    const longInstructions = 'Tomar en ayunas con un vaso de agua y esperar media hora antes del desayuno. '.repeat(25);
    const items = [1, 2, 3]
      .map((quantity) => itemToPrint({ id: String(quantity), quantity, patientInstructions: longInstructions }));
    const pdf = await renderPrescriptionPdf(prescriptionToPrint({ items, symptoms: 'Síntoma. '.repeat(150) }), { verificationUrl });

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
});
