export const owners = {
  notFound: '¡No existe tal dueño!',
  empty: '¡No hay dueños!',
  created: '¡Dueño creado! Le enviamos por correo electrónico el enlace para elegir su contraseña.',
  notCreated: '¡No se pudo crear el dueño!',
  edited: '¡Dueño editado!',
  notEdited: '¡No se pudo editar el dueño!',
  removed: '¡Dueños eliminados!',
  notRemoved: '¡No se pudieron eliminar los dueños!',
  cuitTaken: 'Ya existe un dueño con ese CUIT.',
  emailTaken: 'Ya existe una cuenta registrada con ese email.',
} as const;
