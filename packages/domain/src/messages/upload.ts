export const upload = {
  uploading: 'Subiendo archivo',
  invalidExtension: 'Formato inválido, por favor tenga en cuenta uno de los formatos permitidos.',
  uploadFail: 'Ha ocurrido un problema, por favor inténtelo más tarde.',
  tooLarge: 'El archivo supera el tamaño máximo de 5 MB.',
  fileMissing: 'Seleccione un archivo para subir.',
  oneFileOnly: 'Suba un archivo por vez.',
  malformed: 'El archivo no llegó completo. Vuelva a subirlo.',
} as const;
