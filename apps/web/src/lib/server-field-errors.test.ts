import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const form = { dni: '', insurer: null, email: '' };

function refusal(extra: { errorCode?: string; fields?: { field: string; message: string }[] } = {}, message = 'No.') {
  return new ApiRequestError({ statusCode: 409, error: 'Conflict', message, ...extra });
}

describe('server field errors', () => {
  it('names the form fields of the body fields the server names, and leaves out the rest', () => {
    const error = refusal({ fields: [
      { field: 'body.dni', message: 'DNI inválido.' },
      { field: 'body.attachments.dniFront', message: 'Falta el frente.' },
      { field: 'query.page', message: 'Página inválida.' },
    ] });
    expect(serverFieldErrors(error, form)).toEqual([{ field: 'dni', message: 'DNI inválido.' }]);
  });

  it('takes a server name the form calls otherwise', () => {
    const error = refusal({ fields: [{ field: 'body.insurerId', message: 'No existe.' }] });
    expect(serverFieldErrors(error, form, { renamed: { insurerId: 'insurer' } })).toEqual([{ field: 'insurer', message: 'No existe.' }]);
  });

  it('places a conflict told by its code or by its message alone on its field', () => {
    const conflicts = { dniTaken: 'dni', 'Ese email ya está en uso.': 'email' } as const;
    expect(serverFieldErrors(refusal({ errorCode: 'dniTaken' }, 'Ya existe.'), form, { conflicts }))
      .toEqual([{ field: 'dni', message: 'Ya existe.' }]);
    expect(serverFieldErrors(refusal({}, 'Ese email ya está en uso.'), form, { conflicts }))
      .toEqual([{ field: 'email', message: 'Ese email ya está en uso.' }]);
  });

  it('finds none in a failure that is no refusal of the server', () => {
    expect(serverFieldErrors(new Error('offline'), form, { conflicts: { offline: 'dni' } })).toEqual([]);
    expect(serverFieldErrors(refusal(), form)).toEqual([]);
  });
});
