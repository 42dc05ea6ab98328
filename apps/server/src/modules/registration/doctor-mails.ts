import type { MailContent } from '../../platform/mail/compose-mail.ts';
import { tokenLifetimesMs } from '../../platform/user-tokens.ts';

const confirmationLinkDays = Math.round(tokenLifetimesMs.confirm_account / (24 * 60 * 60 * 1000));

/** To the doctor, right after the registration: what happens next. */
export function registrationReceivedMail(name: string): MailContent {
  return {
    subject: 'Recibimos su solicitud de registro',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      'Recibimos su solicitud para usar Receta Digital como profesional de la salud.',
      'Un moderador verificará sus datos y su documentación. Le avisaremos por este medio cuando su cuenta esté aprobada.',
      'Si usted no inició este registro, puede ignorar este mensaje.',
    ],
  };
}

/** To an approved doctor: the link to the page where they set their signing PIN. */
export function accountConfirmationMail(name: string, link: string): MailContent {
  return {
    subject: 'Su cuenta fue aprobada: establezca su PIN de firma',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      'Un moderador verificó sus datos y aprobó su cuenta de Receta Digital.',
      'Para terminar, establezca su PIN de firma de 4 números. Lo usará cada vez que firme una receta.',
    ],
    action: { label: 'Establecer mi PIN', url: link },
    note: `El enlace vence en ${confirmationLinkDays} días y puede usarse una sola vez. Si vence, puede pedir uno nuevo desde la página de confirmación.`,
  };
}

/** To a doctor whose request a moderator turned down, with the moderator's reason. */
export function registrationRejectedMail(name: string, reason: string): MailContent {
  return {
    subject: 'Su solicitud de registro fue rechazada',
    greeting: `Hola, ${name}:`,
    paragraphs: [
      'Un moderador revisó su solicitud para usar Receta Digital y no pudo aprobarla.',
      `Motivo: ${reason}`,
      'Si cree que se trata de un error o quiere enviar nueva documentación, responda a nuestro equipo de soporte.',
    ],
  };
}
