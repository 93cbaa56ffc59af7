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

// The PHQ-9 as LOINC publishes it (panel 44249-1, answer list LL358-3), with the wording of the official
// translations (Spanish for the USA, French for France, Portuguese for Brazil, simplified Chinese for China).

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
      fr: 'Plus de la moitié du temps',
      pt: 'Mais da metade dos dias',
      zh: '一半以上的天数',
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

/** The nine problems: LOINC question code and the text in each language. */
const PROBLEMS: { code: string; en: string; es: string; fr: string; pt: string; zh: string }[] = [
  {
    code: '44250-9',
    en: 'Little interest or pleasure in doing things',
    es: 'Poco interés o placer en hacer cosas',
    fr: 'Peu d’intérêt ou de plaisir à faire les choses',
    pt: 'Pouco interesse ou pouco prazer em fazer as coisas',
    zh: '做事时提不起劲或没有兴趣',
  },
  {
    code: '44255-8',
    en: 'Feeling down, depressed, or hopeless',
    es: 'Se ha sentido decaído(a), deprimido(a) o sin esperanzas',
    fr: 'Être triste, déprimé(e) ou désespéré(e)',
    pt: 'Se sentir “para baixo”, deprimido/a ou sem perspectiva',
    zh: '感到心情低落、沮丧或绝望',
  },
  {
    code: '44259-0',
    en: 'Trouble falling or staying asleep, or sleeping too much',
    es: 'Ha tenido dificultad para quedarse o permanecer dormido(a), o ha dormido demasiado',
    fr: 'Difficultés à s’endormir ou à rester endormi(e), ou dormir trop',
    pt: 'Dificuldade para pegar no sono ou permanecer dormindo, ou dormir mais do que de costume',
    zh: '入睡困难、睡不安稳或睡眠过多',
  },
  {
    code: '44254-1',
    en: 'Feeling tired or having little energy',
    es: 'Se ha sentido cansado(a) o con poca energía',
    fr: 'Se sentir fatigué(e) ou manquer d’énergie',
    pt: 'Se sentir cansado/a ou com pouca energia',
    zh: '感觉疲倦或没有活力',
  },
  {
    code: '44251-7',
    en: 'Poor appetite or overeating',
    es: 'Sin apetito o ha comido en exceso',
    fr: 'Avoir peu d’appétit ou manger trop',
    pt: 'Falta de apetite ou comendo demais',
    zh: '食欲不振或吃太多',
  },
  {
    code: '44258-2',
    en: 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down',
    es: 'Se ha sentido mal con usted mismo(a) — o que es un fracaso o que ha quedado mal con usted mismo(a) o con su familia',
    fr: 'Avoir une mauvaise opinion de soi-même, ou avoir le sentiment d’être nul(le), ou d’avoir déçu sa famille ou s’être déçu(e) soi-même',
    pt: 'Se sentir mal consigo mesmo/a — ou achar que você é um fracasso ou que decepcionou sua família ou você mesmo/a',
    zh: '觉得自己很糟 — 或觉得自己很失败，或让自己或家人失望',
  },
  {
    code: '44252-5',
    en: 'Trouble concentrating on things, such as reading the newspaper or watching television',
    es: 'Ha tenido dificultad para concentrarse en ciertas actividades, tales como leer el periódico o ver la televisión',
    fr: 'Avoir du mal à se concentrer, par exemple pour lire le journal ou regarder la télévision',
    pt: 'Dificuldade para se concentrar nas coisas, como ler o jornal ou ver televisão',
    zh: '对事物专注有困难，例如阅读报纸或看电视时',
  },
  {
    code: '44253-3',
    en:
      'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or ' +
      'restless that you have been moving around a lot more than usual',
    es:
      '¿Se ha movido o hablado tan lento que otras personas podrían haberlo notado? o lo contrario — muy ' +
      'inquieto(a) o agitado(a) que ha estado moviéndose mucho más de lo normal',
    fr:
      'Bouger ou parler si lentement que les autres auraient pu le remarquer. Ou au contraire, être si agité(e) ' +
      'que vous avez eu du mal à tenir en place par rapport à d’habitude',
    pt:
      'Lentidão para se movimentar ou falar, a ponto das outras pessoas perceberem? Ou o oposto — estar tão ' +
      'agitado/a ou inquieto/a que você fica andando de um lado para o outro muito mais do que de costume',
    zh: '动作或说话速度缓慢到别人已经觉察？或正好相反 — 烦躁或坐立不安、动来动去的情况更胜于平常',
  },
  {
    code: '44260-8',
    en: 'Thoughts that you would be better off dead, or of hurting yourself in some way',
    es: 'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
    fr: 'Penser qu’il vaudrait mieux mourir ou envisager de vous faire du mal d’une manière ou d’une autre',
    pt: 'Pensar em se ferir de alguma maneira ou que seria melhor estar morto/a',
    zh: '有不如死掉或用某种方式伤害自己的念头',
  },
];

