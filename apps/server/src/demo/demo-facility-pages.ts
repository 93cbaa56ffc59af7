import { deflateSync } from 'node:zlib';
import type { IntegrationForm } from '@portal/contracts';
import type { Tx } from '../db/client';
import { createTextPdf } from '../platform/pdf/document';
import {
  faqRecordOf,
  faqRecords,
  formRecordOf,
  formRecords,
  putFacilityUsefulLinks,
} from '../modules/facility-pages/facility-pages.intake';
import type { DemoContext } from './demo-context';
import { phoneText, RIVERSIDE_PHONES } from './demo-phones';

// Riverside's FAQs, useful links page and downloadable forms in the portal's five languages, put through the same
// intake as the integration API (upserts by the facility's own identifiers, so seeding twice changes nothing).

type Texts<T> = { en: T; es: T; fr: T; pt: T; zh: T };

const NURSE = phoneText(RIVERSIDE_PHONES.nurseLine);
const MAIN = phoneText(RIVERSIDE_PHONES.mainLine);

const qa = (question: string, answer: string) => ({ question: `<p>${question}</p>`, answer });

const FAQS: { externalId: string; viewOrder: number; texts: Texts<{ question: string; answer: string }> }[] = [
  {
    externalId: 'demo-faq-portal',
    viewOrder: 1,
    texts: {
      en: qa(
        'What can I do in the patient portal?',
        '<p>You can see your <strong>appointments</strong>, test results, medical notes and education articles, ' +
          'answer questionnaires and send secure messages to your care team.</p>',
      ),
      es: qa(
        '¿Qué puedo hacer en el portal del paciente?',
        '<p>Puede ver sus <strong>citas</strong>, resultados de análisis, notas médicas y artículos educativos, ' +
          'responder cuestionarios y enviar mensajes seguros a su equipo de atención.</p>',
      ),
      fr: qa(
        'Que puis-je faire dans le portail patient ?',
        '<p>Vous pouvez consulter vos <strong>rendez-vous</strong>, vos résultats d’analyses, vos notes médicales ' +
          'et vos articles d’éducation, répondre à des questionnaires et envoyer des messages sécurisés à votre ' +
          'équipe soignante.</p>',
      ),
      pt: qa(
        'O que posso fazer no portal do paciente?',
        '<p>Você pode ver suas <strong>consultas</strong>, resultados de exames, notas médicas e artigos ' +
          'educativos, responder a questionários e enviar mensagens seguras à sua equipe de cuidados.</p>',
      ),
      zh: qa(
        '我可以在患者门户中做什么？',
        '<p>您可以查看您的<strong>预约</strong>、检查结果、病历记录和健康教育文章，填写问卷，并向您的医疗团队发送安全消息。</p>',
      ),
    },
  },
  {
    externalId: 'demo-faq-urgent',
    viewOrder: 2,
    texts: {
      en: qa(
        'Can I use secure messages for urgent questions?',
        `<p><strong>No.</strong> Messages are read during office hours. For anything urgent call the nurse line at ${NURSE}, day or night; in an emergency call 911.</p>`,
      ),
      es: qa(
        '¿Puedo usar los mensajes seguros para preguntas urgentes?',
        `<p><strong>No.</strong> Los mensajes se leen en horario de oficina. Para cualquier urgencia llame a la línea de enfermería al ${NURSE}, de día o de noche; en una emergencia llame al 911.</p>`,
      ),
      fr: qa(
        'Puis-je utiliser les messages sécurisés pour une question urgente ?',
        `<p><strong>Non.</strong> Les messages sont lus pendant les heures de bureau. Pour toute urgence, appelez la ligne infirmière au ${NURSE}, jour et nuit ; en cas d’urgence vitale, composez le 911.</p>`,
      ),
      pt: qa(
        'Posso usar as mensagens seguras para dúvidas urgentes?',
        `<p><strong>Não.</strong> As mensagens são lidas em horário comercial. Para qualquer urgência, ligue para a linha de enfermagem no ${NURSE}, dia e noite; em uma emergência, ligue para o 911.</p>`,
      ),
      zh: qa(
        '我可以用安全消息咨询紧急问题吗？',
        `<p><strong>不可以。</strong>消息只在办公时间内阅读。如有紧急情况，请随时拨打护士热线 ${NURSE}；遇到危及生命的紧急情况，请拨打 911。</p>`,
      ),
    },
  },
  {
    externalId: 'demo-faq-results',
    viewOrder: 3,
    texts: {
      en: qa(
        'When will I see my test results?',
        '<p>Most results appear within <em>two to three business days</em>, once your provider has reviewed them.</p>',
      ),
      es: qa(
        '¿Cuándo veré los resultados de mis análisis?',
        '<p>La mayoría de los resultados aparecen en <em>dos o tres días hábiles</em>, una vez que su proveedor los ha revisado.</p>',
      ),
      fr: qa(
        'Quand verrai-je mes résultats d’analyses ?',
        '<p>La plupart des résultats s’affichent dans un délai de <em>deux à trois jours ouvrables</em>, une fois que votre professionnel de santé les a examinés.</p>',
      ),
      pt: qa(
        'Quando verei os resultados dos meus exames?',
        '<p>A maioria dos resultados aparece em <em>dois a três dias úteis</em>, depois que seu médico os revisa.</p>',
      ),
      zh: qa('我什么时候能看到检查结果？', '<p>大多数结果会在医生审核后的<em>两到三个工作日</em>内显示。</p>'),
    },
  },
  {
    externalId: 'demo-faq-password',
    viewOrder: 4,
    texts: {
      en: qa(
        'I forgot my password. What do I do?',
        `<p>Choose <strong>Forgot password</strong> on the login page. If you still cannot log in, call ${MAIN}.</p>`,
      ),
      es: qa(
        'Olvidé mi contraseña. ¿Qué hago?',
        `<p>Elija <strong>¿Olvidó su contraseña?</strong> en la página de inicio de sesión. Si aún no puede entrar, llame al ${MAIN}.</p>`,
      ),
      fr: qa(
        'J’ai oublié mon mot de passe. Que faire ?',
        `<p>Choisissez <strong>Mot de passe oublié</strong> sur la page de connexion. Si vous ne pouvez toujours pas vous connecter, appelez le ${MAIN}.</p>`,
      ),
      pt: qa(
        'Esqueci minha senha. O que faço?',
        `<p>Escolha <strong>Esqueci a senha</strong> na página de login. Se ainda não conseguir entrar, ligue para ${MAIN}.</p>`,
      ),
      zh: qa(
        '我忘记了密码，该怎么办？',
        `<p>请在登录页面选择<strong>忘记密码</strong>。如果仍无法登录，请拨打 ${MAIN}。</p>`,
      ),
    },
  },
];

