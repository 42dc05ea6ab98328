import type { Page } from 'playwright-core';
import { doctorDocuments } from './documents.ts';
import type { TestDoctor } from './doctors.ts';

// The registration wizard, filled in as a person would: typing, choosing from the lists,
// attaching the files.

async function pickOption(page: Page, label: string, option: string) {
  const combobox = page.getByRole('combobox', { name: label });
  await combobox.click();
  await combobox.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Step 1; the birth date typed as its digits, the field adds the slashes. */
export async function fillPersonalData(page: Page, doctor: TestDoctor) {
  await page.getByLabel('Nombre').fill(doctor.name);
  await page.getByLabel('Apellido').fill(doctor.lastName);
  await page.getByLabel('Fecha de nacimiento').pressSequentially(doctor.birthDate.replace(/\//g, ''));
  await page.getByLabel('DNI').fill(doctor.dni);
  await page.getByLabel('CUIT').fill(doctor.cuit);
  await page.getByLabel('Teléfono').fill(doctor.phoneNumber);
  await page.getByLabel('Domicilio').fill(doctor.address);
  await page.getByLabel('Localidad').fill(doctor.district);
  await pickOption(page, 'Provincia', doctor.province);
}

/** Step 2; the email copy typed key by key, because the field refuses paste. */
export async function fillCredentials(page: Page, doctor: TestDoctor) {
  await page.getByLabel(/^Email/).fill(doctor.email);
  await page.getByLabel('Repetir el email').pressSequentially(doctor.email);
  await page.getByLabel(/^Contraseña/).fill(doctor.password);
  await page.getByLabel('Repetir la contraseña').fill(doctor.password);
}

export async function fillProfessionalData(page: Page, doctor: TestDoctor) {
  await pickOption(page, 'Profesión', doctor.profession);
  await pickOption(page, 'Especialidad', doctor.specialty);
  await pickOption(page, 'Jurisdicción de la matrícula', doctor.jurisdiction);
  await page.getByLabel('Número de matrícula').fill(doctor.enrollment);
  await page.getByLabel(/^Licencia Sanitaria Federal/).fill(doctor.refepsCode);
}

const documentSlots = [
  { field: 'dniFront', label: 'Frente del DNI' },
  { field: 'dniBack', label: 'Dorso del DNI' },
  { field: 'degreeCertificate', label: 'Título' },
  { field: 'doctorEnrollmentLocation', label: 'Certificado de matrícula' },
] as const;

/** The four documents, in order: each slot opens once the one before it is done. */
export async function uploadDocuments(page: Page) {
  const documents = doctorDocuments();
  for (const [index, slot] of documentSlots.entries()) {
    const document = documents[index];
    if (!document) throw new Error(`No document for ${slot.label}`);
    await page.locator(`input[type=file][name=${slot.field}]`).setInputFiles(document);
    await page.getByRole('group', { name: slot.label }).getByText(document.name).waitFor();
  }
}

export async function goToNextStep(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}
