/**
 * The vademecum's words that lose their accent in ANMAT's and PAMI's lists, keyed by their
 * lower-case spelling there: how a prescription writes them.
 */
const accented = new Map(Object.entries({
  accion: 'acción',
  aplicacion: 'aplicación',
  bidon: 'bidón',
  blister: 'blíster',
  capsula: 'cápsula',
  capsulas: 'cápsulas',
  champu: 'champú',
  criogenico: 'criogénico',
  cutanea: 'cutánea',
  cutaneo: 'cutáneo',
  dermica: 'dérmica',
  dermico: 'dérmico',
  dia: 'día',
  dialisis: 'diálisis',
  disolucion: 'disolución',
  emulsion: 'emulsión',
  enterica: 'entérica',
  esteril: 'estéril',
  extemporanea: 'extemporánea',
  infusion: 'infusión',
  inhalacion: 'inhalación',
  inyeccion: 'inyección',
  liberacion: 'liberación',
  locion: 'loción',
  metalico: 'metálico',
  microgranulos: 'microgránulos',
  nebulizacion: 'nebulización',
  oftalmica: 'oftálmica',
  oftalmico: 'oftálmico',
  otica: 'ótica',
  oticas: 'óticas',
  ovulo: 'óvulo',
  ovulos: 'óvulos',
  perfusion: 'perfusión',
  preparacion: 'preparación',
  solucion: 'solución',
  subcutanea: 'subcutánea',
  subcutaneo: 'subcutáneo',
  suspension: 'suspensión',
  terapeutico: 'terapéutico',
  topica: 'tópica',
  topico: 'tópico',
  transdermico: 'transdérmico',
  unguento: 'ungüento',
  via: 'vía',
}));

/** Units and abbreviations whose capitals carry meaning: international units, milliequivalents. */
const cased = new Map(Object.entries({
  ui: 'UI', mui: 'mUI', kui: 'kUI', u: 'U', meq: 'mEq', ufc: 'UFC', l: 'L', iv: 'IV', im: 'IM', sc: 'SC',
}));

/**
 * A strength, a pharmaceutical form or a presentation as a prescription writes it, from the
 * vademecum's capitals ('500 Mg', 'BLISTER POR 21 UNIDADES'): in lower case but for the units
 * that need capitals, with the accents the lists leave out ('500 mg', 'blíster por 21
 * unidades'), and a word said once where it was repeated ('Comprimido Comprimido Recubierto').
 */
export function medicineText(text: string): string {
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const normal = word.replace(/\p{L}+/gu, (letters) => {
      const lower = letters.toLocaleLowerCase('es');
      return cased.get(lower) ?? accented.get(lower) ?? lower;
    });
    // Only words: '2 2 ml' may mean something; 'comprimido comprimido' never does.
    if (normal !== words.at(-1) || !/\p{L}/u.test(normal)) words.push(normal);
  }
  return words.join(' ');
}
