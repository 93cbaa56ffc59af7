import {
  choiceItem,
  option,
  questionnaire,
  sliderItem,
  tr,
  type FhirElement,
  type OptionSpec,
  type Texts,
} from './fhir-builder';

// A distress thermometer in the style of the NCCN's (a 0 to 10 scale of the past week's distress, 4 or more
// worth a conversation), with a representative part of its problem list under the published headings: practical,
// family, emotional, spiritual or religious, and physical problems. Only the thermometer is scored; the problem
// list tells the care team what the distress is about.

export const DT_THERMOMETER_LINK_ID = 'distress';

const CHECK_ANY = tr({
  en: 'Check any that have been a problem for you in the past week, including today.',
  es: 'Marque los que hayan sido un problema para usted durante la última semana, incluido el día de hoy.',
  fr: 'Cochez ce qui a été un problème pour vous au cours de la dernière semaine, aujourd’hui compris.',
  pt: 'Marque os que foram um problema para você na última semana, incluindo hoje.',
  zh: '请勾选在过去一周（包括今天）对您造成困扰的问题。',
});

type Problem = Texts & { code: string };

/** One heading of the problem list: a section with a check-box list of its problems. */
function problemGroup(linkId: string, heading: Texts, problems: Problem[], extra: OptionSpec[] = []): FhirElement {
  return {
    linkId,
    ...tr(heading)('text'),
    type: 'group',
    item: [
      choiceItem(
        `${linkId}-problems`,
        CHECK_ANY,
        [
          ...problems.map(({ code, ...texts }) => option({ code: `dt-${code}`, text: tr(texts) })),
          ...extra.map(option),
        ],
        { control: 'check-box' },
      ),
    ],
  };
}

const PRACTICAL: Problem[] = [
  {
    code: 'child-care',
    en: 'Child care',
    es: 'Cuidado de los niños',
    fr: 'Garde des enfants',
    pt: 'Cuidado dos filhos',
    zh: '照顾孩子',
  },
  { code: 'housing', en: 'Housing', es: 'Vivienda', fr: 'Logement', pt: 'Moradia', zh: '住房' },
  {
    code: 'insurance-financial',
    en: 'Insurance or money',
    es: 'Seguro médico o dinero',
    fr: 'Assurance ou argent',
    pt: 'Plano de saúde ou dinheiro',
    zh: '保险或经济问题',
  },
  { code: 'transportation', en: 'Transportation', es: 'Transporte', fr: 'Transport', pt: 'Transporte', zh: '交通' },
  {
    code: 'work-school',
    en: 'Work or school',
    es: 'Trabajo o estudios',
    fr: 'Travail ou études',
    pt: 'Trabalho ou estudos',
    zh: '工作或学业',
  },
  {
    code: 'treatment-decisions',
    en: 'Treatment decisions',
    es: 'Decisiones sobre el tratamiento',
    fr: 'Décisions concernant le traitement',
    pt: 'Decisões sobre o tratamento',
    zh: '治疗决定',
  },
];

const FAMILY: Problem[] = [
  {
    code: 'children',
    en: 'Dealing with children',
    es: 'Relación con los hijos',
    fr: 'Relations avec les enfants',
    pt: 'Relacionamento com os filhos',
    zh: '与孩子相处',
  },
  {
    code: 'partner',
    en: 'Dealing with partner',
    es: 'Relación con la pareja',
    fr: 'Relations avec le ou la partenaire',
    pt: 'Relacionamento com o/a parceiro/a',
    zh: '与伴侣相处',
  },
  {
    code: 'fertility',
    en: 'Ability to have children',
    es: 'Capacidad de tener hijos',
    fr: 'Capacité d’avoir des enfants',
    pt: 'Capacidade de ter filhos',
    zh: '生育能力',
  },
  {
    code: 'family-health',
    en: 'Family health issues',
    es: 'Problemas de salud en la familia',
    fr: 'Problèmes de santé dans la famille',
    pt: 'Problemas de saúde na família',
    zh: '家人的健康问题',
  },
];

