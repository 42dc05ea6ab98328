import { limits, product } from '@receta/domain';
import { paths } from '../../config/paths.ts';
import type { LegalDocument } from './legal-document.ts';

const support = { kind: 'email', address: product.supportEmail } as const;
const terms = { kind: 'link', to: paths.termsAndConditions.getHref(), text: 'Términos y condiciones' } as const;
const retentionDays = limits.unacceptedPatientDataRetentionDays;

export const privacyContent: LegalDocument = {
  intro: [
    `Esta política explica qué datos personales trata ${product.provider} (el «Proveedor») a través de la plataforma ${product.name} (la «Plataforma»), para qué los usa, con quién los comparte y cómo puede usted ejercer sus derechos, de acuerdo con la Ley 25.326 de Protección de los Datos Personales y sus normas reglamentarias.`,
    ['Los términos definidos en los ', terms, ' (Profesional, Paciente, Receta, Usuario) tienen aquí el mismo significado.'],
  ],
  sections: [
    {
      heading: '1. Responsable del tratamiento',
      blocks: [
        [
          `El responsable de las bases de datos de la Plataforma es ${product.provider}. Puede comunicarse con nosotros por cualquier tema relacionado con sus datos personales escribiendo a `,
          support,
          '.',
        ],
      ],
    },
    {
      heading: '2. Datos de los Profesionales',
      blocks: [
        'Cuando un Profesional se registra y usa la Plataforma, recogemos los siguientes datos:',
        {
          list: [
            'nombre y apellido completos;',
            'correo electrónico;',
            'fecha de nacimiento;',
            'números de teléfono;',
            'CUIT;',
            'identificación profesional, especialidad y profesión;',
            'empleador y cargo;',
            'número de matrícula y jurisdicción que la otorgó;',
            'localidad, domicilio y código postal;',
            'datos biométricos, como la fotografía de su rostro que figura en su documento de identidad, usados para verificar su identidad;',
            'la documentación que adjunta (documento nacional de identidad, título y certificado de matrícula).',
          ],
        },
      ],
    },
    {
      heading: '3. Datos de los Pacientes',
      blocks: [
        'Los datos de los Pacientes los carga el Profesional que los atiende, para emitir sus recetas:',
        {
          list: [
            'nombre y apellido completos;',
            'sexo;',
            'documento nacional de identidad (DNI);',
            'fecha de nacimiento;',
            'obra social o prepaga y número de afiliado;',
            'localidad y código postal;',
            'correo electrónico o teléfono, para enviarle el enlace de la receta.',
          ],
        },
        'Además, cada receta contiene datos de salud: el diagnóstico (codificado según la CIE-10), los síntomas que el Profesional decida describir, los medicamentos y las indicaciones. Son datos sensibles en los términos de la Ley 25.326. Los profesionales de la salud pueden tratarlos respecto de sus pacientes, respetando el secreto profesional (artículo 8 de esa ley), y en la Plataforma solo acceden a ellos el Profesional que emitió la receta, el Paciente, la farmacia que la dispensa y los Usuarios de su institución autorizados a consultar recetas.',
      ],
    },
    {
      heading: '4. Datos de uso',
      blocks: [
        'Registramos la actividad en la Plataforma (fecha y hora, página visitada, acciones realizadas y aperturas de los enlaces de las recetas) para mantener su seguridad y contar con un registro de auditoría. El navegador guarda localmente la sesión iniciada y el consultorio elegido, para que no deba elegirlos en cada visita. No usamos cookies publicitarias.',
      ],
    },
    {
      heading: '5. Para qué usamos los datos',
      blocks: [
        {
          list: [
            'Dar validez legal a las recetas: emitirlas, firmarlas, enviarlas al Paciente, permitir su dispensa y conservarlas según la ley.',
            'Verificar la identidad de los Profesionales y sus matrículas, y la de los Pacientes que reciben las recetas.',
            'Elaborar métricas de uso de la Plataforma y métricas de salud.',
            'Enviar comunicaciones comerciales y de marketing sobre la Plataforma y sus servicios. Puede pedir en cualquier momento que dejemos de enviárselas.',
            'Procesos de reclutamiento y selección de profesionales.',
            'Elaborar estadísticas, que solo se publican o comparten de forma disociada, es decir, sin que permitan identificar a ninguna persona.',
          ],
        },
      ],
    },
    {
      heading: '6. Con quién compartimos los datos',
      blocks: [
        'Podemos compartir datos personales con terceros en la medida necesaria para las finalidades anteriores, en particular con:',
        {
          list: [
            'las farmacias que dispensan las recetas;',
            'las obras sociales, prepagas y demás financiadores de la cobertura del Paciente;',
            'las aplicaciones a las que el Profesional autorizó a actuar en su nombre, dentro de los permisos que él aprobó;',
            'los proveedores que nos prestan servicios tecnológicos (alojamiento, envío de correos y mensajes), que solo pueden usar los datos para prestarnos esos servicios;',
            'las autoridades sanitarias, judiciales o administrativas, cuando la ley lo exija.',
          ],
        },
      ],
    },
    {
      heading: '7. Transferencia internacional',
      blocks: [
        'Los datos pueden almacenarse o procesarse en servidores ubicados fuera de la República Argentina. Cuando el país de destino no ofrezca un nivel de protección adecuado, la transferencia se hace con las garantías que exigen el artículo 12 de la Ley 25.326 y las normas de la autoridad de control, como cláusulas contractuales que obligan al receptor a proteger los datos.',
      ],
    },
    {
      heading: '8. Cuánto tiempo conservamos los datos',
      blocks: [
        'Conservamos los datos de los Profesionales mientras su cuenta esté activa y, después, durante los plazos que exige la ley para las recetas emitidas.',
        `Si el Paciente no acepta los Términos y condiciones y esta Política de privacidad, los datos que el Profesional ingresó sobre él se eliminan dentro de los ${retentionDays} días posteriores al envío del primer enlace, y solo queda un registro anónimo para auditoría. Las recetas ya dispensadas se conservan como registro legal de la dispensa.`,
      ],
    },
    {
      heading: '9. Seguridad',
      blocks: [
        'Protegemos los datos con conexiones cifradas, contraseñas y PIN guardados de forma irreversible, permisos según el rol de cada Usuario y un registro de auditoría de los accesos. Ningún sistema es completamente invulnerable: si detectamos un incidente que afecte sus datos, se lo informaremos.',
      ],
    },
    {
      heading: '10. Sus derechos',
      blocks: [
        'Como titular de los datos, usted puede ejercer en cualquier momento los derechos de:',
        {
          list: [
            'acceso, para saber qué datos suyos tratamos;',
            'rectificación y actualización de los datos inexactos o incompletos;',
            'supresión de los datos que ya no sean necesarios o que se traten en contra de la ley;',
            'restricción del tratamiento, mientras se resuelve un pedido de rectificación o supresión;',
            'oposición al envío de comunicaciones comerciales y revocación de su consentimiento.',
          ],
        },
        [
          'Para ejercerlos, escriba a ',
          support,
          ' desde el correo registrado o adjuntando una copia de su documento de identidad. Responderemos los pedidos de acceso dentro de los 10 días corridos y los de rectificación, actualización o supresión dentro de los 5 días hábiles, como establece la Ley 25.326. Si es Paciente, también puede pedir la rectificación de sus datos al Profesional que emitió su receta.',
        ],
        'El titular de los datos personales tiene la facultad de ejercer el derecho de acceso a ellos en forma gratuita a intervalos no inferiores a seis meses, salvo que se acredite un interés legítimo al efecto, conforme a lo establecido en el artículo 14, inciso 3, de la Ley 25.326.',
      ],
    },
    {
      heading: '11. Autoridad de control',
      blocks: [
        'La Agencia de Acceso a la Información Pública (AAIP), en su carácter de órgano de control de la Ley 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.',
      ],
    },
    {
      heading: '12. Menores de edad',
      blocks: [
        'La Plataforma puede tratar datos de Pacientes menores de edad cuando un Profesional les emite una receta. En ese caso, los derechos descritos en esta política los ejercen sus padres o representantes legales.',
      ],
    },
    {
      heading: '13. Cambios en esta política',
      blocks: [
        'Podemos actualizar esta política. La versión vigente se publica siempre en esta página con su fecha de actualización, y los cambios importantes se comunican por correo electrónico a los Usuarios registrados.',
      ],
    },
  ],
};