const links = (intro: string, items: [string, string][]) =>
  `<p>${intro}</p><ul>${items
    .map(([href, text]) => `<li><a href="${href}" target="_blank">${text}</a></li>`)
    .join('')}</ul>`;

const CANCER_GOV = 'https://www.cancer.gov/';
const MEDLINE = 'https://medlineplus.gov/';
const ACS = 'https://www.cancer.org/';

const USEFUL_LINKS: Texts<string> = {
  en: links('Trusted sites our care team recommends:', [
    [CANCER_GOV, 'National Cancer Institute'],
    [MEDLINE, 'MedlinePlus: health topics in plain language'],
    [ACS, 'American Cancer Society'],
  ]),
  es: links('Sitios de confianza que recomienda nuestro equipo de atención:', [
    ['https://www.cancer.gov/espanol', 'Instituto Nacional del Cáncer (en español)'],
    ['https://medlineplus.gov/spanish/', 'MedlinePlus en español'],
    ['https://www.cancer.org/es.html', 'Sociedad Americana Contra el Cáncer'],
  ]),
  fr: links('Des sites fiables que recommande notre équipe soignante :', [
    [CANCER_GOV, 'National Cancer Institute (en anglais)'],
    ['https://www.cancer.ca/fr', 'Société canadienne du cancer'],
    [ACS, 'American Cancer Society (en anglais)'],
  ]),
  pt: links('Sites confiáveis recomendados pela nossa equipe de cuidados:', [
    [CANCER_GOV, 'National Cancer Institute (em inglês)'],
    ['https://www.gov.br/inca/pt-br', 'Instituto Nacional de Câncer (INCA)'],
    [MEDLINE, 'MedlinePlus (em inglês)'],
  ]),
  zh: links('我们的医疗团队推荐的可靠网站：', [
    ['https://www.cancer.gov/chinese', '美国国家癌症研究所（中文）'],
    [MEDLINE, 'MedlinePlus（英文）'],
    [ACS, '美国癌症协会（英文）'],
  ]),
};