const EMOTIONAL: Problem[] = [
  { code: 'depression', en: 'Depression', es: 'Depresión', fr: 'Dépression', pt: 'Depressão', zh: '抑郁' },
  { code: 'fears', en: 'Fears', es: 'Miedos', fr: 'Peurs', pt: 'Medos', zh: '恐惧' },
  { code: 'nervousness', en: 'Nervousness', es: 'Nerviosismo', fr: 'Nervosité', pt: 'Nervosismo', zh: '紧张' },
  { code: 'sadness', en: 'Sadness', es: 'Tristeza', fr: 'Tristesse', pt: 'Tristeza', zh: '悲伤' },
  { code: 'worry', en: 'Worry', es: 'Preocupación', fr: 'Inquiétude', pt: 'Preocupação', zh: '担忧' },
  {
    code: 'loss-of-interest',
    en: 'Loss of interest in usual activities',
    es: 'Pérdida de interés en las actividades habituales',
    fr: 'Perte d’intérêt pour les activités habituelles',
    pt: 'Perda de interesse nas atividades habituais',
    zh: '对日常活动失去兴趣',
  },
];

const SPIRITUAL: Problem[] = [
  {
    code: 'meaning',
    en: 'Sense of meaning or purpose',
    es: 'Sentido o propósito de la vida',
    fr: 'Sens ou but de la vie',
    pt: 'Sentido ou propósito da vida',
    zh: '人生的意义或目标',
  },
  {
    code: 'faith',
    en: 'Changes in faith or beliefs',
    es: 'Cambios en la fe o las creencias',
    fr: 'Changements dans la foi ou les croyances',
    pt: 'Mudanças na fé ou nas crenças',
    zh: '信仰或信念的改变',
  },
  {
    code: 'death',
    en: 'Death, dying or afterlife',
    es: 'La muerte, el morir o el más allá',
    fr: 'La mort, la fin de vie ou l’au-delà',
    pt: 'A morte, o morrer ou a vida após a morte',
    zh: '死亡、临终或来世',
  },
];

const PHYSICAL: Problem[] = [
  { code: 'appearance', en: 'Appearance', es: 'Apariencia física', fr: 'Apparence', pt: 'Aparência', zh: '外貌' },
  {
    code: 'bathing-dressing',
    en: 'Bathing or dressing',
    es: 'Bañarse o vestirse',
    fr: 'Se laver ou s’habiller',
    pt: 'Tomar banho ou se vestir',
    zh: '洗澡或穿衣',
  },
  { code: 'breathing', en: 'Breathing', es: 'Respiración', fr: 'Respiration', pt: 'Respiração', zh: '呼吸' },
  {
    code: 'urination',
    en: 'Changes in urination',
    es: 'Cambios al orinar',
    fr: 'Changements urinaires',
    pt: 'Alterações ao urinar',
    zh: '排尿改变',
  },
  {
    code: 'constipation',
    en: 'Constipation',
    es: 'Estreñimiento',
    fr: 'Constipation',
    pt: 'Prisão de ventre',
    zh: '便秘',
  },
  { code: 'diarrhea', en: 'Diarrhea', es: 'Diarrea', fr: 'Diarrhée', pt: 'Diarreia', zh: '腹泻' },
  { code: 'eating', en: 'Eating', es: 'Alimentación', fr: 'Alimentation', pt: 'Alimentação', zh: '进食' },
  { code: 'fatigue', en: 'Fatigue', es: 'Cansancio', fr: 'Fatigue', pt: 'Cansaço', zh: '疲劳' },
  { code: 'fevers', en: 'Fevers', es: 'Fiebre', fr: 'Fièvre', pt: 'Febre', zh: '发烧' },
  {
    code: 'getting-around',
    en: 'Getting around',
    es: 'Desplazarse',
    fr: 'Se déplacer',
    pt: 'Locomoção',
    zh: '行动',
  },
  {
    code: 'memory',
    en: 'Memory or concentration',
    es: 'Memoria o concentración',
    fr: 'Mémoire ou concentration',
    pt: 'Memória ou concentração',
    zh: '记忆力或注意力',
  },
  {
    code: 'mouth-sores',
    en: 'Mouth sores',
    es: 'Llagas en la boca',
    fr: 'Aphtes',
    pt: 'Feridas na boca',
    zh: '口腔溃疡',
  },
  { code: 'nausea', en: 'Nausea', es: 'Náuseas', fr: 'Nausées', pt: 'Náusea', zh: '恶心' },
  { code: 'pain', en: 'Pain', es: 'Dolor', fr: 'Douleur', pt: 'Dor', zh: '疼痛' },
  { code: 'sleep', en: 'Sleep', es: 'Sueño', fr: 'Sommeil', pt: 'Sono', zh: '睡眠' },
  {
    code: 'skin',
    en: 'Skin dry or itchy',
    es: 'Piel seca o con picazón',
    fr: 'Peau sèche ou qui démange',
    pt: 'Pele seca ou com coceira',
    zh: '皮肤干燥或瘙痒',
  },
  {
    code: 'tingling',
    en: 'Tingling in hands or feet',
    es: 'Hormigueo en las manos o los pies',
    fr: 'Fourmillements dans les mains ou les pieds',
    pt: 'Formigamento nas mãos ou nos pés',
    zh: '手脚刺痛或麻木',
  },
];

