export const dispensing = {
  dispensed: '¡Prescripción dispensada!',
  delivered: '¡Entrega registrada!',
  performed: '¡Realización registrada!',
  notDispensed: '¡No se pudo dispensar la prescripción!',
  undone: '¡Dispensa anulada!',
  notDispensable: 'La prescripción no se puede dispensar: no está vigente.',
  quantityInvalid: 'La cantidad supera lo que queda por dispensar.',
  nothingToDispense: 'Elija al menos un medicamento para dispensar.',
  alreadyDispensed: 'Ese medicamento ya fue dispensado.',
  notUndoable: 'Solo la misma farmacia puede anular una dispensa, y en el mismo día.',
  codeInvalid: 'El código no es válido: son las 16 letras y números que figuran bajo el código QR, o los 41 dígitos de un CUIR.',
  notFound: 'No existe una receta con ese código.',
} as const;
