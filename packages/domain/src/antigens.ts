import { z } from 'zod';
import { CuitSchema, DniSchema, pastDate, PhoneSchema, RegistrationEmailSchema } from './accounts.ts';
import { DeleteManyResultSchema, ListQuerySchema, pageOf } from './api.ts';
import * as messages from './messages/index.ts';
import { provinceNames } from './provinces.ts';
import { optionalText, requiredName, requiredText, textLimits, withoutControls } from './schema-helpers.ts';

const invalid = messages.common.invalidData;
const message = messages.antigens;

/**
 * An owner: an organisation (a company, a school, a care home) that has its people tested
 * with rapid antigen tests. Its user account manages its employees.
 */
export const OwnerInputSchema = z.object({
  name: requiredName(120, messages.input.tooLong),
  cuit: CuitSchema,
  address: requiredText(200, messages.input.tooLong),
  province: z.enum(provinceNames, messages.common.required),
  contactName: requiredName(120, messages.input.tooLong),
  email: RegistrationEmailSchema,
  phone: PhoneSchema,
});
export type OwnerInput = z.input<typeof OwnerInputSchema>;

export const OwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  cuit: z.string(),
  address: z.string(),
  province: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The owner's user account; null once it was removed. */
  userId: z.string().nullable(),
  employeeCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Owner = z.infer<typeof OwnerSchema>;
export const OwnerPageSchema = pageOf(OwnerSchema);
export type OwnerPage = z.infer<typeof OwnerPageSchema>;

export const OwnersQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['name', 'createdAt'], invalid).default('name'),
});
export type OwnersQuery = z.input<typeof OwnersQuerySchema>;

/** The result of a rapid antigen test. */
export const antigenResults = ['negative', 'positive', 'invalid'] as const;
export type AntigenResult = (typeof antigenResults)[number];
export const antigenResultLabels: Record<AntigenResult, string> = {
  negative: 'Negativo',
  positive: 'Positivo',
  invalid: 'Inválido',
};

// Blank is no value; anything else must pass the field's own check, so that its message (not
// a union's generic one) reaches the form and the import report.
const blankAsNull = z.string().trim().nullish().transform((text) => text || null);

export const EmployeeInputSchema = z.object({
  name: requiredName(80, messages.input.tooLong),
  lastName: requiredName(80, messages.input.tooLong),
  dni: DniSchema,
  birthDate: pastDate(message.birthDateInvalid),
  email: blankAsNull.pipe(RegistrationEmailSchema.nullable()),
  phone: blankAsNull.pipe(PhoneSchema.nullable()),
  position: optionalText(120, messages.input.tooLong),
});
export type EmployeeInput = z.input<typeof EmployeeInputSchema>;

export const EmployeeSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  lastName: z.string(),
  dni: z.string(),
  birthDate: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  lastResult: z.enum(antigenResults).nullable(),
  lastTestedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type Employee = z.infer<typeof EmployeeSchema>;
export const EmployeePageSchema = pageOf(EmployeeSchema);
export type EmployeePage = z.infer<typeof EmployeePageSchema>;

/**
 * `GET /api/employees`: an owner's own; an antigens administrator's of every owner, or of
 * `ownerId`. `lastResult=none` finds employees never tested.
 */
export const EmployeesQuerySchema = ListQuerySchema.extend({
  sort: z.enum(['lastName', 'dni', 'lastTestedOn', 'createdAt'], invalid).default('lastName'),
  lastResult: z.enum([...antigenResults, 'none'], invalid).optional(),
  ownerId: z.uuid(invalid).optional(),
});
export type EmployeesQuery = z.input<typeof EmployeesQuerySchema>;

export const AntigenTestInputSchema = z.object({
  testedOn: pastDate(message.testDateInvalid, '2020-01-01'),
  result: z.enum(antigenResults, messages.common.required),
  place: requiredText(200, messages.input.tooLong),
  /** The location of an uploaded certificate (the product's upload rules), or none. */
  certificate: withoutControls(z.string().trim().min(1).max(textLimits.line, messages.registration.attachmentInvalid))
    .nullish()
    .transform((location) => location ?? null),
});
export type AntigenTestInput = z.input<typeof AntigenTestInputSchema>;

export const AntigenTestSchema = z.object({
  id: z.string(),
  employeeId: z.string(),
  testedOn: z.string(),
  result: z.enum(antigenResults),
  place: z.string(),
  certificateUrl: z.string().nullable(),
  recordedBy: z.object({ id: z.string().nullable(), displayName: z.string() }),
  createdAt: z.string(),
});
export type AntigenTest = z.infer<typeof AntigenTestSchema>;

/** What an import did with each row of the CSV: its line number and why it was refused. */
export const EmployeeImportReportSchema = z.object({
  created: z.number().int().nonnegative(),
  refused: z.array(z.object({
    line: z.number().int().positive(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  })),
  message: z.string(),
});
export type EmployeeImportReport = z.infer<typeof EmployeeImportReportSchema>;

/** The CSV columns of an import and an export, in order (UTF-8, ';' or ',' separated). */
export const employeeCsvColumns = ['apellido', 'nombre', 'dni', 'fecha_nacimiento', 'email', 'telefono', 'puesto'] as const;

export const OwnersRemovedSchema = DeleteManyResultSchema;
export const EmployeesRemovedSchema = DeleteManyResultSchema;