export const DISTRESS_THERMOMETER: FhirElement = questionnaire({
  id: 'distress-thermometer',
  version: '1.0',
  publisher: 'Riverside Cancer Center',
  title: tr({
    en: 'Distress Thermometer and problem list',
    es: 'Termómetro del malestar y lista de problemas',
    fr: 'Thermomètre de détresse et liste des problèmes',
    pt: 'Termômetro de sofrimento e lista de problemas',
    zh: '心理痛苦温度计和问题清单',
  }),
  description: tr({
    en: 'How much distress you have felt this past week, and what it is about.',
    es: 'Cuánto malestar ha sentido durante la última semana y a qué se debe.',
    fr: 'Le niveau de détresse que vous avez ressenti cette dernière semaine, et ce qui la cause.',
    pt: 'Quanto sofrimento você sentiu na última semana e o que o causa.',
    zh: '您过去一周感受到的痛苦程度，以及痛苦的来源。',
  }),
  instructions: tr({
    en:
      'Distress is an unpleasant experience of a mental, physical, social or spiritual nature. It can affect the ' +
      'way you think, feel or act. First rate your distress, then check the problems that have been part of it.',
    es:
      'El malestar es una experiencia desagradable de naturaleza mental, física, social o espiritual. Puede afectar ' +
      'su forma de pensar, sentir o actuar. Primero indique su nivel de malestar y luego marque los problemas que ' +
      'han influido en él.',
    fr:
      'La détresse est une expérience désagréable de nature psychologique, physique, sociale ou spirituelle. Elle ' +
      'peut influencer votre façon de penser, de ressentir ou d’agir. Indiquez d’abord votre niveau de détresse, ' +
      'puis cochez les problèmes qui y ont contribué.',
    pt:
      'Sofrimento é uma experiência desagradável de natureza mental, física, social ou espiritual. Ele pode afetar ' +
      'a forma como você pensa, sente ou age. Primeiro indique o seu nível de sofrimento e depois marque os ' +
      'problemas que contribuíram para ele.',
    zh: '心理痛苦是一种心理、身体、社会或精神层面的不愉快体验，可能影响您的想法、感受或行为。请先为您的痛苦程度打分，再勾选与之相关的问题。',
  }),
  completionMessage: tr({
    en: 'Thank you. Your care team will go over your answers with you at your next visit.',
    es: 'Gracias. Su equipo de atención revisará sus respuestas con usted en su próxima visita.',
    fr: 'Merci. Votre équipe soignante passera vos réponses en revue avec vous lors de votre prochaine visite.',
    pt: 'Obrigado. Sua equipe de cuidados vai analisar suas respostas com você na sua próxima consulta.',
    zh: '谢谢。您的医护团队会在您下次就诊时和您一起查看您的回答。',
  }),
  scores: [
    {
      code: 'distress',
      name: tr({
        en: 'Distress score',
        es: 'Puntuación de malestar',
        fr: 'Score de détresse',
        pt: 'Pontuação de sofrimento',
        zh: '心理痛苦评分',
      }),
      items: [DT_THERMOMETER_LINK_ID],
      ranges: [
        {
          min: 0,
          max: 3,
          message: tr({
            en:
              'Thank you. Your distress is low right now. If anything on the list starts to weigh on you, your ' +
              'care team is glad to help.',
            es:
              'Gracias. Su malestar es bajo en este momento. Si algo de la lista empieza a pesarle, su equipo de ' +
              'atención estará encantado de ayudarle.',
            fr:
              'Merci. Votre détresse est faible en ce moment. Si quelque chose de la liste commence à vous peser, ' +
              'votre équipe soignante sera heureuse de vous aider.',
            pt:
              'Obrigado. Seu sofrimento está baixo no momento. Se algo da lista começar a pesar, sua equipe de ' +
              'cuidados terá prazer em ajudar.',
            zh: '谢谢。您目前的痛苦程度较低。如果清单上的任何问题开始让您感到负担，您的医护团队很乐意帮助您。',
          }),
        },
        {
          min: 4,
          max: 10,
          message: tr({
            en:
              'Thank you for letting us know. Things have been hard for you lately. Your care team will go over ' +
              'your answers with you and can connect you with support, such as a social worker, a counselor or a ' +
              'chaplain. Please talk with them about what would help most.',
            es:
              'Gracias por informarnos. Las cosas han sido difíciles para usted últimamente. Su equipo de atención ' +
              'revisará sus respuestas con usted y puede ponerle en contacto con apoyo, como un trabajador social, ' +
              'un consejero o un capellán. Hable con ellos sobre lo que más le ayudaría.',
            fr:
              'Merci de nous l’avoir signalé. Les choses ont été difficiles pour vous ces derniers temps. Votre ' +
              'équipe soignante passera vos réponses en revue avec vous et peut vous orienter vers du soutien : ' +
              'travailleur social, conseiller ou aumônier. Parlez-lui de ce qui vous aiderait le plus.',
            pt:
              'Obrigado por nos informar. As coisas têm sido difíceis para você ultimamente. Sua equipe de ' +
              'cuidados vai analisar suas respostas com você e pode colocar você em contato com apoio, como um ' +
              'assistente social, um conselheiro ou um capelão. Converse com ela sobre o que mais ajudaria.',
            zh: '感谢您告诉我们。您最近过得不容易。您的医护团队会和您一起查看您的回答，并可以为您联系社工、心理咨询师或院牧等支持。请和他们谈谈什么对您最有帮助。',
          }),
        },
      ],
    },
  ],
  items: [
    sliderItem(
      DT_THERMOMETER_LINK_ID,
      tr({
        en:
          'Please choose the number (0 to 10) that best describes how much distress you have been experiencing in ' +
          'the past week, including today.',
        es:
          'Elija el número (del 0 al 10) que mejor describa cuánto malestar ha sentido durante la última semana, ' +
          'incluido el día de hoy.',
        fr:
          'Choisissez le chiffre (de 0 à 10) qui décrit le mieux le niveau de détresse que vous avez ressenti au ' +
          'cours de la dernière semaine, aujourd’hui compris.',
        pt:
          'Escolha o número (de 0 a 10) que melhor descreve quanto sofrimento você sentiu na última semana, ' +
          'incluindo hoje.',
        zh: '请选择最能描述您在过去一周（包括今天）所感受到的痛苦程度的数字（0 到 10）。',
      }),
      {
        min: 0,
        max: 10,
        lower: tr({
          en: 'No distress',
          es: 'Sin malestar',
          fr: 'Aucune détresse',
          pt: 'Nenhum sofrimento',
          zh: '无痛苦',
        }),
        upper: tr({
          en: 'Extreme distress',
          es: 'Malestar extremo',
          fr: 'Détresse extrême',
          pt: 'Sofrimento extremo',
          zh: '极度痛苦',
        }),
      },
      { required: true },
    ),
    problemGroup(
      'practical',
      {
        en: 'Practical problems',
        es: 'Problemas prácticos',
        fr: 'Problèmes pratiques',
        pt: 'Problemas práticos',
        zh: '实际问题',
      },
      PRACTICAL,
    ),
    problemGroup(
      'family',
      {
        en: 'Family problems',
        es: 'Problemas familiares',
        fr: 'Problèmes familiaux',
        pt: 'Problemas familiares',
        zh: '家庭问题',
      },
      FAMILY,
    ),
    problemGroup(
      'emotional',
      {
        en: 'Emotional problems',
        es: 'Problemas emocionales',
        fr: 'Problèmes émotionnels',
        pt: 'Problemas emocionais',
        zh: '情绪问题',
      },
      EMOTIONAL,
    ),
    problemGroup(
      'spiritual',
      {
        en: 'Spiritual or religious concerns',
        es: 'Inquietudes espirituales o religiosas',
        fr: 'Préoccupations spirituelles ou religieuses',
        pt: 'Preocupações espirituais ou religiosas',
        zh: '精神或宗教方面的顾虑',
      },
      SPIRITUAL,
    ),
    problemGroup(
      'physical',
      {
        en: 'Physical problems',
        es: 'Problemas físicos',
        fr: 'Problèmes physiques',
        pt: 'Problemas físicos',
        zh: '身体问题',
      },
      PHYSICAL,
      [
        {
          code: 'dt-other',
          other: true,
          text: tr({
            en: 'Other problem (please describe)',
            es: 'Otro problema (descríbalo)',
            fr: 'Autre problème (veuillez préciser)',
            pt: 'Outro problema (descreva)',
            zh: '其他问题（请说明）',
          }),
        },
      ],
    ),
  ],
});
