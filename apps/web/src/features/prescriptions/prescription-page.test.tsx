import { messages } from '@receta/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router.tsx';
import { cuirShown } from '../../test/cuir.ts';
import { errorResponse, stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { doctor, makePrescription } from '../../test/prescription-fixtures.ts';

describe('prescription page', () => {
  it('shows the prescriber\'s licence, each medicine with its CUIR, subtype and notes, and the place of a chronic one in its series', async () => {
    const cuir = '00000000000102000000000000000000000102401';
    const prescription = makePrescription({
      type: 'chronic', seriesPosition: 2, seriesLength: 3,
      patient: { ...makePrescription().patient, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } },
      prescriber: { ...makePrescription().prescriber, refepsCode: '70123456' },
      items: [
        { ...makePrescription().items[0]!, pharmacyNote: 'Entregar con aerocámara', noSubstitution: true, cuir },
        {
          ...makePrescription().items[0]!, id: 'i2', genericName: 'Clonazepam', strength: '2 mg', brandName: null,
          subtype: 'archived', cuir: '00000000000103000000000000000000000102402',
        },
      ],
    });
    stubApi({ [`GET /api/prescriptions/${prescription.id}`]: () => prescription });
    renderRoutes(routes, { path: `/prescriptions/${prescription.id}`, user: doctor });

    expect(await screen.findByRole('heading', { level: 1, name: 'Receta 1024' })).toBeTruthy();
    expect(screen.getByText('Receta electrónica de medicamentos')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Medicamentos' })).toBeTruthy();
    expect(screen.getByText('Receta Crónica')).toBeTruthy();
    expect(screen.getByText('Receta 2 de 3')).toBeTruthy();
    expect(screen.getByText(cuirShown(cuir))).toBeTruthy();
    expect(screen.getByText(cuirShown('00000000000103000000000000000000000102402'))).toBeTruthy();
    expect(screen.getByText('Expendio bajo receta')).toBeTruthy();
    expect(screen.getByText('Expendio bajo receta archivada')).toBeTruthy();
    expect(screen.getByText('Pasaporte AAB123456')).toBeTruthy();
    expect(screen.getByText('70123456')).toBeTruthy();
    expect(screen.getByText('Nacional (MN) 123456 · Nacional')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Salbutamol 100 mcg' })).toBeTruthy();
    expect(screen.getByText('Entregar con aerocámara')).toBeTruthy();
    expect(screen.getByText('No sustituir')).toBeTruthy();
    expect(screen.getByText('J45.0 — Asma predominantemente alérgica')).toBeTruthy();
    // Signed: nothing to edit.
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
  });

  it('writes a medicine kept in the vademecum\'s capitals in normal case, the form word once', async () => {
    const prescription = makePrescription({
      items: [{
        ...makePrescription().items[0]!, genericName: 'Enalapril Maleato', strength: '10 Mg',
        pharmaceuticalForm: 'Comprimido Comprimido Recubierto', presentation: 'BLISTER POR 30 UNIDADES',
      }],
    });
    stubApi({ [`GET /api/prescriptions/${prescription.id}`]: () => prescription });
    renderRoutes(routes, { path: `/prescriptions/${prescription.id}`, user: doctor });

    expect(await screen.findByRole('heading', { level: 3, name: 'Enalapril Maleato 10 mg' })).toBeTruthy();
    expect(screen.getByText('blíster por 30 unidades')).toBeTruthy();
    expect(screen.getByText('comprimido recubierto')).toBeTruthy();
  });

  it('shows an order of studies and practices with each one\'s catalogue code, sessions and indications', async () => {
    const practiceLine = {
      ...makePrescription().items[0]!, medicationId: null, brandName: null, strength: null, pharmaceuticalForm: null,
      presentation: null, subtype: null, quantity: 10, dosage: 'Dos por semana',
    };
    const prescription = makePrescription({
      kind: 'practice',
      items: [
        { ...practiceLine, practiceCode: '250110', genericName: 'Kinesiología motora' },
        { ...practiceLine, id: 'i2', practiceCode: null, genericName: 'Ecografía abdominal', quantity: 1, dosage: null },
      ],
    });
    stubApi({ [`GET /api/prescriptions/${prescription.id}`]: () => prescription });
    renderRoutes(routes, { path: `/prescriptions/${prescription.id}`, user: doctor });

    expect(await screen.findByText('Orden electrónica de estudios, prácticas y procedimientos')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Estudios, prácticas y procedimientos' })).toBeTruthy();
    const first = screen.getByRole('heading', { level: 3, name: 'Kinesiología motora' }).closest('li')!;
    expect(within(first).getByText('Código de la práctica')).toBeTruthy();
    expect(within(first).getByText('250110')).toBeTruthy();
    expect(within(first).getByText('Cantidad o sesiones')).toBeTruthy();
    expect(within(first).getByText('10')).toBeTruthy();
    expect(within(first).getByText('Dos por semana')).toBeTruthy();
    const second = screen.getByRole('heading', { level: 3, name: 'Ecografía abdominal' }).closest('li')!;
    expect(within(second).queryByText('Código de la práctica')).toBeNull();
    expect(screen.queryByText('Presentación')).toBeNull();
    expect(screen.queryByText('Posología')).toBeNull();
  });

  it('says when a draft was created, and not that it was issued', async () => {
    const draft = makePrescription({ state: 'draft', displayState: 'draft', signed: false, signedAt: null });
    stubApi({ [`GET /api/prescriptions/${draft.id}`]: () => draft });
    renderRoutes(routes, { path: `/prescriptions/${draft.id}`, user: doctor });

    expect(await screen.findByText('Creada el')).toBeTruthy();
    expect(screen.queryByText('Emitida el')).toBeNull();
  });

  it('says the prescription does not exist when the server does not find it', async () => {
    stubApi({ 'GET /api/prescriptions/*': () => errorResponse(404, messages.prescriptions.notFound) });
    renderRoutes(routes, { path: '/prescriptions/a3f1c2d4-1111-4222-8333-000000000000', user: doctor });

    expect(await screen.findByText(messages.prescriptions.notFound)).toBeTruthy();
  });
});
