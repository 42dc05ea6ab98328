import {
  maxFavouritesPerDoctor, messages, MedicationItemInputSchema, type ApiError, type Favourite, type FavouriteInput,
} from '@receta/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrescribingDoctor, sampleMedications } from '../../../test/factories/prescriptions.ts';
import { authorizationFor, createUser } from '../../../test/factories/users.ts';
import { useTestApp } from '../../../test/helper.ts';
import { favourites } from '../../db/schema/index.ts';

const test = useTestApp();

let doctor: Record<string, string>;
let doctorId: string;
let otherDoctor: Record<string, string>;

beforeAll(async () => {
  doctorId = (await createPrescribingDoctor(test.app)).id;
  doctor = await authorizationFor(test.app, doctorId);
  otherDoctor = await authorizationFor(test.app, (await createPrescribingDoctor(test.app)).id);
});

const enalaprilLine = {
  ...sampleMedications.enalapril, quantity: 2, dosage: '1 comprimido cada 12 horas', patientInstructions: 'Con el desayuno',
};

function save(payload: FavouriteInput, headers = doctor) {
  return test.app.inject({ method: 'POST', url: '/api/favourites', headers, payload });
}

async function saved(payload: FavouriteInput, headers = doctor): Promise<Favourite> {
  const response = await save(payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ favourite: Favourite }>().favourite;
}

async function listOf(headers: Record<string, string>): Promise<Favourite[]> {
  const response = await test.app.inject({ method: 'GET', url: '/api/favourites', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Favourite[] }>().items;
}

function remove(id: string, headers = doctor) {
  return test.app.inject({ method: 'DELETE', url: `/api/favourites/${id}`, headers });
}

describe('favourites', () => {
  it('saves a medication line and a whole prescription, and lists the doctor’s own newest first', async () => {
    const line = await saved({ kind: 'item', name: 'Enalapril de siempre', items: [enalaprilLine] });
    const whole = await saved({
      kind: 'prescription',
      name: 'Hipertensión y diabetes',
      items: [enalaprilLine, { ...sampleMedications.metformin, quantity: 1, dosage: '1 con cada comida' }],
    });
    await saved({ kind: 'item', name: 'Del otro médico', items: [enalaprilLine] }, otherDoctor);

    expect(line).toMatchObject({
      kind: 'item',
      prescriptionKind: 'medication',
      name: 'Enalapril de siempre',
      items: [{
        medicationId: 510, genericName: 'Enalapril Maleato', presentation: 'Envase Por 50 Unidades', quantity: 2,
        dosage: '1 comprimido cada 12 horas', patientInstructions: 'Con el desayuno', pharmacyNote: null,
        noSubstitution: false, subtype: 'prescription',
      }],
    });
    const mine = await listOf(doctor);
    expect(mine.map((favourite) => favourite.id)).toEqual([whole.id, line.id]);
    expect(mine[0]?.items.map((item) => item.genericName)).toEqual(['Enalapril Maleato', 'Metformina Clorhidrato']);
  });

  it('deletes one’s own favourite, and answers 404 for someone else’s, which stays', async () => {
    const own = await saved({ kind: 'item', name: 'Para borrar', items: [enalaprilLine] });
    const others = await saved({ kind: 'item', name: 'Ajeno', items: [enalaprilLine] }, otherDoctor);

    const refused = await remove(others.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json<ApiError>().message).toBe(messages.favourites.notFound);
    expect((await listOf(otherDoctor)).map((favourite) => favourite.id)).toContain(others.id);

    const removed = await remove(own.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: messages.favourites.removed });
    expect((await listOf(doctor)).map((favourite) => favourite.id)).not.toContain(own.id);
    expect((await remove(own.id)).statusCode).toBe(404);
  });

  it.each([
    ['a line of two medicines', { kind: 'item', name: 'Dos', items: [enalaprilLine, enalaprilLine] }, 'body.items', messages.favourites.oneItem],
    ['no medicine', { kind: 'prescription', name: 'Vacía', items: [] }, 'body.items', messages.prescriptions.itemsRequired],
    ['four medicines', { kind: 'prescription', name: 'Cuatro', items: Array(4).fill(enalaprilLine) }, 'body.items', messages.prescriptions.itemsMax],
    ['a blank name', { kind: 'item', name: '  ', items: [enalaprilLine] }, 'body.name', messages.common.required],
    ['a quantity of 11', { kind: 'item', name: 'Once', items: [{ ...enalaprilLine, quantity: 11 }] }, 'body.items.0.quantity', messages.prescriptions.quantityInvalid],
  ] as const)('refuses %s', async (_case, payload, field, message) => {
    const response = await save(payload as FavouriteInput);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiError>().fields).toContainEqual({ field, message });
  });

  it(`keeps at most ${maxFavouritesPerDoctor} favourites a doctor, with a Spanish message`, async () => {
    const userId = (await createPrescribingDoctor(test.app)).id;
    const headers = await authorizationFor(test.app, userId);
    await test.app.db.insert(favourites).values(Array.from({ length: maxFavouritesPerDoctor }, (_, index) => ({
      userId, kind: 'item' as const, name: `Favorito ${index}`, items: [MedicationItemInputSchema.parse(enalaprilLine)],
    })));

    const response = await save({ kind: 'item', name: 'Uno más', items: [enalaprilLine] }, headers);

    expect(response.statusCode).toBe(409);
    expect(response.json<ApiError>()).toMatchObject({ message: messages.favourites.full, errorCode: 'favouritesFull' });
    expect(await listOf(headers)).toHaveLength(maxFavouritesPerDoctor);
  });

  it('keeps the maximum when 50 saves arrive at once: the last free places go to five of them', async () => {
    const userId = (await createPrescribingDoctor(test.app)).id;
    const headers = await authorizationFor(test.app, userId);
    await test.app.db.insert(favourites).values(Array.from({ length: maxFavouritesPerDoctor - 5 }, (_, index) => ({
      userId, kind: 'item' as const, name: `Favorito ${index}`, items: [MedicationItemInputSchema.parse(enalaprilLine)],
    })));

    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => (
      save({ kind: 'item', name: `A la vez ${index}`, items: [enalaprilLine] }, headers)
    )));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(await test.app.db.$count(favourites, eq(favourites.userId, userId))).toBe(maxFavouritesPerDoctor);
  });

  it('is for those who may prescribe: a pharmacist is refused, a visitor is asked to sign in', async () => {
    const pharmacist = await authorizationFor(test.app, (await createUser(test.app, { roles: ['pharmacy'] })).id);
    expect((await test.app.inject({ method: 'GET', url: '/api/favourites', headers: pharmacist })).statusCode).toBe(403);
    expect((await save({ kind: 'item', name: 'No', items: [enalaprilLine] }, pharmacist)).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/favourites' })).statusCode).toBe(401);
  });
});
