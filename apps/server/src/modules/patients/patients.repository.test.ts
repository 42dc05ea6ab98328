import { particularInsurerId } from '@receta/domain';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPatient, doctorInWorkspace, type DoctorInWorkspace } from '../../../test/factories/patients.ts';
import { testDatabaseUrl } from '../../../test/database.ts';
import { useTestApp } from '../../../test/helper.ts';
import { patients } from '../../db/schema/index.ts';
import {
  deletePatientsWithDrafts, findBuiltPatientsPage, findPatientsPage, findUsualPatientsPage, type PatientPageQuery,
} from './patients.repository.ts';

const test = useTestApp();
let clinic: DoctorInWorkspace;
let otherClinic: DoctorInWorkspace;
const clinicPatientIds: string[] = [];

// Shared last names, names and birth dates, so that every sort has ties for the next keys to break.
const people = [
  ['Ana', 'Acosta', '1950-01-01'], ['Ana', 'Acosta', '1970-03-03'], ['Beatriz', 'Acosta', '1950-01-01'],
  ['José', 'Núñez', '1990-05-05'], ['Ana', 'Nuñez Acosta', '1970-03-03'], ['Pedro', 'Zárate', '1950-01-01'],
  ['María José', 'Zárate', '2001-12-12'], ['Pedro', 'Zárate', '1990-05-05'], ['Lucía', 'Ábalos', '1962-08-30'],
  ['Lucía', 'Ferreyra', '1962-08-30'], ['Raúl', 'Ferreyra', '1985-07-07'], ['Carlos', 'Muñoz', '1985-07-07'],
  ['Elena', 'Munuera', '1962-08-30'],
] as const;

beforeAll(async () => {
  clinic = await doctorInWorkspace(test.app);
  otherClinic = await doctorInWorkspace(test.app);
  for (const [index, [name, lastName, dateOfBirth]] of people.entries()) {
    // Every other one without coverage: the insurer's left join with and without a match.
    const insurer = index % 2 === 0 ? {} : { insurerId: particularInsurerId };
    const patient = await createPatient(test.app, clinic.headers, { name, lastName, dateOfBirth, ...insurer });
    clinicPatientIds.push(patient.id);
    // The same people in another workspace, sorting among them wherever they would leak.
    await createPatient(test.app, otherClinic.headers, { name, lastName, dateOfBirth, ...insurer });
  }
});

const sorts = ['lastName', 'dni', 'dateOfBirth', 'createdAt'] as const satisfies PatientPageQuery['sort'][];

describe('a page of patients without search words', () => {
  it.each(sorts.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'by %s %s, is the page the general query builds, and only of the workspace',
    async (sort, order) => {
      const seen: string[] = [];
      // Pages of four, past the last one.
      for (let page = 1; page <= 4; page += 1) {
        const query = { page, pageSize: 4, sort, order };
        const prepared = await findUsualPatientsPage(test.app.db, clinic.workspaceId, query);
        expect(prepared).toEqual(await findBuiltPatientsPage(test.app.db, clinic.workspaceId, query));
        expect(prepared).toEqual(await findBuiltPatientsPage(test.app.db, [clinic.workspaceId], query));
        expect(prepared.total).toBe(people.length);
        expect(prepared.items.every((patient) => patient.workspaceId === clinic.workspaceId)).toBe(true);
        seen.push(...prepared.items.map((patient) => patient.id));
      }
      expect(seen.toSorted()).toEqual(clinicPatientIds.toSorted());
    },
  );

  it('by last name, is in Spanish alphabetical order: accented letters among the plain ones, ñ after n', async () => {
    const query = { page: 1, pageSize: 20, sort: 'lastName', order: 'asc' } as const;
    const { items } = await findPatientsPage(test.app.db, clinic.workspaceId, query);
    expect(items.map((patient) => `${patient.lastName}, ${patient.name}`)).toEqual([
      'Ábalos, Lucía', 'Acosta, Ana', 'Acosta, Ana', 'Acosta, Beatriz', 'Ferreyra, Lucía', 'Ferreyra, Raúl',
      'Munuera, Elena', 'Muñoz, Carlos', 'Núñez, José', 'Nuñez Acosta, Ana', 'Zárate, María José', 'Zárate, Pedro',
      'Zárate, Pedro',
    ]);
  });

  it('is read by the prepared statements for one workspace, and built for a search or several workspaces', async () => {
    const query = { page: 1, pageSize: 20, sort: 'lastName', order: 'asc' } as const;
    const usual = await findUsualPatientsPage(test.app.db, clinic.workspaceId, query);
    expect(await findPatientsPage(test.app.db, clinic.workspaceId, query)).toEqual(usual);
    expect(await findPatientsPage(test.app.db, clinic.workspaceId, { ...query, q: '  ' })).toEqual(usual);
    expect((await findPatientsPage(test.app.db, clinic.workspaceId, { ...query, q: 'zarate' })).total).toBe(3);
    const both = await findPatientsPage(test.app.db, [clinic.workspaceId, otherClinic.workspaceId], query);
    expect(both.total).toBe(2 * people.length);
  });

  it.skipIf(testDatabaseUrl())('runs on PGlite as named statements, parsed once', async () => {
    const query = { page: 2, pageSize: 3, sort: 'dateOfBirth', order: 'desc' } as const;
    await findPatientsPage(test.app.db, clinic.workspaceId, query);
    await findPatientsPage(test.app.db, otherClinic.workspaceId, query);
    const named = await test.app.db.select({ name: sql<string>`name` })
      .from(sql`pg_prepared_statements`)
      .where(sql`name in ('patients_page_by_date_of_birth_desc', 'patients_count')`);
    expect(named.map((statement) => statement.name).toSorted()).toEqual(['patients_count', 'patients_page_by_date_of_birth_desc']);
  });
});

