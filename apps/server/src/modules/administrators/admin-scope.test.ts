import { randomUUID } from 'node:crypto';
import type { AdministratorPage, MedicalPage, PendingUserPage } from '@receta/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedDoctor } from '../../../test/factories/approved-doctors.ts';
import { registerDoctor } from '../../../test/factories/doctors.ts';
import { medicalInput } from '../../../test/factories/medicals.ts';
import { authorizationFor, createUser, superadminId } from '../../../test/factories/users.ts';
import { createWorkspace, inWorkspace } from '../../../test/factories/workspaces.ts';
import { testAdmin } from '../../../test/fixtures.ts';
import { useTestApp } from '../../../test/helper.ts';
import { workspaceMembers } from '../../db/schema/index.ts';
import { fileLocation, findAttachedFiles } from '../../platform/files/file-store.ts';

const test = useTestApp();

/**
 * Who calls: the superadmin, an administrator of the target's clinic, an administrator of
 * another clinic, and a doctor of the target's clinic.
 */
const actors = ['superadmin', 'same clinic', 'other clinic', 'doctor'] as const;
type Actor = (typeof actors)[number];

/** An answer's status, or for a list whether the target is on it. */
type Outcome = number | 'listed' | 'unlisted';

let clinicId: string;
const actorIds = {} as Record<Actor, string>;

beforeAll(async () => {
  actorIds.superadmin = await superadminId(test.app, testAdmin.email);
  actorIds['same clinic'] = (await createUser(test.app, { roles: ['fds.admin'] })).id;
  actorIds['other clinic'] = (await createUser(test.app, { roles: ['fds.admin'] })).id;
  actorIds.doctor = (await createApprovedDoctor(test.app)).id;
  clinicId = (await createWorkspace(test.app, { memberIds: [actorIds['same clinic'], actorIds.doctor] })).id;
  await createWorkspace(test.app, { memberIds: [actorIds['other clinic']] });
});

/** Makes the users members of the clinic of the table's targets. */
async function joinClinic(...userIds: string[]): Promise<void> {
  await test.app.db.insert(workspaceMembers).values(userIds.map((userId) => ({ workspaceId: clinicId, userId })));
}

async function providerOfClinic(status: 'active' | 'pending_approval' = 'active'): Promise<{ id: string; email: string }> {
  const provider = await createUser(test.app, { roles: ['fds.provider'], status });
  await joinClinic(provider.id);
  return provider;
}

async function doctorOfClinic(): Promise<{ id: string; email: string }> {
  const doctor = await createApprovedDoctor(test.app);
  await joinClinic(doctor.id);
  return doctor;
}

function outcomeOf(response: LightMyRequestResponse, isListed?: (body: unknown) => boolean): Outcome {
  if (response.statusCode !== 200 || !isListed) return response.statusCode;
  return isListed(response.json()) ? 'listed' : 'unlisted';
}

/** The body of `PUT /api/medicals/{id}` with a new licence number. */
function medicalUpdate() {
  const { phoneNumber, address, apartment, district, province, specialtyId, professionCode } = medicalInput();
  return {
    phoneNumber, address, apartment, district, province, specialtyId, professionCode,
    jurisdictionCode: 'MN', doctorEnrollment: '765432',
  };
}

interface Row {
  route: string;
  expected: [superadmin: Outcome, sameClinic: Outcome, otherClinic: Outcome, doctor: Outcome];
  /** Sets up a fresh target and calls the route on it with these headers. */
  call: (headers: Record<string, string>) => Promise<Outcome>;
}

function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return test.app.inject(options);
}

