import {
  choiceItem,
  dateItem,
  displayItem,
  integerItem,
  matrixGroup,
  option,
  questionnaire,
  sliderItem,
  textItem,
  tr,
  type FhirElement,
} from './fhir-builder';

// Riverside's own form before a clinic visit. Unscored; it uses every kind of question the portal shows (date,
// drop-down and radio with an 'Other' answer, check boxes, a table, a bounded number, a slider, one-line and
// multi-line text, section headers), some required and some not, so the demo shows them all.

const HOW_OFTEN = [
  option({ code: 'never', text: tr({ en: 'Never', es: 'Nunca', fr: 'Jamais', pt: 'Nunca', zh: '从不' }) }),
  option({
    code: 'sometimes',
    text: tr({ en: 'Sometimes', es: 'A veces', fr: 'Parfois', pt: 'Às vezes', zh: '有时' }),
  }),
  option({ code: 'often', text: tr({ en: 'Often', es: 'A menudo', fr: 'Souvent', pt: 'Com frequência', zh: '经常' }) }),
];

export const PRE_VISIT_LINK_IDS = {
  lastVisit: 'last-outside-visit',
  transport: 'transport',
  companion: 'companion',
  symptoms: 'new-symptoms',
  pastWeek: 'past-week',
  falls: 'falls',
  pain: 'pain-now',
  pharmacy: 'pharmacy',
  topics: 'topics',
} as const;