describe("the workspace's count of patients, kept by the database", () => {
  async function countedAndKept(workspaceId: string) {
    const [counted] = await test.app.db.select({ count: count() })
      .from(patients)
      .where(eq(patients.workspaceId, workspaceId));
    const query = { page: 1, pageSize: 1, sort: 'lastName', order: 'asc' } as const;
    return { counted: counted!.count, kept: (await findUsualPatientsPage(test.app.db, workspaceId, query)).total };
  }

  it('follows patients inserted and deleted one or many at a time, and a patient moved to another workspace', async () => {
    const first = await doctorInWorkspace(test.app);
    const second = await doctorInWorkspace(test.app);
    expect(await countedAndKept(first.workspaceId)).toEqual({ counted: 0, kept: 0 });

    const inserted = await test.app.db.insert(patients)
      .values(Array.from({ length: 7 }, (_, index) => ({
        workspaceId: index < 5 ? first.workspaceId : second.workspaceId,
        name: 'Ana', lastName: 'Acosta', dni: String(30_000_000 + index), sex: 'F' as const,
        dateOfBirth: '1970-03-03', searchText: 'acosta ana',
      })))
      .returning({ id: patients.id });
    await createPatient(test.app, first.headers);
    expect(await countedAndKept(first.workspaceId)).toEqual({ counted: 6, kept: 6 });
    expect(await countedAndKept(second.workspaceId)).toEqual({ counted: 2, kept: 2 });

    await deletePatientsWithDrafts(test.app.db, [inserted[0]!.id, inserted[1]!.id, inserted[6]!.id]);
    expect(await countedAndKept(first.workspaceId)).toEqual({ counted: 4, kept: 4 });
    expect(await countedAndKept(second.workspaceId)).toEqual({ counted: 1, kept: 1 });

    await test.app.db.update(patients).set({ workspaceId: second.workspaceId }).where(eq(patients.id, inserted[2]!.id));
    expect(await countedAndKept(first.workspaceId)).toEqual({ counted: 3, kept: 3 });
    expect(await countedAndKept(second.workspaceId)).toEqual({ counted: 2, kept: 2 });
  });

  it('stays exact when patients are added and removed through the API all at once', async () => {
    const clinicAtOnce = await doctorInWorkspace(test.app);
    const remove = (id: string) => test.app.inject({
      method: 'DELETE', url: '/api/patients', headers: clinicAtOnce.headers, payload: { ids: [id] },
    });
    const first = await Promise.all(Array.from({ length: 30 }, () => createPatient(test.app, clinicAtOnce.headers)));
    const [removals] = await Promise.all([
      Promise.all(first.slice(0, 15).map((patient) => remove(patient.id))),
      Promise.all(Array.from({ length: 15 }, () => createPatient(test.app, clinicAtOnce.headers))),
    ]);
    expect(removals.map((response) => response.statusCode)).toEqual(Array(15).fill(200));
    expect(await countedAndKept(clinicAtOnce.workspaceId)).toEqual({ counted: 30, kept: 30 });
  });
});