/** The answers of the difficulty question (LOINC 69722-7), unscored; the GAD-7 asks it too. */
export const DIFFICULTY_OPTIONS = [
  option({
    code: 'LA6572-7',
    system: LOINC,
    text: tr({
      en: 'Not difficult at all',
      es: 'No ha sido difícil',
      fr: 'Pas du tout difficile(s)',
      pt: 'Nenhuma dificuldade',
      zh: '毫无困难',
    }),
  }),
  option({
    code: 'LA6573-5',
    system: LOINC,
    text: tr({
      en: 'Somewhat difficult',
      es: 'Un poco difícil',
      fr: 'Assez difficile(s)',
      pt: 'Alguma dificuldade',
      zh: '有些困难',
    }),
  }),
  option({
    code: 'LA6575-0',
    system: LOINC,
    text: tr({
      en: 'Very difficult',
      es: 'Muy difícil',
      fr: 'Très difficile(s)',
      pt: 'Muita dificuldade',
      zh: '非常困难',
    }),
  }),
  option({
    code: 'LA6574-3',
    system: LOINC,
    text: tr({
      en: 'Extremely difficult',
      es: 'Extremadamente difícil',
      fr: 'Extrêmement difficile(s)',
      pt: 'Extrema dificuldade',
      zh: '极度困难',
    }),
  }),
];

export const PHQ9_ITEM_LINK_IDS = PROBLEMS.map((p) => `/${p.code}`);
/** Question 9, thoughts of self-harm: its own score, so any answer but 'Not at all' brings a message. */
export const PHQ9_SELF_HARM_LINK_ID = '/44260-8';
export const PHQ9_DIFFICULTY_LINK_ID = '/69722-7';

