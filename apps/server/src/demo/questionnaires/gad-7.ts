import {
  calculatedTotalItem,
  choiceItem,
  displayItem,
  LOINC,
  loinc,
  option,
  questionnaire,
  tr,
  type FhirElement,
} from './fhir-builder';
import { DIFFICULTY_OPTIONS } from './phq-9';

// The GAD-7 as LOINC publishes it (panel 69737-5), with the wording of the official translations (Spanish for the
// USA, French for France, Portuguese for Brazil, simplified Chinese for China).

const FREQUENCY = [
  option({
    code: 'LA6568-5',
    system: LOINC,
    ordinal: 0,
    text: tr({ en: 'Not at all', es: 'Ningún día', fr: 'Jamais', pt: 'Nenhuma vez', zh: '完全不会' }),
  }),
  option({
    code: 'LA6569-3',
    system: LOINC,
    ordinal: 1,
    text: tr({ en: 'Several days', es: 'Varios días', fr: 'Plusieurs jours', pt: 'Vários dias', zh: '好几天' }),
  }),
  option({
    code: 'LA6570-1',
    system: LOINC,
    ordinal: 2,
    text: tr({
      en: 'More than half the days',
      es: 'Más de la mitad de los días',
      fr: 'Plus de la moitié des jours',
      pt: 'Mais da metade dos dias',
      zh: '一半以上的日子',
    }),
  }),
  option({
    code: 'LA6571-9',
    system: LOINC,
    ordinal: 3,
    text: tr({
      en: 'Nearly every day',
      es: 'Casi todos los días',
      fr: 'Presque tous les jours',
      pt: 'Quase todos os dias',
      zh: '几乎每天',
    }),
  }),
];

const PROBLEMS: { code: string; en: string; es: string; fr: string; pt: string; zh: string }[] = [
  {
    code: '69725-0',
    en: 'Feeling nervous, anxious, or on edge',
    es: 'Se ha sentido nervioso(a), ansioso(a) o con los nervios de punta',
    fr: 'Sentiment de nervosité, d’anxiété ou de tension',
    pt: 'Sentir-se nervoso/a, ansioso/a ou muito tenso/a',
    zh: '感觉紧张，焦虑或急切',
  },
  {
    code: '68509-9',
    en: 'Not being able to stop or control worrying',
    es: 'No ha sido capaz de parar o controlar su preocupación',
    fr: 'Incapable d’arrêter de s’inquiéter ou de contrôler ses inquiétudes',
    pt: 'Não ser capaz de impedir ou de controlar as preocupações',
    zh: '不能够停止或控制担忧',
  },
  {
    code: '69733-0',
    en: 'Worrying too much about different things',
    es: 'Se ha preocupado demasiado por motivos diferentes',
    fr: 'Inquiétudes excessives à propos de tout et de rien',
    pt: 'Preocupar-se muito com diversas coisas',
    zh: '对各种各样的事情担忧过多',
  },
  {
    code: '69734-8',
    en: 'Trouble relaxing',
    es: 'Ha tenido dificultad para relajarse',
    fr: 'Difficulté à se détendre',
    pt: 'Dificuldade para relaxar',
    zh: '很难放松下来',
  },
  {
    code: '69735-5',
    en: 'Being so restless that it is hard to sit still',
    es: 'Se ha sentido tan inquieto(a) que no ha podido quedarse quieto(a)',
    fr: 'Agitation telle qu’il est difficile de rester tranquille',
    pt: 'Ficar tão agitado/a que se torna difícil permanecer sentado/a',
    zh: '由于不安而无法静坐',
  },
  {
    code: '69689-8',
    en: 'Becoming easily annoyed or irritable',
    es: 'Se ha molestado o irritado fácilmente',
    fr: 'Devenir facilement contrarié(e) ou irritable',
    pt: 'Ficar facilmente aborrecido/a ou irritado/a',
    zh: '变得容易烦恼或急躁',
  },
  {
    code: '69736-3',
    en: 'Feeling afraid, as if something awful might happen',
    es: 'Ha tenido miedo de que algo terrible fuera a pasar',
    fr: 'Avoir peur que quelque chose d’épouvantable puisse arriver',
    pt: 'Sentir medo como se algo horrível fosse acontecer',
    zh: '感到似乎将有可怕的事情发生而害怕',
  },
];

