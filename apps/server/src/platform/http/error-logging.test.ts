import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../../test/factories/workspaces.ts';
import { useTestApp } from '../../../test/helper.ts';
import { patients } from '../../db/schema/index.ts';

interface UncheckedPatient {
  workspaceId: string;
  name: string;
  dni: string;
}

const secretName = 'Ana Secreta';
const secretDni = '30999888';
const lines: string[] = [];

/**
 * A route that writes a patient with no schema in front of it, as a gap in validation would:
 * what the database then refuses is what the log must not spill.
 */
function addUncheckedRoute(app: FastifyInstance): void {
  app.post('/test/unchecked-patients', async (request) => {
    const patient = request.body as UncheckedPatient;
    await app.db.insert(patients).values({
      ...patient, lastName: 'Pérez', sex: 'F', dateOfBirth: '1980-05-17', searchText: patient.name,
    });
    return { saved: true };
  });
}

const context = useTestApp({
  environment: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => { lines.push(line); } },
  extend: addUncheckedRoute,
});

interface LoggedError {
  code?: string;
  statement?: string;
  constraint?: string;
  message?: string;
}

function loggedErrors(): LoggedError[] {
  return lines.map((line) => JSON.parse(line) as { err?: LoggedError })
    .flatMap((entry) => (entry.err ? [entry.err] : []));
}

describe('the error handler', () => {
  beforeEach(() => {
    lines.length = 0;
  });

  it('answers 400 to a value the database refuses, and logs its code and statement without the values', async () => {
    const { app } = context;
    const workspace = await createWorkspace(app);
    const response = await app.inject({
      method: 'POST',
      url: '/test/unchecked-patients',
      payload: { workspaceId: workspace.id, name: `${secretName}\u0000`, dni: secretDni },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: 'Los datos enviados no son válidos.' });
    const logged = loggedErrors();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.code).toBe('22021');
    expect(logged[0]?.statement).toContain('insert into "patients"');
    expect(lines.join('\n')).not.toContain('Secreta');
    expect(lines.join('\n')).not.toContain(secretDni);
  });

  it('logs a 500 from the database by its code and constraint, without the row it quotes', async () => {
    const { app } = context;
    const workspace = await createWorkspace(app);
    const payload = { workspaceId: workspace.id, name: secretName, dni: secretDni };
    await app.inject({ method: 'POST', url: '/test/unchecked-patients', payload });
    const response = await app.inject({ method: 'POST', url: '/test/unchecked-patients', payload });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ message: 'Ocurrió un error inesperado. Inténtelo de nuevo más tarde.' });
    const [logged] = loggedErrors();
    expect(logged?.code).toBe('23505');
    expect(logged?.constraint).toBeTruthy();
    expect(logged?.statement).toContain('insert into "patients"');
    expect(lines.join('\n')).not.toContain('Secreta');
    expect(lines.join('\n')).not.toContain(secretDni);
  });
});
