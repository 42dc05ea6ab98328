import { limits, product } from '@receta/domain';
import { paths } from '../../config/paths.ts';
import type { LegalDocument } from './legal-document.ts';

const support = { kind: 'email', address: product.supportEmail } as const;
const privacyPolicy = { kind: 'link', to: paths.privacyPolicy.getHref(), text: 'Política de privacidad' } as const;
const retentionDays = limits.unacceptedPatientDataRetentionDays;

export const termsContent: LegalDocument = {
  intro: [
    [
      `Estos términos y condiciones (los «Términos») regulan el acceso a la plataforma ${product.name} (la «Plataforma») y su uso para emitir, firmar, enviar, consultar y dispensar recetas electrónicas en la República Argentina. La Plataforma es provista por ${product.provider} (el «Proveedor»).`,
    ],
    [
      'Al registrarse, ingresar o utilizar la Plataforma, usted declara haber leído y aceptado estos Términos y la ',
      privacyPolicy,
      ', que forma parte de ellos. Si no está de acuerdo con alguno de sus puntos, no utilice la Plataforma.',
    ],
  ],
  sections: [
    {
      heading: '1. Definiciones',
      blocks: [
        {
          list: [
            '«Profesional»: el médico u otro profesional de la salud habilitado para prescribir, con matrícula nacional (MN) o provincial (MP) vigente, cuya cuenta fue aprobada por un moderador de la Plataforma.',
            '«Paciente»: la persona a cuyo nombre se emite una receta y que la recibe a través de un enlace personal.',
            '«Receta»: la prescripción emitida por un Profesional en la Plataforma y firmada por él, en los términos de la Ley 27.553 de Recetas Electrónicas o Digitales.',
            '«Usuario»: toda persona que accede a la Plataforma, sea Profesional, Paciente, farmacia, administrador u otro usuario autorizado.',
            '«Integración»: una aplicación de un tercero a la que el Profesional autoriza a actuar en su nombre dentro de los permisos que él mismo aprueba.',
          ],
        },
      ],
    },
    {
      heading: '2. Quiénes pueden emitir recetas',
      blocks: [
        'Solo los Profesionales autorizados, con matrícula vigente, pueden emitir recetas en la Plataforma. Antes de aprobar una cuenta, un moderador verifica la identidad, la matrícula y la documentación presentadas al registrarse. El Profesional debe mantener sus datos actualizados e informar de inmediato cualquier suspensión, inhabilitación o baja de su matrícula; desde ese momento no puede emitir recetas.',
        'La cuenta es personal e intransferible. Cada receta se firma con un PIN de cuatro dígitos que solo conoce el Profesional. El Profesional debe mantener en secreto su contraseña y su PIN, no compartirlos con nadie, incluido el personal del consultorio, y solicitar un PIN nuevo si sospecha que otra persona lo conoce. Toda receta firmada con su PIN se considera emitida por él.',
        'Las firmas que se aplican en la Plataforma son firmas electrónicas, hechas con certificados que emite la propia Plataforma; no son firmas digitales, que requieren un certificado de un certificador licenciado (Ley 25.506 y Decreto 98/2023). Las recetas se rigen por la Ley 27.553 y su reglamentación.',
      ],
    },
    {
      heading: '3. Responsabilidad del Profesional',
      blocks: [
        'El Profesional es el único responsable de las recetas que emite. En particular, se compromete a:',
        {
          list: [
            'verificar la identidad del Paciente antes de emitir una receta, con su documento nacional de identidad, y comprobar que los datos cargados (nombre, DNI, fecha de nacimiento, obra social o prepaga y número de afiliado) sean correctos;',
            'decidir el diagnóstico, los medicamentos, las dosis y las indicaciones según su criterio profesional; la Plataforma no revisa el contenido clínico de las recetas ni reemplaza ese criterio;',
            'respetar el secreto profesional y los derechos del Paciente reconocidos por la Ley 26.529 de Derechos del Paciente en su Relación con los Profesionales e Instituciones de la Salud;',
            'cargar únicamente los datos del Paciente que sean necesarios para la receta y tratarlos conforme a la Ley 25.326 de Protección de los Datos Personales;',
            'cumplir las demás normas que regulan el ejercicio de su profesión y la prescripción de medicamentos.',
          ],
        },
      ],
    },
    {
      heading: '4. Recetas y Pacientes',
      blocks: [
        'Una vez firmada la receta, el Paciente recibe un enlace personal por correo electrónico o por teléfono. Para abrir la receta, el Paciente debe aceptar estos Términos y la Política de privacidad. Aceptados, puede verla y descargarla tantas veces como necesite mientras la receta esté vigente. Cada apertura del enlace queda registrada.',
        `Si el Paciente no acepta estos Términos y la Política de privacidad, los datos que el Profesional ingresó sobre él se eliminan dentro de los ${retentionDays} días posteriores al envío del primer enlace, junto con las recetas que no llegaron a entregarse. Solo se conserva un registro anónimo de la operación (fechas y Profesional emisor) con fines de auditoría. Las recetas que una farmacia ya dispensó se conservan, porque constituyen el registro legal de la dispensa.`,
        'Cada receta indica su período de validez. Vencida o anulada, no puede dispensarse. Las farmacias pueden comprobar la autenticidad de una receta mediante su código QR.',
      ],
    },
    {
      heading: '5. Integraciones con otras aplicaciones',
      blocks: [
        'El Profesional puede autorizar a aplicaciones de terceros a consultar sus datos, preparar recetas o firmar documentos en su nombre. Antes de autorizarlas, la Plataforma le muestra qué permisos solicita cada aplicación, y cada firma requiere que confirme la operación con su PIN. El Profesional puede revocar esas autorizaciones en cualquier momento. El Proveedor no es responsable del funcionamiento de las aplicaciones de terceros ni del uso que hagan de los datos que el Profesional les permita consultar.',
      ],
    },
    {
      heading: '6. Uso permitido',
      blocks: [
        'Los Usuarios se comprometen a usar la Plataforma solo para los fines previstos y de acuerdo con la ley. Está prohibido, entre otras conductas:',
        {
          list: [
            'suministrar datos falsos o de otra persona, o usar la cuenta de otro Usuario;',
            'emitir recetas sin un acto médico que las respalde o para fines distintos de la atención del Paciente;',
            'intentar acceder a información de otros Usuarios, eludir las medidas de seguridad o interferir en el funcionamiento de la Plataforma;',
            'copiar, modificar o explotar comercialmente la Plataforma sin autorización del Proveedor.',
          ],
        },
      ],
    },
    {
      heading: '7. Suspensión y baja de la cuenta',
      blocks: [
        [
          'Todo Usuario puede solicitar en cualquier momento la suspensión o la baja de su cuenta escribiendo a ',
          support,
          '. Las recetas ya emitidas y los registros que la ley obliga a conservar se mantienen durante los plazos legales, aun después de la baja.',
        ],
        'El Proveedor puede suspender o dar de baja una cuenta cuando el Usuario incumpla estos Términos, cuando la matrícula del Profesional deje de estar vigente o cuando exista un riesgo para la seguridad de los Pacientes o de la Plataforma. En esos casos informará al Usuario el motivo por correo electrónico.',
      ],
    },
    {
      heading: '8. Disponibilidad y responsabilidad del Proveedor',
      blocks: [
        'El Proveedor procura que la Plataforma funcione de manera continua y segura, pero puede interrumpirla por mantenimiento, actualizaciones o causas ajenas a su control. En lo posible, avisará con anticipación las interrupciones programadas.',
        'El Proveedor no es responsable de las decisiones clínicas de los Profesionales, del contenido de las recetas, de los datos cargados con errores por los Usuarios ni de los daños que resulten del uso indebido de una cuenta por no haber protegido la contraseña o el PIN.',
      ],
    },
    {
      heading: '9. Propiedad intelectual',
      blocks: [
        `El software, el diseño, las marcas y los contenidos de la Plataforma pertenecen a ${product.provider} o a sus licenciantes. El uso de la Plataforma no otorga al Usuario ningún derecho sobre ellos más allá del necesario para utilizarla conforme a estos Términos.`,
      ],
    },
    {
      heading: '10. Cambios en estos Términos',
      blocks: [
        'El Proveedor puede modificar estos Términos. La versión vigente se publica siempre en esta página con su fecha de actualización, y los cambios importantes se comunican por correo electrónico a los Usuarios registrados. Si el Usuario continúa usando la Plataforma después de la entrada en vigor de los cambios, se entiende que los acepta.',
      ],
    },
    {
      heading: '11. Ley aplicable y jurisdicción',
      blocks: [
        'Estos Términos se rigen por las leyes de la República Argentina. Cualquier controversia sobre su interpretación o cumplimiento se someterá a los tribunales ordinarios de la Ciudad Autónoma de Buenos Aires, sin perjuicio de las normas de protección de los consumidores que resulten aplicables.',
      ],
    },
    {
      heading: '12. Contacto',
      blocks: [
        ['Para consultas sobre estos Términos, escríbanos a ', support, '.'],
      ],
    },
  ],
};