export const GAD7_ITEM_LINK_IDS = PROBLEMS.map((p) => `/${p.code}`);

export const GAD7: FhirElement = questionnaire({
  id: 'gad-7',
  url: 'http://loinc.org/q/69737-5',
  version: '2.0',
  publisher: 'Riverside Cancer Center (as published by LOINC)',
  copyright:
    'GAD-7: developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an ' +
    'educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.',
  code: loinc('69737-5', 'Generalized anxiety disorder 7 item (GAD-7)'),
  title: tr({
    en: 'Anxiety questionnaire (GAD-7)',
    es: 'Cuestionario de ansiedad (GAD-7)',
    fr: 'Questionnaire sur l’anxiété (GAD-7)',
    pt: 'Questionário de ansiedade (GAD-7)',
    zh: '焦虑问卷 (GAD-7)',
  }),
  description: tr({
    en: 'Seven questions about worry and nervousness over the last 2 weeks.',
    es: 'Siete preguntas sobre la preocupación y los nervios durante las últimas 2 semanas.',
    fr: 'Sept questions sur l’inquiétude et la nervosité au cours des 2 dernières semaines.',
    pt: 'Sete perguntas sobre preocupação e nervosismo nas últimas 2 semanas.',
    zh: '关于您过去两周担忧和紧张情况的七个问题。',
  }),
  instructions: tr({
    en:
      'Choose the answer that best describes how often each problem has bothered you over the last 2 weeks. ' +
      'There are no right or wrong answers. Your care team will go over your answers with you.',
    es:
      'Elija la respuesta que mejor describa con qué frecuencia le ha molestado cada problema durante las últimas ' +
      '2 semanas. No hay respuestas correctas ni incorrectas. Su equipo de atención revisará sus respuestas con usted.',
    fr:
      'Choisissez la réponse qui décrit le mieux à quelle fréquence chaque problème vous a dérangé(e) au cours des ' +
      '14 derniers jours. Il n’y a pas de bonne ou de mauvaise réponse. Votre équipe soignante passera vos ' +
      'réponses en revue avec vous.',
    pt:
      'Escolha a resposta que melhor descreve com que frequência cada problema incomodou você nas últimas ' +
      '2 semanas. Não há respostas certas ou erradas. Sua equipe de cuidados vai analisar suas respostas com você.',
    zh: '请选择最能描述过去两周内每个问题困扰您的频率的答案。答案没有对错之分。您的医护团队会和您一起查看您的回答。',
  }),
  completionMessage: tr({
    en: 'Thank you for completing the GAD-7. Your care team will review your answers before your next visit.',
    es: 'Gracias por completar el GAD-7. Su equipo de atención revisará sus respuestas antes de su próxima visita.',
    fr: 'Merci d’avoir rempli le GAD-7. Votre équipe soignante examinera vos réponses avant votre prochaine visite.',
    pt: 'Obrigado por preencher o GAD-7. Sua equipe de cuidados vai analisar suas respostas antes da sua próxima consulta.',
    zh: '感谢您填写 GAD-7。您的医护团队会在您下次就诊前查看您的回答。',
  }),
  scores: [
    {
      code: 'total',
      name: tr({
        en: 'GAD-7 total score',
        es: 'Puntuación total del GAD-7',
        fr: 'Score total du GAD-7',
        pt: 'Pontuação total do GAD-7',
        zh: 'GAD-7 总分',
      }),
      items: GAD7_ITEM_LINK_IDS,
      ranges: [
        {
          min: 0,
          max: 4,
          message: tr({
            en:
              'Thank you for completing this questionnaire. Your answers show few or no signs of anxiety at the ' +
              'moment. If that changes, your care team is always glad to talk.',
            es:
              'Gracias por completar este cuestionario. Sus respuestas muestran pocos o ningún signo de ansiedad en ' +
              'este momento. Si eso cambia, su equipo de atención siempre estará dispuesto a hablar con usted.',
            fr:
              'Merci d’avoir rempli ce questionnaire. Vos réponses montrent peu ou pas de signes d’anxiété en ce ' +
              'moment. Si cela change, votre équipe soignante est toujours disponible pour en parler.',
            pt:
              'Obrigado por preencher este questionário. Suas respostas mostram poucos ou nenhum sinal de ansiedade ' +
              'no momento. Se isso mudar, sua equipe de cuidados está sempre disposta a conversar.',
            zh: '感谢您填写本问卷。您的回答显示，您目前几乎没有焦虑的迹象。如果情况有变化，您的医护团队随时愿意与您交谈。',
          }),
        },
        {
          min: 5,
          max: 9,
          message: tr({
            en:
              'Thank you for completing this questionnaire. Your answers show some mild signs of worry or anxiety, ' +
              'which many people feel during treatment. Your care team will review your answers, and you are ' +
              'welcome to talk with them about it.',
            es:
              'Gracias por completar este cuestionario. Sus respuestas muestran algunos signos leves de preocupación ' +
              'o ansiedad, algo que muchas personas sienten durante el tratamiento. Su equipo de atención revisará ' +
              'sus respuestas, y puede hablar con ellos al respecto.',
            fr:
              'Merci d’avoir rempli ce questionnaire. Vos réponses montrent quelques signes légers d’inquiétude ou ' +
              'd’anxiété, ce que beaucoup de personnes ressentent pendant un traitement. Votre équipe soignante ' +
              'examinera vos réponses, et vous pouvez lui en parler.',
            pt:
              'Obrigado por preencher este questionário. Suas respostas mostram alguns sinais leves de preocupação ' +
              'ou ansiedade, algo que muitas pessoas sentem durante o tratamento. Sua equipe de cuidados vai ' +
              'analisar suas respostas, e você pode conversar com ela sobre isso.',
            zh: '感谢您填写本问卷。您的回答显示有一些轻微的担忧或焦虑迹象，很多人在治疗期间都会有这种感受。您的医护团队会查看您的回答，欢迎您和他们谈谈。',
          }),
        },
        {
          min: 10,
          max: 14,
          message: tr({
            en:
              'Thank you for sharing how you have been feeling. Your answers show a moderate level of worry or ' +
              'anxiety. Your care team will go over your answers with you; please talk with them about what ' +
              'support could help.',
            es:
              'Gracias por contarnos cómo se ha sentido. Sus respuestas muestran un nivel moderado de preocupación ' +
              'o ansiedad. Su equipo de atención revisará sus respuestas con usted; hable con ellos sobre qué ' +
              'apoyo podría ayudarle.',
            fr:
              'Merci de nous avoir dit comment vous vous sentez. Vos réponses montrent un niveau modéré ' +
              'd’inquiétude ou d’anxiété. Votre équipe soignante passera vos réponses en revue avec vous ; ' +
              'parlez-lui du soutien qui pourrait vous aider.',
            pt:
              'Obrigado por contar como você tem se sentido. Suas respostas mostram um nível moderado de ' +
              'preocupação ou ansiedade. Sua equipe de cuidados vai analisar suas respostas com você; converse com ' +
              'ela sobre o apoio que poderia ajudar.',
            zh: '感谢您告诉我们您最近的感受。您的回答显示有中等程度的担忧或焦虑。您的医护团队会和您一起查看您的回答；请和他们谈谈哪些支持可能对您有帮助。',
          }),
        },
        {
          min: 15,
          max: 21,
          message: tr({
            en:
              'Thank you for sharing how you have been feeling. Your answers show that worry and anxiety have been ' +
              'weighing on you a lot. Please talk with your care team soon: support is available, and they want ' +
              'to help.',
            es:
              'Gracias por contarnos cómo se ha sentido. Sus respuestas muestran que la preocupación y la ansiedad ' +
              'le han afectado mucho. Hable pronto con su equipo de atención: hay apoyo disponible y quieren ' +
              'ayudarle.',
            fr:
              'Merci de nous avoir dit comment vous vous sentez. Vos réponses montrent que l’inquiétude et ' +
              'l’anxiété vous pèsent beaucoup. Parlez-en bientôt à votre équipe soignante : un soutien existe, et ' +
              'elle souhaite vous aider.',
            pt:
              'Obrigado por contar como você tem se sentido. Suas respostas mostram que a preocupação e a ansiedade ' +
              'têm pesado muito. Converse em breve com sua equipe de cuidados: há apoio disponível, e ela quer ' +
              'ajudar.',
            zh: '感谢您告诉我们您最近的感受。您的回答显示担忧和焦虑给您带来了很大的困扰。请尽快和您的医护团队谈谈：我们可以为您提供支持，他们很愿意帮助您。',
          }),
        },
      ],
    },
  ],
  items: [
    displayItem(
      'stem',
      tr({
        en: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
        es: 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
        fr: 'Au cours des 14 derniers jours, à quelle fréquence avez-vous été dérangé(e) par les problèmes suivants ?',
        pt: 'Durante as últimas 2 semanas, com que frequência você foi incomodado/a pelos problemas abaixo?',
        zh: '在过去两个星期，有多少时候您受到以下任何问题所困扰？',
      }),
    ),
    ...PROBLEMS.map(({ code, ...texts }, index) =>
      choiceItem(`/${code}`, tr(texts), FREQUENCY, {
        required: true,
        prefix: `${index + 1}.`,
        code: loinc(code, texts.en),
      }),
    ),
    calculatedTotalItem(
      '/70274-6',
      tr({
        en: 'Total score',
        es: 'Puntuación total',
        fr: 'Score total',
        pt: 'Pontuação total',
        zh: '总分',
      }),
      GAD7_ITEM_LINK_IDS.map((id) => `%resource.item.where(linkId='${id}').answer.value.ordinal()`).join(' + '),
      loinc('70274-6', 'Generalized anxiety disorder 7 item (GAD-7) total score'),
    ),
    choiceItem(
      '/69722-7',
      tr({
        en:
          'If you checked off any problems, how difficult have these problems made it for you to do your work, ' +
          'take care of things at home, or get along with other people?',
        es:
          'Si marcó cualquiera de los problemas, ¿qué tanta dificultad le han dado estos problemas para hacer su ' +
          'trabajo, encargarse de las tareas del hogar, o llevarse bien con otras personas?',
        fr:
          'Si vous avez coché au moins un des problèmes évoqués, à quel point ce(s) problème(s) a-t-il (ont-ils) ' +
          'rendu votre travail, vos tâches à la maison ou votre capacité à bien vous entendre avec les autres ' +
          'difficile(s) ?',
        pt:
          'Se você assinalou qualquer um dos problemas, indique o grau de dificuldade que os mesmos lhe causaram ' +
          'para realizar seu trabalho, tomar conta das coisas em casa ou para se dar bem com as pessoas.',
        zh: '如果您勾选了任何问题，这些问题在您工作、处理家务或与他人相处上造成了多大的困难？',
      }),
      DIFFICULTY_OPTIONS,
      {
        code: loinc(
          '69722-7',
          'How difficult have these problems made it for you to do your work, take care of things at home, or get ' +
            'along with other people?',
        ),
      },
    ),
  ],
});
