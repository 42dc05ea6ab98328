import { addDays, displayStateOf, prescriptionStates, todayInArgentina } from '@receta/domain';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrescribingDoctor, createPrescription } from '../../../test/factories/prescriptions.ts';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { prescriptions } from '../../db/schema/index.ts';
import { displayStateSql } from './dashboard.repository.ts';

const test = useTestApp();
const today = todayInArgentina();
const ids: string[] = [];
let signedStartingTomorrow: string;

beforeAll(async () => {
  const doctorId = (await createPrescribingDoctor(test.app)).id;
  const workspaceId = (await createWorkspace(test.app, { memberIds: [doctorId] })).id;
  // Every stored state before, at both ends of and after its validity window.
  const starts = [addDays(today, 1), today, addDays(today, -29), addDays(today, -30)];
  for (const state of prescriptionStates) {
    for (const startDate of starts) {
      const issuedOn = startDate > today ? today : startDate;
      const options = { workspaceId, doctorUserId: doctorId, state, issuedOn, startDate };
      const { id } = await createPrescription(test.app, options);
      ids.push(id);
      if (state === 'signed' && startDate > today) signedStartingTomorrow = id;
    }
  }
});

describe('displayStateSql', () => {
  it('gives every prescription the state displayStateOf shows', async () => {
    const rows = await test.app.db.select({
      state: prescriptions.state,
      startDate: prescriptions.startDate,
      expiryDate: prescriptions.expiryDate,
      shown: displayStateSql(today),
    })
      .from(prescriptions)
      .where(inArray(prescriptions.id, ids));
    expect(rows).toHaveLength(prescriptionStates.length * 4);
    for (const row of rows) expect(row.shown, JSON.stringify(row)).toBe(displayStateOf(row, today));
    expect(new Set(rows.map((row) => row.shown)).size).toBe(7);
  });

  it('answers the state on the day it is given', async () => {
    const shownOn = (day: string) => test.app.db.select({ shown: displayStateSql(day) })
      .from(prescriptions)
      .where(eq(prescriptions.id, signedStartingTomorrow))
      .then(([row]) => row?.shown);
    expect(await shownOn(today)).toBe('pending');
    expect(await shownOn(addDays(today, 1))).toBe('valid');
    expect(await shownOn(addDays(today, 31))).toBe('expired');
  });
});