const table: Row[] = [
  {
    route: 'GET /api/administrators (a provider of the clinic)',
    expected: ['listed', 'listed', 'unlisted', 403],
    call: async (headers) => {
      const { email } = await providerOfClinic();
      return outcomeOf(await inject({ url: `/api/administrators?q=${email}`, headers }),
        (page) => (page as AdministratorPage).items.some((item) => item.email === email));
    },
  },
  {
    route: 'GET /api/administrators/{id}',
    expected: [200, 200, 404, 403],
    call: async (headers) => outcomeOf(await inject({ url: `/api/administrators/${(await providerOfClinic()).id}`, headers })),
  },
  {
    route: 'POST /api/administrators (in the clinic)',
    expected: [201, 201, 403, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: '/api/administrators', headers: { ...headers, ...inWorkspace(clinicId) },
      payload: { email: `nuevo-${randomUUID().slice(0, 8)}@alcance.test`, roles: ['fds.provider'], authorized: true },
    })),
  },
  {
    route: 'PUT /api/administrators/{id}',
    expected: [200, 200, 404, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'PUT', url: `/api/administrators/${(await providerOfClinic()).id}`, headers, payload: { displayName: 'Otro Nombre' },
    })),
  },
  {
    route: 'DELETE /api/administrators',
    expected: [200, 200, 404, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'DELETE', url: '/api/administrators', headers, payload: { ids: [(await providerOfClinic()).id] },
    })),
  },
  {
    route: 'DELETE /api/administrators (a pharmacy, which belongs to no clinic)',
    expected: [200, 404, 404, 403],
    call: async (headers) => {
      const pharmacy = await createUser(test.app, { roles: ['pharmacy'] });
      return outcomeOf(await inject({ method: 'DELETE', url: '/api/administrators', headers, payload: { ids: [pharmacy.id] } }));
    },
  },
  {
    route: 'GET /api/users/not-authorized (a provider of the clinic)',
    expected: ['listed', 'listed', 'unlisted', 403],
    call: async (headers) => {
      const { id } = await providerOfClinic('pending_approval');
      return outcomeOf(await inject({ url: '/api/users/not-authorized?pageSize=100', headers }),
        (page) => (page as PendingUserPage).items.some((item) => item.id === id));
    },
  },
  {
    route: 'GET /api/users/not-authorized (a doctor waiting for approval)',
    expected: ['listed', 'unlisted', 'unlisted', 403],
    call: async (headers) => {
      const { id } = await registerDoctor(test.app);
      return outcomeOf(await inject({ url: '/api/users/not-authorized?pageSize=100', headers }),
        (page) => (page as PendingUserPage).items.some((item) => item.id === id));
    },
  },
  {
    route: 'POST /api/users/{id}/authorize (a provider of the clinic)',
    expected: [200, 200, 404, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: `/api/users/${(await providerOfClinic('pending_approval')).id}/authorize`, headers,
    })),
  },
  {
    route: 'POST /api/users/{id}/authorize (a doctor)',
    expected: [200, 404, 404, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: `/api/users/${(await registerDoctor(test.app)).id}/authorize`, headers,
    })),
  },
  {
    route: 'POST /api/users/{id}/reject',
    expected: [200, 403, 403, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: `/api/users/${(await registerDoctor(test.app)).id}/reject`, headers,
      payload: { reason: 'La matrícula no coincide con el título.' },
    })),
  },
  {
    route: 'GET /api/medicals (a doctor of the clinic)',
    expected: ['listed', 'listed', 'unlisted', 403],
    call: async (headers) => {
      const { email } = await doctorOfClinic();
      return outcomeOf(await inject({ url: `/api/medicals?q=${email}`, headers }),
        (page) => (page as MedicalPage).items.some((item) => item.email === email));
    },
  },
  {
    route: 'GET /api/medicals/{id}',
    expected: [200, 200, 404, 403],
    call: async (headers) => outcomeOf(await inject({ url: `/api/medicals/${(await doctorOfClinic()).id}`, headers })),
  },
  {
    route: 'POST /api/medicals (in the clinic)',
    expected: [201, 201, 403, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: '/api/medicals', headers: { ...headers, ...inWorkspace(clinicId) }, payload: medicalInput(),
    })),
  },
  {
    route: 'PUT /api/medicals/{id}',
    expected: [200, 200, 404, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'PUT', url: `/api/medicals/${(await doctorOfClinic()).id}`, headers, payload: medicalUpdate(),
    })),
  },
  {
    route: 'POST /api/medicals/{id}/authorize (a doctor waiting for approval)',
    expected: [200, 403, 403, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: `/api/medicals/${(await registerDoctor(test.app)).id}/authorize`, headers,
    })),
  },
  {
    route: 'POST /api/medicals/{id}/suspend',
    expected: [200, 403, 403, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'POST', url: `/api/medicals/${(await doctorOfClinic()).id}/suspend`, headers, payload: {},
    })),
  },
  {
    route: 'DELETE /api/medicals',
    expected: [200, 403, 403, 403],
    call: async (headers) => outcomeOf(await inject({
      method: 'DELETE', url: '/api/medicals', headers, payload: { ids: [(await doctorOfClinic()).id] },
    })),
  },
  {
    route: 'GET /api/files/{id} (a document of a doctor of the clinic)',
    expected: [200, 200, 404, 404],
    call: async (headers) => {
      const doctor = await registerDoctor(test.app);
      await joinClinic(doctor.id);
      const [document] = await findAttachedFiles(test.app.db, [doctor.id]);
      return outcomeOf(await inject({ url: fileLocation(document!.id), headers }));
    },
  },
  {
    route: 'GET /api/workspaces/{id}',
    expected: [200, 403, 403, 403],
    call: async (headers) => outcomeOf(await inject({ url: `/api/workspaces/${clinicId}`, headers })),
  },
  {
    route: 'GET /api/outbox',
    expected: [200, 403, 403, 403],
    call: async (headers) => outcomeOf(await inject({ url: '/api/outbox', headers })),
  },
];

describe('administration routes reach the administrator\'s clinics only', () => {
  for (const row of table) {
    actors.forEach((actor, index) => {
      const expected = row.expected[index];
      it(`${row.route} as ${actor} → ${expected}`, async () => {
        expect(await row.call(await authorizationFor(test.app, actorIds[actor]))).toBe(expected);
      });
    });
  }
});
