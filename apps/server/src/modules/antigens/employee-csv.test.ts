import { messages, type Employee } from '@receta/domain';
import { describe, expect, it } from 'vitest';
import { employeesCsv, isoDateOf, parseCsv, parseEmployeeCsv } from './employee-csv.ts';

const header = 'apellido;nombre;dni;fecha_nacimiento;email;telefono;puesto';

describe('parseCsv', () => {
  it('reads quoted cells with separators, doubled quotes and line breaks, and numbers each record by its first line', () => {
    const text = 'a;b\r\n"x;1";"dijo ""hola"""\n"dos\nlíneas";z\n';
    expect(parseCsv(text, ';')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'dijo "hola"'] },
      { line: 3, cells: ['dos\nlíneas', 'z'] },
    ]);
  });

  it('skips the blank rows a spreadsheet leaves, but keeps counting lines', () => {
    expect(parseCsv('a,b\n,\n\nc,d', ',')).toEqual([{ line: 1, cells: ['a', 'b'] }, { line: 4, cells: ['c', 'd'] }]);
  });

  it.each([
    ['a quote left open', 'a;"b\n'],
    ['text after a closing quote', 'a;"b"c\n'],
  ])('refuses %s', (_case, text) => {
    expect(() => parseCsv(text, ';')).toThrow(messages.employees.csvInvalid);
  });
});

describe('parseEmployeeCsv', () => {
  it('takes a BOM, the columns in any order and "," as separator', () => {
    const text = '\uFEFFnombre,apellido,dni,fecha_nacimiento,email,telefono,puesto,ultimo_resultado\nAna,Paz,30123456,01/02/1990,,,,Negativo\n';
    expect(parseEmployeeCsv(Buffer.from(text))).toEqual([{
      line: 2,
      cells: {
        apellido: 'Paz', nombre: 'Ana', dni: '30123456', fecha_nacimiento: '01/02/1990', email: '', telefono: '', puesto: '',
      },
    }]);
  });

  it.each([
    ['a PNG image', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00])],
    ['Latin-1 text', Buffer.from(`${header}\nPeña;Ana;30123456;01/02/1990;;;\n`, 'latin1')],
    ['a header without the DNI', Buffer.from('apellido;nombre;fecha_nacimiento;email;telefono;puesto\n')],
    ['an empty file', Buffer.alloc(0)],
  ])('refuses %s as no CSV of employees', (_case, content) => {
    expect(() => parseEmployeeCsv(content)).toThrow(messages.employees.csvInvalid);
  });

  it('refuses more than 5000 rows', () => {
    const rows = Array.from({ length: 5001 }, (_row, index) => `Paz;Ana;${30_000_000 + index};01/02/1990;;;`);
    expect(() => parseEmployeeCsv(Buffer.from([header, ...rows].join('\n')))).toThrow(messages.employees.csvTooLarge);
  });
});

describe('isoDateOf', () => {
  it.each([
    ['21/03/1985', '1985-03-21'],
    ['1/2/1990', '1990-02-01'],
    ['1985-03-21', '1985-03-21'],
    ['marzo', 'marzo'],
  ])('reads %s as %s', (text, iso) => {
    expect(isoDateOf(text)).toBe(iso);
  });
});

describe('employeesCsv', () => {
  const employee: Employee = {
    id: 'e1', ownerId: 'o1', name: 'Ana; María', lastName: '=HYPERLINK("x")', dni: '30123456', birthDate: '1990-02-01',
    email: null, phone: '1145678901', position: null, lastResult: 'positive', lastTestedOn: '2026-01-10', createdAt: '',
  };

  it('writes a BOM, the columns, Argentine dates and the result in Spanish, quoting what needs it', () => {
    expect(employeesCsv([employee])).toBe('\uFEFFapellido;nombre;dni;fecha_nacimiento;email;telefono;puesto;ultimo_resultado;fecha_ultimo_test\r\n'
      + '"\'=HYPERLINK(""x"")";"Ana; María";30123456;01/02/1990;;1145678901;;Positivo;10/01/2026\r\n');
  });

  it('reads back as it was written, formulas included', () => {
    const [row] = parseEmployeeCsv(Buffer.from(employeesCsv([employee])));
    expect(row?.cells).toMatchObject({ apellido: '=HYPERLINK("x")', nombre: 'Ana; María', fecha_nacimiento: '01/02/1990' });
  });
});
