/**
 * The 24 jurisdictions of Argentina in the order and wording of spec section 9, with the
 * REFEPS acronym and code that the national registry of health professionals (REFEPS/SISA)
 * uses for the jurisdiction of a licence.
 */
export const provinces = [
  { name: 'Provincia de Buenos Aires', code: 'BUE', refepsCode: 2 },
  { name: 'CABA', code: 'CABA', refepsCode: 1 },
  { name: 'Catamarca', code: 'CAT', refepsCode: 3 },
  { name: 'Chaco', code: 'CHA', refepsCode: 4 },
  { name: 'Chubut', code: 'CHU', refepsCode: 5 },
  { name: 'Córdoba', code: 'CBA', refepsCode: 6 },
  { name: 'Corrientes', code: 'CTE', refepsCode: 7 },
  { name: 'Entre Ríos', code: 'ERI', refepsCode: 8 },
  { name: 'Formosa', code: 'FOR', refepsCode: 9 },
  { name: 'Jujuy', code: 'JUY', refepsCode: 10 },
  { name: 'La Pampa', code: 'LPA', refepsCode: 11 },
  { name: 'La Rioja', code: 'LRJ', refepsCode: 12 },
  { name: 'Mendoza', code: 'MZA', refepsCode: 13 },
  { name: 'Misiones', code: 'MIS', refepsCode: 14 },
  { name: 'Neuquén', code: 'NQN', refepsCode: 15 },
  { name: 'Río Negro', code: 'RNG', refepsCode: 16 },
  { name: 'Salta', code: 'SAL', refepsCode: 17 },
  { name: 'San Juan', code: 'SJU', refepsCode: 18 },
  { name: 'San Luis', code: 'SLU', refepsCode: 19 },
  { name: 'Santa Cruz', code: 'SCR', refepsCode: 20 },
  { name: 'Santa Fe', code: 'SFE', refepsCode: 21 },
  { name: 'Santiago del Estero', code: 'SGO', refepsCode: 22 },
  { name: 'Tierra del Fuego', code: 'TDF', refepsCode: 23 },
  { name: 'Tucumán', code: 'TUC', refepsCode: 24 },
] as const;

export type ProvinceName = (typeof provinces)[number]['name'];
export const provinceNames = provinces.map((province) => province.name) as [ProvinceName, ...ProvinceName[]];

/** The jurisdiction of a Matrícula Nacional (MN), issued by the national Ministry of Health. */
export const nationalJurisdiction = { code: 'MN', name: 'Nacional (Ministerio de Salud de la Nación)' } as const;
