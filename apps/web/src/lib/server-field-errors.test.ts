import type { ErrorCode } from '@receta/domain';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const form = { dni: '', insurer: null, email: '' };

function refusal(extra: { errorCode?: ErrorCode; fields?: { field: string; message: string }[] } = {}, message = 'No.') {
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

  it('places a conflict told by its code alone on its field, never one told by its message', () => {
    const conflicts = { dniTaken: 'dni' } as const;
    expect(serverFieldErrors(refusal({ errorCode: 'dniTaken' }, 'Ya existe.'), form, { conflicts }))
      .toEqual([{ field: 'dni', message: 'Ya existe.' }]);
    expect(serverFieldErrors(refusal({}, 'dniTaken'), form, { conflicts })).toEqual([]);
  });

  it('finds none in a failure that is no refusal of the server', () => {
    expect(serverFieldErrors(new Error('offline'), form, { conflicts: { dniTaken: 'dni' } })).toEqual([]);
    expect(serverFieldErrors(refusal(), form)).toEqual([]);
  });
});
