import { roleSlugs, todayInArgentina } from '@receta/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  prescriptions, roles, sessions, userRoles, users, workspaceMembers, workspaces,
} from '../apps/server/src/db/schema/index.ts';
import { latencies, type Latencies } from './measure.ts';

/** A platform two years in: this many prescriptions, spread evenly over the days, clinics and doctors. */
const shape = {
  prescriptions: 100_000, days: 730, clinics: 10, doctorsPerClinic: 5, patientsPerClinic: 1_000,
} as const;

/**
 * How many times a point SELECT each request may take at p50 (docs/decisions/022): a dashboard
 * is a whole request of five grouped queries over the period's rows (a year of a doctor's
 * ~1,000 prescriptions, of a clinic's ~5,000, or of the platform's ~50,000 counted from an
 * index), never over the whole table. Seen here: about 35, 120 and 30 times.
 */
const dashboardBudgets = { own: 60, workspace: 200, admin: 100 } as const;

export type Headers = Record<string, string>;

/** The authorization header of a new session of the user, straight in the database. */
async function sessionHeaders(app: FastifyInstance, userId: string): Promise<Headers> {
  const [session] = await app.db.insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning({ id: sessions.id });
  return { authorization: `Bearer ${app.tokens.sign('access', { sub: userId, sid: session!.id }, 3600)}` };
}

/** A user with one role, signed in, straight in the database. */
async function signedIn(app: FastifyInstance, email: string, role: string): Promise<{ id: string; headers: Headers }> {
  const [user] = await app.db.insert(users)
    .values({ email, passwordHash: 'not used', displayName: email, status: 'active' })
    .returning({ id: users.id });
  const [roleRow] = await app.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, role));
  await app.db.insert(userRoles).values({ userId: user!.id, roleId: roleRow!.id, position: 0 });
  return { id: user!.id, headers: await sessionHeaders(app, user!.id) };
}

function uuidArray(ids: readonly string[]) {
  return sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
}

/**
 * Writes the platform in a few statements: clinics, their doctors and patients, then the
 * prescriptions with one or two medicines each, drawn from the real vademecum and CIE-10.
 * Prescription g is doctor g mod 50's, who works at clinic g mod 10 and writes for its
 * patients; its state, type and diagnosis vary with the doctor's count of prescriptions.
 */
