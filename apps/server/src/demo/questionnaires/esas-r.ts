import { phoneText, RIVERSIDE_PHONES } from '../demo-phones';
import { displayItem, questionnaire, sliderItem, textItem, tr, type FhirElement, type Texts } from './fhir-builder';

// The revised Edmonton Symptom Assessment System (ESAS-r, Watanabe and colleagues, 2011): nine symptoms rated
// from 0 to 10 as the patient feels now, with the instrument's words at each end and its explanations of the
// less obvious symptoms, plus an optional problem of the patient's own. Scores as published: the total symptom
// distress score (the nine), the physical symptom score (the six physical symptoms) and the emotional symptom
// score (depression and anxiety). Wellbeing counts in the total only; the patient's own problem in none.

const NURSE_LINE = phoneText(RIVERSIDE_PHONES.nurseLine);

interface Symptom {
  linkId: string;
  text: Texts;
  lower: Texts;
  upper: Texts;
}

const SYMPTOMS: Symptom[] = [
  {
    linkId: 'pain',
    text: { en: 'Pain', es: 'Dolor', fr: 'Douleur', pt: 'Dor', zh: '疼痛' },
    lower: { en: 'No pain', es: 'Sin dolor', fr: 'Aucune douleur', pt: 'Sem dor', zh: '无疼痛' },
    upper: {
      en: 'Worst possible pain',
      es: 'El peor dolor posible',
      fr: 'Pire douleur possible',
      pt: 'Pior dor possível',
      zh: '最严重的疼痛',
    },
  },
  {
    linkId: 'tiredness',
    text: {
      en: 'Tiredness (tiredness = lack of energy)',
      es: 'Cansancio (cansancio = falta de energía)',
      fr: 'Fatigue (fatigue = manque d’énergie)',
      pt: 'Cansaço (cansaço = falta de energia)',
      zh: '疲倦（疲倦 = 缺乏精力）',
    },
    lower: { en: 'No tiredness', es: 'Sin cansancio', fr: 'Aucune fatigue', pt: 'Sem cansaço', zh: '无疲倦' },
    upper: {
      en: 'Worst possible tiredness',
      es: 'El peor cansancio posible',
      fr: 'Pire fatigue possible',
      pt: 'Pior cansaço possível',
      zh: '最严重的疲倦',
    },
  },
  {
    linkId: 'drowsiness',
    text: {
      en: 'Drowsiness (drowsiness = feeling sleepy)',
      es: 'Somnolencia (somnolencia = sentirse adormilado)',
      fr: 'Somnolence (somnolence = se sentir endormi)',
      pt: 'Sonolência (sonolência = sentir-se com sono)',
      zh: '嗜睡（嗜睡 = 感觉昏昏欲睡）',
    },
    lower: {
      en: 'No drowsiness',
      es: 'Sin somnolencia',
      fr: 'Aucune somnolence',
      pt: 'Sem sonolência',
      zh: '无嗜睡',
    },
    upper: {
      en: 'Worst possible drowsiness',
      es: 'La peor somnolencia posible',
      fr: 'Pire somnolence possible',
      pt: 'Pior sonolência possível',
      zh: '最严重的嗜睡',
    },
  },
  {
    linkId: 'nausea',
    text: { en: 'Nausea', es: 'Náuseas', fr: 'Nausée', pt: 'Náusea', zh: '恶心' },
    lower: { en: 'No nausea', es: 'Sin náuseas', fr: 'Aucune nausée', pt: 'Sem náusea', zh: '无恶心' },
    upper: {
      en: 'Worst possible nausea',
      es: 'Las peores náuseas posibles',
      fr: 'Pire nausée possible',
      pt: 'Pior náusea possível',
      zh: '最严重的恶心',
    },
  },
  {
    linkId: 'appetite',
    text: {
      en: 'Lack of appetite',
      es: 'Falta de apetito',
      fr: 'Manque d’appétit',
      pt: 'Falta de apetite',
      zh: '食欲不振',
    },
    lower: {
      en: 'No lack of appetite',
      es: 'Sin falta de apetito',
      fr: 'Aucun manque d’appétit',
      pt: 'Sem falta de apetite',
      zh: '食欲正常',
    },
    upper: {
      en: 'Worst possible lack of appetite',
      es: 'La peor falta de apetito posible',
      fr: 'Pire manque d’appétit possible',
      pt: 'Pior falta de apetite possível',
      zh: '最严重的食欲不振',
    },
  },
  {
    linkId: 'shortness-of-breath',
    text: {
      en: 'Shortness of breath',
      es: 'Falta de aire',
      fr: 'Essoufflement',
      pt: 'Falta de ar',
      zh: '气短',
    },
    lower: {
      en: 'No shortness of breath',
      es: 'Sin falta de aire',
      fr: 'Aucun essoufflement',
      pt: 'Sem falta de ar',
      zh: '无气短',
    },
    upper: {
      en: 'Worst possible shortness of breath',
      es: 'La peor falta de aire posible',
      fr: 'Pire essoufflement possible',
      pt: 'Pior falta de ar possível',
      zh: '最严重的气短',
    },
  },
  {
    linkId: 'depression',
    text: {
      en: 'Depression (depression = feeling sad)',
      es: 'Depresión (depresión = sentirse triste)',
      fr: 'Dépression (dépression = se sentir triste)',
      pt: 'Depressão (depressão = sentir-se triste)',
      zh: '抑郁（抑郁 = 感到悲伤）',
    },
    lower: { en: 'No depression', es: 'Sin depresión', fr: 'Aucune dépression', pt: 'Sem depressão', zh: '无抑郁' },
    upper: {
      en: 'Worst possible depression',
      es: 'La peor depresión posible',
      fr: 'Pire dépression possible',
      pt: 'Pior depressão possível',
      zh: '最严重的抑郁',
    },
  },
  {
    linkId: 'anxiety',
    text: {
      en: 'Anxiety (anxiety = feeling nervous)',
      es: 'Ansiedad (ansiedad = sentirse nervioso)',
      fr: 'Anxiété (anxiété = se sentir nerveux)',
      pt: 'Ansiedade (ansiedade = sentir-se nervoso)',
      zh: '焦虑（焦虑 = 感到紧张）',
    },
    lower: { en: 'No anxiety', es: 'Sin ansiedad', fr: 'Aucune anxiété', pt: 'Sem ansiedade', zh: '无焦虑' },
    upper: {
      en: 'Worst possible anxiety',
      es: 'La peor ansiedad posible',
      fr: 'Pire anxiété possible',
      pt: 'Pior ansiedade possível',
      zh: '最严重的焦虑',
    },
  },
  {
    linkId: 'wellbeing',
    text: {
      en: 'Wellbeing (wellbeing = how you feel overall)',
      es: 'Bienestar (bienestar = cómo se siente en general)',
      fr: 'Bien-être (bien-être = comment vous vous sentez en général)',
      pt: 'Bem-estar (bem-estar = como você se sente no geral)',
      zh: '整体感觉（整体感觉 = 您总体上感觉如何）',
    },
    lower: {
      en: 'Best wellbeing',
      es: 'El mejor bienestar',
      fr: 'Meilleur bien-être',
      pt: 'Melhor bem-estar',
      zh: '感觉最好',
    },
    upper: {
      en: 'Worst possible wellbeing',
      es: 'El peor bienestar posible',
      fr: 'Pire bien-être possible',
      pt: 'Pior bem-estar possível',
      zh: '感觉最差',
    },
  },
];