export const PHQ9: FhirElement = questionnaire({
  id: 'phq-9',
  url: 'http://loinc.org/q/44249-1',
  version: '2.0',
  publisher: 'Riverside Cancer Center (as published by LOINC)',
  copyright:
    'PHQ-9: developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an ' +
    'educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.',
  code: loinc('44249-1', 'PHQ-9 quick depression assessment panel'),
  title: tr({
    en: 'Patient Health Questionnaire (PHQ-9)',
    es: 'Cuestionario sobre la salud del paciente (PHQ-9)',
    fr: 'Questionnaire sur la santé du patient (PHQ-9)',
    pt: 'Questionário sobre a saúde do paciente (PHQ-9)',
    zh: '患者健康问卷 (PHQ-9)',
  }),
  description: tr({
    en: 'Nine questions about your mood over the last 2 weeks.',
    es: 'Nueve preguntas sobre su estado de ánimo durante las últimas 2 semanas.',
    fr: 'Neuf questions sur votre moral au cours des 2 dernières semaines.',
    pt: 'Nove perguntas sobre o seu humor nas últimas 2 semanas.',
    zh: '关于您过去两周情绪状况的九个问题。',
  }),
  instructions: tr({
    en:
      'Choose the answer that best describes how often each problem has bothered you over the last 2 weeks. ' +
      'There are no right or wrong answers. Your care team will go over your answers with you.',
    es:
      'Elija la respuesta que mejor describa con qué frecuencia le ha molestado cada problema durante las últimas ' +
      '2 semanas. No hay respuestas correctas ni incorrectas. Su equipo de atención revisará sus respuestas con usted.',
    fr:
      'Choisissez la réponse qui décrit le mieux à quelle fréquence chaque problème vous a gêné(e) au cours des ' +
      '2 dernières semaines. Il n’y a pas de bonne ou de mauvaise réponse. Votre équipe soignante passera vos ' +
      'réponses en revue avec vous.',
    pt:
      'Escolha a resposta que melhor descreve com que frequência cada problema incomodou você nas últimas ' +
      '2 semanas. Não há respostas certas ou erradas. Sua equipe de cuidados vai analisar suas respostas com você.',
    zh: '请选择最能描述过去两周内每个问题困扰您的频率的答案。答案没有对错之分。您的医护团队会和您一起查看您的回答。',
  }),
  completionMessage: tr({
    en: 'Thank you for completing the PHQ-9. Your care team will review your answers before your next visit.',
    es: 'Gracias por completar el PHQ-9. Su equipo de atención revisará sus respuestas antes de su próxima visita.',
    fr: 'Merci d’avoir rempli le PHQ-9. Votre équipe soignante examinera vos réponses avant votre prochaine visite.',
    pt: 'Obrigado por preencher o PHQ-9. Sua equipe de cuidados vai analisar suas respostas antes da sua próxima consulta.',
    zh: '感谢您填写 PHQ-9。您的医护团队会在您下次就诊前查看您的回答。',
  }),
  scores: [
    {
      code: 'total',
      name: tr({
        en: 'PHQ-9 total score',
        es: 'Puntuación total del PHQ-9',
        fr: 'Score total du PHQ-9',
        pt: 'Pontuação total do PHQ-9',
        zh: 'PHQ-9 总分',
      }),
      items: PHQ9_ITEM_LINK_IDS,
      ranges: [
        {
          min: 0,
          max: 4,
          message: tr({
            en:
              'Thank you for completing this questionnaire. Your answers show few or no signs of low mood at the ' +
              'moment. If the way you feel changes, your care team is always glad to talk.',
            es:
              'Gracias por completar este cuestionario. Sus respuestas muestran pocos o ningún signo de ánimo bajo ' +
              'en este momento. Si cambia cómo se siente, su equipo de atención siempre estará dispuesto a hablar ' +
              'con usted.',
            fr:
              'Merci d’avoir rempli ce questionnaire. Vos réponses montrent peu ou pas de signes de baisse de moral ' +
              'en ce moment. Si votre ressenti change, votre équipe soignante est toujours disponible pour en parler.',
            pt:
              'Obrigado por preencher este questionário. Suas respostas mostram poucos ou nenhum sinal de desânimo ' +
              'no momento. Se o que você sente mudar, sua equipe de cuidados está sempre disposta a conversar.',
            zh: '感谢您填写本问卷。您的回答显示，您目前几乎没有情绪低落的迹象。如果您的感受有变化，您的医护团队随时愿意与您交谈。',
          }),
        },
        {
          min: 5,
          max: 9,
          message: tr({
            en:
              'Thank you for completing this questionnaire. Your answers show some mild signs of low mood, which is ' +
              'common during treatment. Your care team will review your answers, and you are welcome to talk with ' +
              'them about how you are feeling.',
            es:
              'Gracias por completar este cuestionario. Sus respuestas muestran algunos signos leves de ánimo bajo, ' +
              'algo frecuente durante el tratamiento. Su equipo de atención revisará sus respuestas, y puede hablar ' +
              'con ellos sobre cómo se siente.',
            fr:
              'Merci d’avoir rempli ce questionnaire. Vos réponses montrent quelques signes légers de baisse de ' +
              'moral, ce qui est fréquent pendant un traitement. Votre équipe soignante examinera vos réponses, et ' +
              'vous pouvez lui parler de ce que vous ressentez.',
            pt:
              'Obrigado por preencher este questionário. Suas respostas mostram alguns sinais leves de desânimo, ' +
              'algo comum durante o tratamento. Sua equipe de cuidados vai analisar suas respostas, e você pode ' +
              'conversar com ela sobre como está se sentindo.',
            zh: '感谢您填写本问卷。您的回答显示有一些轻微的情绪低落迹象，这在治疗期间很常见。您的医护团队会查看您的回答，欢迎您和他们谈谈您的感受。',
          }),
        },
        {
          min: 10,
          max: 14,
          message: tr({
            en:
              'Thank you for sharing how you have been feeling. Your answers show a moderate level of low mood. ' +
              'Your care team will go over your answers with you; please talk with them about what support could ' +
              'help.',
            es:
              'Gracias por contarnos cómo se ha sentido. Sus respuestas muestran un nivel moderado de ánimo bajo. ' +
              'Su equipo de atención revisará sus respuestas con usted; hable con ellos sobre qué apoyo podría ' +
              'ayudarle.',
            fr:
              'Merci de nous avoir dit comment vous vous sentez. Vos réponses montrent une baisse de moral d’un ' +
              'niveau modéré. Votre équipe soignante passera vos réponses en revue avec vous ; parlez-lui du ' +
              'soutien qui pourrait vous aider.',
            pt:
              'Obrigado por contar como você tem se sentido. Suas respostas mostram um nível moderado de desânimo. ' +
              'Sua equipe de cuidados vai analisar suas respostas com você; converse com ela sobre o apoio que ' +
              'poderia ajudar.',
            zh: '感谢您告诉我们您最近的感受。您的回答显示有中等程度的情绪低落。您的医护团队会和您一起查看您的回答；请和他们谈谈哪些支持可能对您有帮助。',
          }),
        },
        {
          min: 15,
          max: 19,
          message: tr({
            en:
              'Thank you for sharing how you have been feeling. Your answers show that low mood has been weighing ' +
              'on you quite a lot. Please talk with your care team soon: support is available, and they will go ' +
              'over your answers with you.',
            es:
              'Gracias por contarnos cómo se ha sentido. Sus respuestas muestran que el ánimo bajo le ha afectado ' +
              'bastante. Hable pronto con su equipo de atención: hay apoyo disponible y revisarán sus respuestas ' +
              'con usted.',
            fr:
              'Merci de nous avoir dit comment vous vous sentez. Vos réponses montrent que la baisse de moral vous ' +
              'pèse beaucoup. Parlez-en bientôt à votre équipe soignante : un soutien existe, et elle passera vos ' +
              'réponses en revue avec vous.',
            pt:
              'Obrigado por contar como você tem se sentido. Suas respostas mostram que o desânimo tem pesado ' +
              'bastante. Converse em breve com sua equipe de cuidados: há apoio disponível, e ela vai analisar ' +
              'suas respostas com você.',
            zh: '感谢您告诉我们您最近的感受。您的回答显示情绪低落给您带来了相当大的困扰。请尽快和您的医护团队谈谈：我们可以为您提供支持，他们会和您一起查看您的回答。',
          }),
        },
        {
          min: 20,
          max: 27,
          message: tr({
            en:
              'Thank you for sharing how you have been feeling. Your answers show that you have been going through ' +
              'a very hard time. Please talk with your care team soon; support is available and they want to help.',
            es:
              'Gracias por contarnos cómo se ha sentido. Sus respuestas muestran que lo ha estado pasando muy mal. ' +
              'Hable pronto con su equipo de atención; hay apoyo disponible y quieren ayudarle.',
            fr:
              'Merci de nous avoir dit comment vous vous sentez. Vos réponses montrent que vous traversez une ' +
              'période très difficile. Parlez-en bientôt à votre équipe soignante ; un soutien existe et elle ' +
              'souhaite vous aider.',
            pt:
              'Obrigado por contar como você tem se sentido. Suas respostas mostram que você tem passado por um ' +
              'momento muito difícil. Converse em breve com sua equipe de cuidados; há apoio disponível e ela quer ' +
              'ajudar.',
            zh: '感谢您告诉我们您最近的感受。您的回答显示您最近过得非常艰难。请尽快和您的医护团队谈谈；我们可以为您提供支持，他们很愿意帮助您。',
          }),
        },
      ],
    },
    {
      code: 'question9',
      name: tr({
        en: 'Question 9: thoughts of hurting yourself',
        es: 'Pregunta 9: pensamientos de lastimarse',
        fr: 'Question 9 : pensées de vous faire du mal',
        pt: 'Pergunta 9: pensamentos de se ferir',
        zh: '第 9 题：伤害自己的念头',
      }),
      items: [PHQ9_SELF_HARM_LINK_ID],
      ranges: [
        {
          min: 1,
          max: 3,
          message: tr({
            en:
              'Thank you for telling us. You said you have had thoughts that you would be better off dead or of ' +
              'hurting yourself. Please talk with your care team today; they want to help. If you feel you might ' +
              'act on these thoughts, call or text 988 (Suicide and Crisis Lifeline) or call 911.',
            es:
              'Gracias por decírnoslo. Usted indicó que ha tenido pensamientos de que estaría mejor muerto(a) o de ' +
              'lastimarse. Hable hoy con su equipo de atención; quieren ayudarle. Si siente que podría actuar ' +
              'según estos pensamientos, llame o envíe un mensaje de texto al 988 (Línea de Prevención del ' +
              'Suicidio y Crisis) o llame al 911.',
            fr:
              'Merci de nous l’avoir dit. Vous avez indiqué avoir pensé qu’il vaudrait mieux mourir ou avoir eu ' +
              'envie de vous faire du mal. Parlez-en aujourd’hui à votre équipe soignante ; elle souhaite vous ' +
              'aider. Si vous sentez que vous pourriez passer à l’acte, appelez le 988 ou envoyez-lui un texto ' +
              '(ligne d’aide en cas de suicide et de crise), ou appelez le 911.',
            pt:
              'Obrigado por nos contar. Você indicou que tem pensado que seria melhor estar morto/a ou em se ' +
              'ferir. Converse hoje com sua equipe de cuidados; ela quer ajudar. Se sentir que pode agir de acordo ' +
              'com esses pensamentos, ligue ou envie uma mensagem de texto para o 988 (linha de prevenção do ' +
              'suicídio e de crise) ou ligue para o 911.',
            zh: '感谢您告诉我们。您表示曾有过不如死掉或伤害自己的念头。请今天就和您的医护团队谈谈，他们很愿意帮助您。如果您觉得自己可能会付诸行动，请拨打或发短信至 988（自杀与危机生命热线），或拨打 911。',
          }),
        },
      ],
    },
  ],
  items: [
    displayItem(
      'stem',
      tr({
        en: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
        es: 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
        fr: 'Au cours des 2 dernières semaines, selon quelle fréquence avez-vous été gêné(e) par les problèmes suivants ?',
        pt: 'Durante as últimas 2 semanas, com que frequência você foi incomodado/a por qualquer um dos problemas abaixo?',
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
      '/44261-6',
      tr({
        en: 'Total score',
        es: 'Puntuación total',
        fr: 'Score total',
        pt: 'Pontuação total',
        zh: '总分',
      }),
      PHQ9_ITEM_LINK_IDS.map((id) => `%resource.item.where(linkId='${id}').answer.value.ordinal()`).join(' + '),
      loinc('44261-6', 'Patient health questionnaire 9 item total score'),
    ),
    choiceItem(
      PHQ9_DIFFICULTY_LINK_ID,
      tr({
        en:
          'If you checked off any problems, how difficult have these problems made it for you to do your work, ' +
          'take care of things at home, or get along with other people?',
        es:
          'Si marcó cualquiera de los problemas, ¿qué tanta dificultad le han dado estos problemas para hacer su ' +
          'trabajo, encargarse de las tareas del hogar, o llevarse bien con otras personas?',
        fr:
          'Si vous avez coché au moins un des problèmes évoqués, à quel point ce(s) problème(s) a-t-il (ont-ils) ' +
          'rendu votre travail, vos tâches à la maison ou votre capacité à vous entendre avec les autres difficile(s) ?',
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