export async function seedPlatform(app: FastifyInstance) {
  const clinics = await app.db.insert(workspaces)
    .values(Array.from({ length: shape.clinics }, (_, index) => ({ name: `Clínica ${index + 1}`, kind: 'clinic' as const })))
    .returning({ id: workspaces.id });
  const clinicIds = clinics.map((clinic) => clinic.id);
  const doctorCount = shape.clinics * shape.doctorsPerClinic;
  const doctors = [];
  for (let index = 0; index < doctorCount; index += 1) {
    const doctor = await signedIn(app, `medico-${index}@bench.test`, roleSlugs.medical);
    await app.db.insert(workspaceMembers).values({ workspaceId: clinicIds[index % shape.clinics]!, userId: doctor.id });
    doctors.push(doctor);
  }
  const patients = shape.clinics * shape.patientsPerClinic;
  await app.db.execute(sql`insert into patients (workspace_id, name, last_name, dni, sex, date_of_birth, search_text)
    select (${uuidArray(clinicIds)})[p % ${shape.clinics} + 1], 'Paciente', 'Número ' || p, (20000000 + p)::text,
      'F', date '1960-01-01' + p, 'numero ' || p || ' paciente ' || (20000000 + p)
    from generate_series(0, ${patients - 1}) as p`);
  const today = todayInArgentina();
  await app.db.execute(sql`with
    doctor_ids as (select ${uuidArray(doctors.map((doctor) => doctor.id))} as ids),
    codes as (select array_agg(code order by code) as codes from (select code from diagnoses where level = 4 order by code limit 40) as d)
    insert into prescriptions (workspace_id, doctor_user_id, type, state, series_id, series_position, series_length,
      issued_on, start_date, expiry_date, patient_id, patient_name, patient_last_name, patient_dni, patient_sex,
      patient_date_of_birth, diagnosis_code, diagnosis_description, prescriber, signed_at)
    select patient.workspace_id, doctor_ids.ids[g % ${doctorCount} + 1],
      case when g / ${doctorCount} % 5 = 0 then 'chronic' else 'classic' end,
      (array['draft', 'cancelled', 'dispensed', 'dispensed', 'partially_dispensed', 'signed', 'signed', 'signed', 'signed', 'signed'])[g / ${doctorCount} % 10 + 1],
      gen_random_uuid(), 1, 1,
      ${today}::date - (g % ${shape.days}), ${today}::date - (g % ${shape.days}), ${today}::date - (g % ${shape.days}) + 29,
      patient.id, patient.name, patient.last_name, patient.dni, patient.sex, patient.date_of_birth,
      diagnosis.code, diagnosis.description, '{"name": "Bench"}'::jsonb, now()
    from generate_series(0, ${shape.prescriptions - 1}) as g
      cross join doctor_ids
      cross join codes
      join patients as patient on patient.dni = (20000000 + (g * 7919 % ${shape.patientsPerClinic}) * ${shape.clinics} + g % ${shape.clinics})::text
      join diagnoses as diagnosis on diagnosis.code = codes.codes[g / ${doctorCount} % 40 + 1]`);
  await app.db.execute(sql`with
    chosen as (select array_agg(id order by id) as ids from (select id from medications where generic_name is not null order by id limit 60) as m)
    insert into prescription_items (prescription_id, position, medication_id, generic_name, presentation, quantity, dosage)
    select p.id, item.position, medication.id, medication.generic_name, 'Envase por 30', 1, '1 por día'
    from prescriptions as p
      cross join chosen
      cross join lateral (values (1), (2)) as item(position)
      join medications as medication on medication.id = chosen.ids[((p.number * item.position) % 60)::int + 1]
    where item.position = 1 or p.number % 3 = 0`);
  // As autovacuum would have done by then: statistics for the planner, and the visibility map
  // that lets a count be read from an index alone.
  await app.db.execute(sql`vacuum analyze`);
  return { clinicIds, doctors };
}

/**
 * The dashboards over 100,000 prescriptions, each request measured alone, against the
 * baseline of a point SELECT (one prescription by id) on the same database in the same run.
 */
export async function measureDashboards(app: FastifyInstance, adminEmail: string) {
  const { clinicIds, doctors } = await seedPlatform(app);
  const sample = await app.db.select({ id: prescriptions.id }).from(prescriptions).limit(200);
  const baseline = await latencies('point SELECT of a prescription by id', sample.map(({ id }) => async () => {
    await app.db.select({ number: prescriptions.number }).from(prescriptions).where(eq(prescriptions.id, id));
  }), { rounds: 5 });

  const clinicAdministrator = await signedIn(app, 'administrador@bench.test', roleSlugs.fdsAdmin);
  await app.db.insert(workspaceMembers).values({ workspaceId: clinicIds[0]!, userId: clinicAdministrator.id });
  const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail));
  const superadmin = await sessionHeaders(app, admin!.id);

  const request = (url: string, headers: Headers) => async () => {
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.body}`);
  };
  const inClinic = (headers: Headers, index: number) => ({ ...headers, 'x-workspace': clinicIds[index % shape.clinics]! });
  const measured: Array<{ measurement: Latencies; budget: number }> = [
    {
      measurement: await latencies(`GET /api/dashboard/medical, a doctor's own (${doctors.length} doctors)`,
        doctors.map((doctor, index) => request('/api/dashboard/medical', inClinic(doctor.headers, index))), { rounds: 2 }),
      budget: dashboardBudgets.own,
    },
    {
      measurement: await latencies("GET /api/dashboard/medical, a clinic's (index.prescription)",
        [request('/api/dashboard/medical', inClinic(clinicAdministrator.headers, 0))]),
      budget: dashboardBudgets.workspace,
    },
    {
      measurement: await latencies("GET /api/dashboard/admin, the platform's per day",
        [request('/api/dashboard/admin', superadmin)]),
      budget: dashboardBudgets.admin,
    },
  ];
  return { baseline, measured };
}