export const ESAS_SYMPTOM_LINK_IDS = SYMPTOMS.map((s) => s.linkId);
export const ESAS_PHYSICAL_LINK_IDS = ['pain', 'tiredness', 'drowsiness', 'nausea', 'appetite', 'shortness-of-breath'];
export const ESAS_EMOTIONAL_LINK_IDS = ['depression', 'anxiety'];
export const ESAS_OTHER_NAME_LINK_ID = 'other-problem';
export const ESAS_OTHER_LINK_ID = 'other-problem-rating';

export const ESAS_R: FhirElement = questionnaire({
  id: 'esas-r',
  version: '2011',
  publisher: 'Riverside Cancer Center',
  copyright:
    'ESAS-r: Watanabe SM, Nekolaichuk C, Beaumont C, et al. A multicenter study comparing two numerical versions ' +
    'of the Edmonton Symptom Assessment System in palliative care patients. J Pain Symptom Manage 2011;41:456-68.',
  title: tr({
    en: 'Symptom check (ESAS-r)',
    es: 'Revisión de síntomas (ESAS-r)',
    fr: 'Bilan des symptômes (ESAS-r)',
    pt: 'Avaliação de sintomas (ESAS-r)',
    zh: '症状评估 (ESAS-r)',
  }),
  description: tr({
    en: 'The revised Edmonton Symptom Assessment System: how nine common symptoms feel right now.',
    es: 'El Sistema de Evaluación de Síntomas de Edmonton revisado: cómo siente ahora nueve síntomas frecuentes.',
    fr: 'Le système d’évaluation des symptômes d’Edmonton révisé : comment vous ressentez maintenant neuf symptômes fréquents.',
    pt: 'O Sistema de Avaliação de Sintomas de Edmonton revisado: como você sente agora nove sintomas comuns.',
    zh: '修订版埃德蒙顿症状评估系统：您现在对九种常见症状的感受。',
  }),
  instructions: tr({
    en:
      'For each symptom, choose the number from 0 to 10 that best describes how you feel NOW. 0 means you do not ' +
      'have the symptom; 10 means it is the worst it could possibly be.',
    es:
      'Para cada síntoma, elija el número del 0 al 10 que mejor describa cómo se siente AHORA. 0 significa que no ' +
      'tiene el síntoma; 10 significa que es el peor posible.',
    fr:
      'Pour chaque symptôme, choisissez le chiffre de 0 à 10 qui décrit le mieux comment vous vous sentez ' +
      'MAINTENANT. 0 signifie que vous n’avez pas ce symptôme ; 10, qu’il est le pire possible.',
    pt:
      'Para cada sintoma, escolha o número de 0 a 10 que melhor descreve como você se sente AGORA. 0 significa que ' +
      'você não tem o sintoma; 10 significa que ele é o pior possível.',
    zh: '请为每种症状选择 0 到 10 之间最能描述您现在感受的数字。0 表示您没有这种症状；10 表示这种症状严重到了极点。',
  }),
  completionMessage: tr({
    en:
      'Thank you for completing your symptom check. Your care team will look at it before your visit. If a ' +
      `symptom gets worse before then, call the nurse line at ${NURSE_LINE}, day or night.`,
    es:
      'Gracias por completar su revisión de síntomas. Su equipo de atención la verá antes de su visita. Si un ' +
      `síntoma empeora antes, llame a la línea de enfermería al ${NURSE_LINE}, de día o de noche.`,
    fr:
      'Merci d’avoir rempli votre bilan des symptômes. Votre équipe soignante le consultera avant votre visite. Si ' +
      `un symptôme s’aggrave d’ici là, appelez la ligne des infirmières au ${NURSE_LINE}, jour et nuit.`,
    pt:
      'Obrigado por preencher sua avaliação de sintomas. Sua equipe de cuidados vai analisá-la antes da sua ' +
      `consulta. Se algum sintoma piorar antes disso, ligue para a linha de enfermagem: ${NURSE_LINE}, dia e noite.`,
    zh: `感谢您完成症状评估。您的医护团队会在您就诊前查看。如果在此之前有任何症状加重，请随时致电护士热线 ${NURSE_LINE}（全天 24 小时）。`,
  }),
  scores: [
    {
      code: 'total',
      name: tr({
        en: 'Total symptom distress score',
        es: 'Puntuación total de malestar por síntomas',
        fr: 'Score total de détresse liée aux symptômes',
        pt: 'Pontuação total de sofrimento pelos sintomas',
        zh: '症状困扰总分',
      }),
      items: ESAS_SYMPTOM_LINK_IDS,
      ranges: [
        {
          min: 0,
          max: 27,
          message: tr({
            en:
              'Overall, your symptoms are mild right now. Keep telling your care team about any symptom that ' +
              'bothers you, even a small one.',
            es:
              'En general, sus síntomas son leves en este momento. Siga contándole a su equipo de atención ' +
              'cualquier síntoma que le moleste, aunque sea pequeño.',
            fr:
              'Dans l’ensemble, vos symptômes sont légers en ce moment. Continuez à signaler à votre équipe ' +
              'soignante tout symptôme qui vous gêne, même léger.',
            pt:
              'No geral, seus sintomas estão leves no momento. Continue contando à sua equipe de cuidados sobre ' +
              'qualquer sintoma que incomode você, mesmo que pequeno.',
            zh: '总体而言，您目前的症状较轻。如有任何让您不适的症状，即使很轻微，也请继续告诉您的医护团队。',
          }),
        },
        {
          min: 28,
          max: 54,
          message: tr({
            en:
              'Overall, your symptoms are bothering you a moderate amount. Your care team will look at your ' +
              'answers; please talk with them about the symptoms that trouble you most, as many can be eased.',
            es:
              'En general, sus síntomas le molestan de forma moderada. Su equipo de atención verá sus respuestas; ' +
              'hable con ellos sobre los síntomas que más le afectan, ya que muchos se pueden aliviar.',
            fr:
              'Dans l’ensemble, vos symptômes vous gênent modérément. Votre équipe soignante consultera vos ' +
              'réponses ; parlez-lui des symptômes qui vous dérangent le plus, car beaucoup peuvent être soulagés.',
            pt:
              'No geral, seus sintomas estão incomodando você de forma moderada. Sua equipe de cuidados vai ver ' +
              'suas respostas; converse com ela sobre os sintomas que mais incomodam, pois muitos podem ser aliviados.',
            zh: '总体而言，您的症状给您带来了中等程度的困扰。您的医护团队会查看您的回答；请和他们谈谈最困扰您的症状，很多症状都可以缓解。',
          }),
        },
        {
          min: 55,
          max: 90,
          message: tr({
            en:
              'Thank you for letting us know. Overall, your symptoms are bothering you a lot. Please talk with ' +
              'your care team soon about what troubles you most: there is a lot they can do to help you feel ' +
              'more comfortable.',
            es:
              'Gracias por informarnos. En general, sus síntomas le molestan mucho. Hable pronto con su equipo de ' +
              'atención sobre lo que más le afecta: pueden hacer mucho para que se sienta más cómodo(a).',
            fr:
              'Merci de nous l’avoir signalé. Dans l’ensemble, vos symptômes vous gênent beaucoup. Parlez bientôt ' +
              'à votre équipe soignante de ce qui vous dérange le plus : elle peut faire beaucoup pour vous ' +
              'soulager.',
            pt:
              'Obrigado por nos informar. No geral, seus sintomas estão incomodando muito. Converse em breve com ' +
              'sua equipe de cuidados sobre o que mais incomoda: ela pode fazer muito para você se sentir mais ' +
              'confortável.',
            zh: '感谢您告诉我们。总体而言，您的症状给您带来了很大的困扰。请尽快和您的医护团队谈谈最困扰您的问题：他们有很多办法可以让您感觉更舒适。',
          }),
        },
      ],
    },
    {
      code: 'physical',
      name: tr({
        en: 'Physical symptom score',
        es: 'Puntuación de síntomas físicos',
        fr: 'Score des symptômes physiques',
        pt: 'Pontuação de sintomas físicos',
        zh: '身体症状得分',
      }),
      items: ESAS_PHYSICAL_LINK_IDS,
      ranges: [
        {
          min: 0,
          max: 18,
          message: tr({
            en: 'Your physical symptoms, such as pain, tiredness or nausea, are mild right now.',
            es: 'Sus síntomas físicos, como el dolor, el cansancio o las náuseas, son leves en este momento.',
            fr: 'Vos symptômes physiques, comme la douleur, la fatigue ou la nausée, sont légers en ce moment.',
            pt: 'Seus sintomas físicos, como dor, cansaço ou náusea, estão leves no momento.',
            zh: '您目前的身体症状（如疼痛、疲倦或恶心）较轻。',
          }),
        },
        {
          min: 19,
          max: 36,
          message: tr({
            en:
              'Your physical symptoms are bothering you a moderate amount. Your care team can suggest ways to ease ' +
              'them; please mention the ones that trouble you most.',
            es:
              'Sus síntomas físicos le molestan de forma moderada. Su equipo de atención puede sugerirle formas de ' +
              'aliviarlos; mencione los que más le afectan.',
            fr:
              'Vos symptômes physiques vous gênent modérément. Votre équipe soignante peut vous proposer des moyens ' +
              'de les soulager ; signalez-lui ceux qui vous dérangent le plus.',
            pt:
              'Seus sintomas físicos estão incomodando você de forma moderada. Sua equipe de cuidados pode sugerir ' +
              'formas de aliviá-los; mencione os que mais incomodam.',
            zh: '您的身体症状给您带来了中等程度的困扰。您的医护团队可以建议缓解的方法；请告诉他们最困扰您的症状。',
          }),
        },
        {
          min: 37,
          max: 60,
          message: tr({
            en:
              'Your physical symptoms are bothering you a lot. Please talk with your care team soon: many symptoms ' +
              'can be eased with treatment.',
            es:
              'Sus síntomas físicos le molestan mucho. Hable pronto con su equipo de atención: muchos síntomas se ' +
              'pueden aliviar con tratamiento.',
            fr:
              'Vos symptômes physiques vous gênent beaucoup. Parlez-en bientôt à votre équipe soignante : beaucoup ' +
              'de symptômes peuvent être soulagés par un traitement.',
            pt:
              'Seus sintomas físicos estão incomodando muito. Converse em breve com sua equipe de cuidados: muitos ' +
              'sintomas podem ser aliviados com tratamento.',
            zh: '您的身体症状给您带来了很大的困扰。请尽快和您的医护团队谈谈：很多症状都可以通过治疗得到缓解。',
          }),
        },
      ],
    },
    {
      code: 'emotional',
      name: tr({
        en: 'Emotional symptom score',
        es: 'Puntuación de síntomas emocionales',
        fr: 'Score des symptômes émotionnels',
        pt: 'Pontuação de sintomas emocionais',
        zh: '情绪症状得分',
      }),
      items: ESAS_EMOTIONAL_LINK_IDS,
      ranges: [
        {
          min: 0,
          max: 6,
          message: tr({
            en: 'Your feelings of sadness or nervousness are mild right now.',
            es: 'Sus sentimientos de tristeza o nerviosismo son leves en este momento.',
            fr: 'Vos sentiments de tristesse ou de nervosité sont légers en ce moment.',
            pt: 'Seus sentimentos de tristeza ou nervosismo estão leves no momento.',
            zh: '您目前的悲伤或紧张情绪较轻。',
          }),
        },
        {
          min: 7,
          max: 12,
          message: tr({
            en:
              'You have been feeling somewhat sad or nervous. Many people do during treatment; your care team can ' +
              'put you in touch with support if you would like it.',
            es:
              'Se ha sentido algo triste o nervioso(a). A muchas personas les pasa durante el tratamiento; su ' +
              'equipo de atención puede ponerle en contacto con apoyo si lo desea.',
            fr:
              'Vous vous sentez un peu triste ou nerveux(se). C’est le cas de beaucoup de personnes pendant un ' +
              'traitement ; votre équipe soignante peut vous mettre en contact avec du soutien si vous le souhaitez.',
            pt:
              'Você tem se sentido um pouco triste ou nervoso/a. Isso acontece com muitas pessoas durante o ' +
              'tratamento; sua equipe de cuidados pode colocar você em contato com apoio, se desejar.',
            zh: '您最近感到有些悲伤或紧张。很多人在治疗期间都会这样；如果您愿意，您的医护团队可以为您联系相关支持。',
          }),
        },
        {
          min: 13,
          max: 20,
          message: tr({
            en:
              'You have been feeling very sad or nervous. Please talk with your care team soon; support is ' +
              'available and they want to help.',
            es:
              'Se ha sentido muy triste o nervioso(a). Hable pronto con su equipo de atención; hay apoyo ' +
              'disponible y quieren ayudarle.',
            fr:
              'Vous vous sentez très triste ou nerveux(se). Parlez-en bientôt à votre équipe soignante ; un ' +
              'soutien existe et elle souhaite vous aider.',
            pt:
              'Você tem se sentido muito triste ou nervoso/a. Converse em breve com sua equipe de cuidados; há ' +
              'apoio disponível e ela quer ajudar.',
            zh: '您最近感到非常悲伤或紧张。请尽快和您的医护团队谈谈；我们可以为您提供支持，他们很愿意帮助您。',
          }),
        },
      ],
    },
  ],
  items: [
    displayItem(
      'now',
      tr({
        en: 'How do you feel NOW?',
        es: '¿Cómo se siente AHORA?',
        fr: 'Comment vous sentez-vous MAINTENANT ?',
        pt: 'Como você se sente AGORA?',
        zh: '您现在感觉如何？',
      }),
    ),
    ...SYMPTOMS.map((symptom) =>
      sliderItem(
        symptom.linkId,
        tr(symptom.text),
        { min: 0, max: 10, lower: tr(symptom.lower), upper: tr(symptom.upper) },
        { required: true },
      ),
    ),
    textItem(
      ESAS_OTHER_NAME_LINK_ID,
      tr({
        en: 'Other problem (for example, constipation): what is it?',
        es: 'Otro problema (por ejemplo, estreñimiento): ¿cuál es?',
        fr: 'Autre problème (par exemple, la constipation) : lequel ?',
        pt: 'Outro problema (por exemplo, prisão de ventre): qual é?',
        zh: '其他问题（例如便秘）：是什么问题？',
      }),
    ),
    sliderItem(
      ESAS_OTHER_LINK_ID,
      tr({
        en: 'How bad is this other problem now?',
        es: '¿Qué tan intenso es ahora este otro problema?',
        fr: 'Quelle est l’intensité de cet autre problème maintenant ?',
        pt: 'Qual é a intensidade desse outro problema agora?',
        zh: '这个其他问题现在有多严重？',
      }),
      {
        min: 0,
        max: 10,
        lower: tr({ en: 'No problem', es: 'Sin problema', fr: 'Aucun problème', pt: 'Sem problema', zh: '没有问题' }),
        upper: tr({
          en: 'Worst possible problem',
          es: 'El peor problema posible',
          fr: 'Pire problème possible',
          pt: 'Pior problema possível',
          zh: '最严重的问题',
        }),
      },
    ),
  ],
});
