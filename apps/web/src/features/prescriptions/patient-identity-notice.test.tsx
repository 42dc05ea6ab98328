import { messages, type Patient } from '@receta/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PatientIdentityNotice } from './patient-identity-notice.tsx';

const withoutCuil: Patient = {
  id: 'p1', name: 'Ana', lastName: 'Pérez', dni: '30123456', cuil: null, identityDocument: null, sex: 'F',
  dateOfBirth: '1985-03-15', insurer: null, affiliateNumber: null, email: null, phone: null, address: null, allergies: [],
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
};

/** The notice as the prescription form holds it: the chosen patient is replaced by the one saved. */
function Chosen({ initial }: { initial: Patient }) {
  const [patient, setPatient] = useState(initial);
  return (
    <>
      <p>{`CUIL elegido: ${patient.cuil ?? 'ninguno'}`}</p>
      <PatientIdentityNotice patient={patient} onCompleted={setPatient} />
    </>
  );
}

describe('patient identity notice', () => {
  it('asks to complete a patient saved without CUIL, and goes once the CUIL is saved', async () => {
    const completed = { ...withoutCuil, cuil: '27301234568' };
    const requests = stubApi({ 'PUT /api/patients/p1': () => completed });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <Chosen initial={withoutCuil} /> }]);

    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('A Ana Pérez le falta el CUIL');
    await user.click(within(notice).getByRole('button', { name: 'Completar datos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar los datos del paciente' });
    await user.click(within(dialog).getByRole('textbox', { name: /^CUIL/ }));
    await user.paste('27301234568');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.getByText('CUIL elegido: 27301234568')).toBeTruthy());
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ cuil: '27301234568' });
    expect(await screen.findByText(messages.patients.edited)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/le falta el CUIL/)).toBeNull());
  });

  it('says nothing of a patient with a CUIL or a foreign document', () => {
    stubApi({});
    renderRoutes([{
      path: '/',
      element: (
        <>
          <PatientIdentityNotice patient={{ ...withoutCuil, cuil: '27301234568' }} onCompleted={() => undefined} />
          <PatientIdentityNotice
            patient={{ ...withoutCuil, identityDocument: { type: 'PASAPORTE', number: 'AAB123456' } }}
            onCompleted={() => undefined}
          />
          <PatientIdentityNotice patient={null} onCompleted={() => undefined} />
        </>
      ),
    }]);
    expect(screen.queryByText(/le falta el CUIL/)).toBeNull();
  });
});