/* ------------------------------------------------------------- the files */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small map of the campus (buildings as blocks, a road, the parking lot) as a real PNG. */
export function campusMapPng(width = 160, height = 100): Buffer {
  const pixel = (x: number, y: number): [number, number, number] => {
    if (y >= 45 && y < 55) return [120, 120, 120]; // the road
    if (x >= 15 && x < 65 && y >= 10 && y < 38) return [30, 90, 160]; // main building
    if (x >= 95 && x < 145 && y >= 10 && y < 38) return [200, 120, 40]; // cancer center
    if (x >= 20 && x < 140 && y >= 62 && y < 92) return (x + y) % 12 < 2 ? [255, 255, 255] : [90, 160, 90]; // parking
    return [235, 240, 230];
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const RELEASE_FORM_LINES = [
  'Riverside Cancer Center',
  '',
  'I authorize Riverside Cancer Center to release my medical records to the person or organization below.',
  '',
  'Patient name: ______________________________   Date of birth: ____________',
  'Release to: ________________________________________________________',
  'Records to release:  [ ] All   [ ] Test results   [ ] Medical notes   [ ] Other: __________',
  '',
  'This authorization ends one year after the date signed unless I revoke it in writing.',
  '',
  'Signature: _________________________________   Date: ____________',
];

const CHECKLIST = [
  'Riverside Cancer Center - what to bring to your first visit',
  '',
  '- A photo ID and your insurance card',
  '- A list of your medicines, with doses',
  '- Your questions for the care team',
  '- A friend or family member, if you wish',
  '',
  `Questions? Call ${MAIN}.`,
  '',
].join('\n');

const base64 = (data: Uint8Array | Buffer | string) => Buffer.from(data).toString('base64');

async function demoForms(): Promise<{ externalId: string; body: IntegrationForm }[]> {
  // A fixed creation date keeps the PDF's bytes the same on every run, so seeding again changes nothing.
  const pdf = await createTextPdf(
    { title: 'Authorization to release medical records', language: 'en-US', createdAt: new Date('2026-01-05') },
    RELEASE_FORM_LINES,
  );
  return [
    {
      externalId: 'demo-form-records-release',
      body: {
        viewOrder: 1,
        file: { fileName: 'records-release.pdf', contentType: 'application/pdf', content: base64(pdf) },
        texts: {
          en: {
            title: 'Authorization to release medical records',
            description: 'Print, sign and bring it to reception.',
          },
          es: {
            title: 'Autorización para divulgar expedientes médicos',
            description: 'Imprímala, fírmela y tráigala a la recepción.',
          },
          fr: {
            title: 'Autorisation de communication du dossier médical',
            description: 'Imprimez-la, signez-la et apportez-la à l’accueil.',
          },
          pt: {
            title: 'Autorização para liberação de prontuário médico',
            description: 'Imprima, assine e traga à recepção.',
          },
          zh: { title: '医疗记录发布授权书', description: '请打印、签名后交到前台。' },
        },
      },
    },
    {
      externalId: 'demo-form-campus-map',
      body: {
        viewOrder: 2,
        file: { fileName: 'campus-map.png', contentType: 'image/png', content: base64(campusMapPng()) },
        texts: {
          en: { title: 'Campus map and parking', description: 'Where the Cancer Center and the visitor parking are.' },
          es: {
            title: 'Mapa del campus y estacionamiento',
            description: 'Dónde están el Centro Oncológico y el estacionamiento para visitantes.',
          },
          fr: {
            title: 'Plan du campus et stationnement',
            description: 'L’emplacement du centre de cancérologie et du stationnement des visiteurs.',
          },
          pt: {
            title: 'Mapa do campus e estacionamento',
            description: 'Onde ficam o Centro de Oncologia e o estacionamento de visitantes.',
          },
          zh: { title: '院区地图和停车场', description: '癌症中心和访客停车场的位置。' },
        },
      },
    },
    {
      externalId: 'demo-form-first-visit',
      body: {
        viewOrder: 3,
        file: { fileName: 'first-visit-checklist.txt', contentType: 'text/plain', content: base64(CHECKLIST) },
        texts: {
          en: { title: 'First visit checklist', description: null },
          es: { title: 'Lista para su primera visita', description: null },
          fr: { title: 'Liste de contrôle pour la première visite', description: null },
          pt: { title: 'Lista de verificação da primeira consulta', description: null },
          zh: { title: '首次就诊清单', description: null },
        },
      },
    },
  ];
}

export async function seedDemoFacilityPages(tx: Tx, context: DemoContext): Promise<void> {
  const facilityId = context.riversideId;
  for (const faq of FAQS) {
    await faqRecords.put(tx, facilityId, faq.externalId, faqRecordOf({ viewOrder: faq.viewOrder, texts: faq.texts }));
  }
  await putFacilityUsefulLinks(tx, facilityId, USEFUL_LINKS);
  for (const form of await demoForms()) await formRecords.put(tx, facilityId, form.externalId, formRecordOf(form.body));
}