export const PRE_VISIT: FhirElement = questionnaire({
  id: 'pre-visit',
  version: '1.0',
  publisher: 'Riverside Cancer Center',
  title: tr({
    en: 'Before your clinic visit',
    es: 'Antes de su visita a la clínica',
    fr: 'Avant votre visite à la clinique',
    pt: 'Antes da sua consulta na clínica',
    zh: '门诊就诊前问卷',
  }),
  description: tr({
    en: 'A few questions so your care team can prepare for your next visit.',
    es: 'Algunas preguntas para que su equipo de atención pueda preparar su próxima visita.',
    fr: 'Quelques questions pour que votre équipe soignante puisse préparer votre prochaine visite.',
    pt: 'Algumas perguntas para que sua equipe de cuidados possa se preparar para a sua próxima consulta.',
    zh: '几个问题，帮助您的医护团队为您的下次就诊做好准备。',
  }),
  instructions: tr({
    en:
      'Please answer before your visit. It takes about 5 minutes. You can stop at any time and come back later: ' +
      'your answers are saved as you go.',
    es:
      'Responda antes de su visita. Le llevará unos 5 minutos. Puede parar en cualquier momento y volver más ' +
      'tarde: sus respuestas se guardan a medida que avanza.',
    fr:
      'Veuillez répondre avant votre visite. Cela prend environ 5 minutes. Vous pouvez vous arrêter à tout moment ' +
      'et revenir plus tard : vos réponses sont enregistrées au fur et à mesure.',
    pt:
      'Responda antes da sua consulta. Leva cerca de 5 minutos. Você pode parar a qualquer momento e voltar mais ' +
      'tarde: suas respostas são salvas à medida que você avança.',
    zh: '请在就诊前填写，大约需要 5 分钟。您可以随时暂停，稍后再回来继续：您的回答会随时保存。',
  }),
  completionMessage: tr({
    en: 'Thank you. Your answers have been sent to your care team, who will see them before your visit.',
    es: 'Gracias. Sus respuestas se enviaron a su equipo de atención, que las verá antes de su visita.',
    fr: 'Merci. Vos réponses ont été transmises à votre équipe soignante, qui les verra avant votre visite.',
    pt: 'Obrigado. Suas respostas foram enviadas à sua equipe de cuidados, que vai vê-las antes da sua consulta.',
    zh: '谢谢。您的回答已发送给您的医护团队，他们会在您就诊前查看。',
  }),
  items: [
    displayItem(
      'about-visit',
      tr({
        en: 'About your visit',
        es: 'Sobre su visita',
        fr: 'À propos de votre visite',
        pt: 'Sobre a sua consulta',
        zh: '关于您的就诊',
      }),
    ),
    dateItem(
      PRE_VISIT_LINK_IDS.lastVisit,
      tr({
        en: 'When did you last see a doctor outside Riverside Cancer Center (if you have)?',
        es: '¿Cuándo fue la última vez que vio a un médico fuera del Riverside Cancer Center (si lo ha hecho)?',
        fr: 'Quand avez-vous consulté un médecin en dehors du Riverside Cancer Center pour la dernière fois (le cas échéant) ?',
        pt: 'Quando você consultou um médico fora do Riverside Cancer Center pela última vez (se for o caso)?',
        zh: '您最近一次在 Riverside Cancer Center 以外看医生是什么时候（如有）？',
      }),
    ),
    choiceItem(
      PRE_VISIT_LINK_IDS.transport,
      tr({
        en: 'How will you get to your visit?',
        es: '¿Cómo llegará a su visita?',
        fr: 'Comment viendrez-vous à votre visite ?',
        pt: 'Como você vai chegar à sua consulta?',
        zh: '您将如何前来就诊？',
      }),
      [
        option({
          code: 'drive-self',
          text: tr({
            en: 'I will drive myself',
            es: 'Manejaré yo mismo(a)',
            fr: 'Je conduirai moi-même',
            pt: 'Vou dirigindo',
            zh: '自己开车',
          }),
        }),
        option({
          code: 'driven',
          text: tr({
            en: 'A family member or friend will drive me',
            es: 'Me llevará un familiar o un amigo',
            fr: 'Un proche ou un ami me conduira',
            pt: 'Um familiar ou amigo vai me levar',
            zh: '家人或朋友开车送我',
          }),
        }),
        option({
          code: 'public-transport',
          text: tr({
            en: 'Bus or train',
            es: 'Autobús o tren',
            fr: 'Bus ou train',
            pt: 'Ônibus ou trem',
            zh: '公交车或火车',
          }),
        }),
        option({
          code: 'taxi',
          text: tr({
            en: 'Taxi or ride service',
            es: 'Taxi o servicio de transporte por aplicación',
            fr: 'Taxi ou VTC',
            pt: 'Táxi ou carro de aplicativo',
            zh: '出租车或网约车',
          }),
        }),
        option({
          code: 'medical-transport',
          text: tr({
            en: 'Medical transportation',
            es: 'Transporte médico',
            fr: 'Transport médical',
            pt: 'Transporte médico',
            zh: '医疗转运服务',
          }),
        }),
        option({
          code: 'other',
          other: true,
          text: tr({ en: 'Other', es: 'Otro', fr: 'Autre', pt: 'Outro', zh: '其他' }),
        }),
      ],
      { control: 'drop-down', required: true },
    ),
    choiceItem(
      PRE_VISIT_LINK_IDS.companion,
      tr({
        en: 'Who will come with you?',
        es: '¿Quién le acompañará?',
        fr: 'Qui vous accompagnera ?',
        pt: 'Quem vai acompanhar você?',
        zh: '谁会陪同您前来？',
      }),
      [
        option({ text: tr({ en: 'No one', es: 'Nadie', fr: 'Personne', pt: 'Ninguém', zh: '无人陪同' }) }),
        option({
          text: tr({
            en: 'My spouse or partner',
            es: 'Mi cónyuge o pareja',
            fr: 'Mon conjoint ou ma conjointe',
            pt: 'Meu cônjuge ou parceiro/a',
            zh: '我的配偶或伴侣',
          }),
        }),
        option({
          text: tr({
            en: 'Another family member',
            es: 'Otro familiar',
            fr: 'Un autre membre de ma famille',
            pt: 'Outro familiar',
            zh: '其他家人',
          }),
        }),
        option({ text: tr({ en: 'A friend', es: 'Un amigo', fr: 'Un ami', pt: 'Um amigo', zh: '朋友' }) }),
        option({
          other: true,
          text: tr({
            en: 'Someone else',
            es: 'Otra persona',
            fr: 'Une autre personne',
            pt: 'Outra pessoa',
            zh: '其他人',
          }),
        }),
      ],
      { required: true },
    ),
    displayItem(
      'how-you-have-been',
      tr({
        en: 'How you have been',
        es: 'Cómo ha estado',
        fr: 'Comment vous allez',
        pt: 'Como você tem estado',
        zh: '您最近的状况',
      }),
    ),
    choiceItem(
      PRE_VISIT_LINK_IDS.symptoms,
      tr({
        en: 'Since your last visit, have you had any of these? Check all that apply.',
        es: 'Desde su última visita, ¿ha tenido alguno de estos? Marque todos los que correspondan.',
        fr: 'Depuis votre dernière visite, avez-vous eu l’un de ces problèmes ? Cochez tout ce qui s’applique.',
        pt: 'Desde a sua última consulta, você teve algum destes? Marque todos os que se aplicam.',
        zh: '自上次就诊以来，您是否出现过以下情况？请勾选所有适用项。',
      }),
      [
        option({
          code: 'fever',
          text: tr({
            en: 'Fever or chills',
            es: 'Fiebre o escalofríos',
            fr: 'Fièvre ou frissons',
            pt: 'Febre ou calafrios',
            zh: '发烧或发冷',
          }),
        }),
        option({
          code: 'pain',
          text: tr({
            en: 'New or worse pain',
            es: 'Dolor nuevo o más intenso',
            fr: 'Douleur nouvelle ou plus forte',
            pt: 'Dor nova ou pior',
            zh: '新出现或加重的疼痛',
          }),
        }),
        option({ code: 'cough', text: tr({ en: 'Cough', es: 'Tos', fr: 'Toux', pt: 'Tosse', zh: '咳嗽' }) }),
        option({
          code: 'swelling',
          text: tr({
            en: 'Swelling in an arm or leg',
            es: 'Hinchazón en un brazo o una pierna',
            fr: 'Gonflement d’un bras ou d’une jambe',
            pt: 'Inchaço em um braço ou perna',
            zh: '手臂或腿部肿胀',
          }),
        }),
        option({
          code: 'bleeding',
          text: tr({
            en: 'Unusual bleeding or bruising',
            es: 'Sangrado o moretones fuera de lo común',
            fr: 'Saignements ou bleus inhabituels',
            pt: 'Sangramento ou manchas roxas fora do comum',
            zh: '异常出血或瘀青',
          }),
        }),
        option({
          code: 'diarrhea',
          text: tr({ en: 'Diarrhea', es: 'Diarrea', fr: 'Diarrhée', pt: 'Diarreia', zh: '腹泻' }),
        }),
      ],
      { control: 'check-box' },
    ),
    matrixGroup(
      PRE_VISIT_LINK_IDS.pastWeek,
      tr({
        en: 'In the past week, how often have you…',
        es: 'Durante la última semana, ¿con qué frecuencia ha…',
        fr: 'Au cours de la dernière semaine, à quelle fréquence avez-vous…',
        pt: 'Na última semana, com que frequência você…',
        zh: '在过去一周内，您出现以下情况的频率如何……',
      }),
      HOW_OFTEN,
      [
        {
          linkId: 'past-week-sleep',
          text: tr({
            en: 'had trouble sleeping?',
            es: 'tenido problemas para dormir?',
            fr: 'eu du mal à dormir ?',
            pt: 'tido dificuldade para dormir?',
            zh: '睡眠困难？',
          }),
        },
        {
          linkId: 'past-week-breath',
          text: tr({
            en: 'felt short of breath?',
            es: 'sentido falta de aire?',
            fr: 'été essoufflé(e) ?',
            pt: 'sentido falta de ar?',
            zh: '感到气短？',
          }),
        },
        {
          linkId: 'past-week-missed-dose',
          text: tr({
            en: 'missed a dose of your medicines?',
            es: 'olvidado una dosis de sus medicamentos?',
            fr: 'oublié une dose de vos médicaments ?',
            pt: 'deixado de tomar uma dose dos seus remédios?',
            zh: '漏服药物？',
          }),
        },
        {
          linkId: 'past-week-help',
          text: tr({
            en: 'needed help with everyday activities?',
            es: 'necesitado ayuda con sus actividades diarias?',
            fr: 'eu besoin d’aide pour les activités de tous les jours ?',
            pt: 'precisado de ajuda nas atividades do dia a dia?',
            zh: '日常活动需要他人帮助？',
          }),
        },
      ],
      { required: true },
    ),
    integerItem(
      PRE_VISIT_LINK_IDS.falls,
      tr({
        en: 'How many times have you fallen in the past 3 months?',
        es: '¿Cuántas veces se ha caído en los últimos 3 meses?',
        fr: 'Combien de fois êtes-vous tombé(e) au cours des 3 derniers mois ?',
        pt: 'Quantas vezes você caiu nos últimos 3 meses?',
        zh: '过去 3 个月内您跌倒过几次？',
      }),
      { min: 0, max: 20 },
      { required: true },
    ),
    sliderItem(
      PRE_VISIT_LINK_IDS.pain,
      tr({
        en: 'How much pain do you have right now?',
        es: '¿Cuánto dolor tiene en este momento?',
        fr: 'Quelle est l’intensité de votre douleur en ce moment ?',
        pt: 'Quanta dor você sente agora?',
        zh: '您现在的疼痛程度如何？',
      }),
      {
        min: 0,
        max: 10,
        lower: tr({ en: 'No pain', es: 'Sin dolor', fr: 'Aucune douleur', pt: 'Sem dor', zh: '无疼痛' }),
        upper: tr({
          en: 'Worst pain you can imagine',
          es: 'El peor dolor que pueda imaginar',
          fr: 'Pire douleur imaginable',
          pt: 'Pior dor que você possa imaginar',
          zh: '可以想象的最剧烈疼痛',
        }),
      },
      { required: true },
    ),
    displayItem(
      'anything-else',
      tr({
        en: 'Anything else',
        es: 'Algo más',
        fr: 'Autre chose',
        pt: 'Algo mais',
        zh: '其他事项',
      }),
    ),
    textItem(
      PRE_VISIT_LINK_IDS.pharmacy,
      tr({
        en: 'Which pharmacy do you use?',
        es: '¿Qué farmacia usa?',
        fr: 'Quelle pharmacie utilisez-vous ?',
        pt: 'Qual farmácia você usa?',
        zh: '您通常去哪家药房？',
      }),
    ),
    textItem(
      PRE_VISIT_LINK_IDS.topics,
      tr({
        en: 'What would you like to talk about at your visit?',
        es: '¿De qué le gustaría hablar en su visita?',
        fr: 'De quoi aimeriez-vous parler lors de votre visite ?',
        pt: 'Sobre o que você gostaria de conversar na sua consulta?',
        zh: '您希望在就诊时谈些什么？',
      }),
      { multiLine: true },
    ),
  ],
});
