import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { call, prescribingDoctorThroughApi } from './support/accounts-api.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { cuitFor, makeDoctor } from './support/doctors.ts';
import { overflowsHorizontally, signInAs } from './support/sign-in.ts';

const browser = useBrowser();
const admin = inject('admin');
const pin = '3691';

describe('the patient\'s page', () => {
  it('shows the patient\'s prescriptions with their state, number, validity, expiry, diagnosis and licence', async () => {
    const doctor = makeDoctor();
    const token = await prescribingDoctorThroughApi(doctor, admin, pin);
    // The doctor's only workspace, their practice, needs no x-workspace header.
    const dni = String(randomInt(20_000_000, 45_000_000));
    const patient = await call<{ id: string }>('/api/patients', {
      method: 'POST', token,
      json: { name: 'Hugo', lastName: 'Arregui', dni, cuil: cuitFor(dni), sex: 'M', dateOfBirth: '1949-03-21' },
    });
    const created = await call<{ prescriptions: { id: string; number: number }[] }>('/api/prescriptions', {
      method: 'POST', token,
      json: {
        patientId: patient.id, diagnosisCode: 'I10', type: 'classic',
        items: [{ genericName: 'Enalapril Maleato', strength: '10 mg', presentation: 'Envase por 30 comprimidos', quantity: 1, dosage: '1 comprimido por día' }],
      },
    });
    const [prescription] = created.prescriptions;
    if (!prescription) throw new Error('No prescription was created');
    await call(`/api/prescriptions/${prescription.id}/sign`, { method: 'POST', token, json: { pin } });

    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await browser.newPage(viewport);
      await signInAs(page, doctor);
      await page.goto(`/patients/${patient.id}`);
      const list = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Prescripciones del paciente' }) });
      // A row of the table on a desktop, a card on a phone.
      const row = (viewport === 'desktop' ? list.getByRole('row') : list.getByRole('listitem')).filter({ hasText: 'Firmado, vigente' });
      await row.waitFor();
      for (const text of [String(prescription.number), 'Firmado, vigente', 'I10', doctor.enrollment]) {
        await row.getByText(text, { exact: false }).filter({ visible: true }).first().waitFor();
      }
      expect(await overflowsHorizontally(page)).toBe(false);
      await saveScreenshot(page, `patient-page-${viewport}`);
      await page.context().close();
    }
  });
});
