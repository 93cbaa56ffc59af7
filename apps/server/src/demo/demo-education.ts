import {
  educationArticleRecords,
  educationMaterialRecords,
  type EducationArticleHistory,
  type EducationArticleRecord,
} from '../modules/education/education.intake';
import type { Tx } from '../db/client';
import { addDays, localDate } from '../platform/time/time';
import type { DemoContext } from './demo-context';
import { phoneText, RIVERSIDE_PHONES } from './demo-phones';
import { seededPatientId } from '../platform/integration/integration-patients';

const NEW_YORK = 'America/New_York';

/** Categories of the library and the order the page lists them in (within one assigned date). */
const CATEGORIES = {
  sideEffects: { categoryName: 'Managing Side Effects', categorySortOrder: 1 },
  radiation: { categoryName: 'Radiation Therapy', categorySortOrder: 2 },
  devices: { categoryName: 'Devices and Procedures', categorySortOrder: 3 },
  wellness: { categoryName: 'Staying Well During Treatment', categorySortOrder: 4 },
  support: { categoryName: 'Recovery and Support', categorySortOrder: 5 },
} as const;

const CALL_US =
  `<p><strong>Call the Riverside Cancer Center nurse line at ${phoneText(RIVERSIDE_PHONES.nurseLine)}</strong>, day or ` +
  'night, if you have ' +
  'questions about this information or about your care.</p>';

/**
 * Riverside's patient-education library: plain-language texts of the kind an oncology centre hands out.
 * Synthetic demo content, reviewed for tone, not for clinical use.
 */
export const DEMO_EDUCATION_MATERIALS = {
  nausea: {
    ...CATEGORIES.sideEffects,
    title: 'Managing nausea during chemotherapy',
    contentHtml:
      '<p>Some chemotherapy medicines can cause nausea (feeling sick to your stomach) or vomiting. It may start ' +
      'within hours of a treatment or a few days later. Most of it can be prevented or eased.</p>' +
      '<h2>Take your anti-nausea medicine as prescribed</h2>' +
      '<ul><li>Take it on schedule, even if you feel well. It works best when it keeps nausea from starting.</li>' +
      '<li>Keep a dose with you when you leave home.</li>' +
      '<li>Tell your nurse if the medicine does not help: there are others you can try.</li></ul>' +
      '<h2>Eating and drinking</h2>' +
      '<ul><li>Eat five or six small meals a day instead of three large ones.</li>' +
      '<li>Choose bland, dry foods such as crackers, toast, rice or plain pasta.</li>' +
      '<li>Sip clear liquids (water, broth, ginger ale, diluted juice) throughout the day.</li>' +
      '<li>Avoid greasy, spicy or very sweet foods and strong smells. Cold foods often smell less.</li>' +
      '<li>Rest sitting up for about an hour after eating.</li></ul>' +
      '<h2>When to call us</h2>' +
      '<ul><li>You vomit more than three times in 24 hours.</li>' +
      '<li>You cannot keep liquids down for more than 12 hours.</li>' +
      '<li>You feel dizzy or light-headed, or you pass very little dark urine.</li></ul>' +
      CALL_US,
  },
  fatigue: {
    ...CATEGORIES.sideEffects,
    title: 'Coping with cancer-related fatigue',
    contentHtml:
      '<p>Fatigue is the most common side effect of cancer treatment. It is a tiredness that does not always go ' +
      'away with rest, and it can last for weeks or months after treatment ends.</p>' +
      '<h2>Save your energy</h2>' +
      '<ul><li>Plan your day around the times you usually feel best.</li>' +
      '<li>Do the most important tasks first, and let others help with the rest.</li>' +
      '<li>Take short rests or naps of 20 to 30 minutes rather than one long one.</li>' +
      '<li>Sit down for tasks such as cooking, dressing or brushing your teeth.</li></ul>' +
      '<h2>Stay as active as you can</h2>' +
      '<p>Gentle activity, such as a 10-minute walk, often helps fatigue more than resting all day. Start slowly ' +
      'and add a few minutes at a time.</p>' +
      '<h2>Sleep well</h2>' +
      '<ul><li>Go to bed and get up at the same times each day.</li>' +
      '<li>Limit caffeine after noon and screens in the hour before bed.</li></ul>' +
      '<p>Tell your care team if fatigue suddenly gets worse or stops you from doing daily activities. Low blood ' +
      'counts, pain, poor sleep and low mood can all add to it, and many of them can be treated.</p>' +
      CALL_US,
  },
  mouthCare: {
    ...CATEGORIES.sideEffects,
    title: 'Mouth care during cancer treatment',
    contentHtml:
      '<p>Chemotherapy and radiation to the head and neck can cause mouth sores, dryness and infection. Good mouth ' +
      'care lowers the risk and helps sores heal.</p>' +
      '<h2>Every day</h2>' +
      '<ul><li>Brush gently after meals and at bedtime with a soft toothbrush and a mild fluoride toothpaste.</li>' +
      '<li>Rinse four times a day with a solution of 1 teaspoon of baking soda and 1/8 teaspoon of salt in 1 cup ' +
      'of warm water. Do not swallow it.</li>' +
      '<li>Avoid mouthwashes that contain alcohol.</li>' +
      '<li>Keep your lips moist with a water-based lip balm.</li></ul>' +
      '<h2>If your mouth is sore</h2>' +
      '<ul><li>Choose soft, moist foods such as yogurt, eggs, mashed potatoes and soups that are not too hot.</li>' +
      '<li>Avoid citrus, tomato, spicy, salty and crunchy foods.</li></ul>' +
      '<p>Call us if you have white patches in your mouth, sores that bleed, or pain that makes it hard to eat or ' +
      'drink.</p>' +
      CALL_US,
  },
  skinCare: {
    ...CATEGORIES.radiation,
    title: 'Caring for your skin during radiation therapy',
    contentHtml:
      '<p>Radiation can make the skin in the treatment area red, dry, itchy or tender, a bit like a sunburn. ' +
      'Changes usually start in the second or third week and can last a few weeks after treatment ends.</p>' +
      '<h2>Do</h2>' +
      '<ul><li>Wash the area gently each day with lukewarm water and a mild, unscented soap. Pat it dry.</li>' +
      '<li>Apply the moisturiser your radiation team recommends, twice a day, but not in the 4 hours before ' +
      'treatment.</li>' +
      '<li>Wear loose, soft cotton clothing over the area.</li>' +
      '<li>Protect the area from sun and cold wind.</li></ul>' +
      '<h2>Do not</h2>' +
      '<ul><li>Do not scrub, shave with a blade, or use hot water bottles, heating pads or ice packs on the area.</li>' +
      '<li>Do not use perfume, deodorant, powder or lotions on the area unless your team approves them.</li>' +
      '<li>Do not wash off the marks your team draws on your skin.</li></ul>' +
      '<p>Tell your radiation nurse if your skin blisters, peels, becomes moist or painful, or shows signs of ' +
      'infection.</p>' +
      CALL_US,
  },
  radiationPlan: {
    ...CATEGORIES.radiation,
    title: 'What to expect during external beam radiation',
    contentHtml:
      '<p>External beam radiation aims high-energy X-rays at the area being treated. Each treatment takes about ' +
      '15 minutes, most of which is spent getting you into the right position. You will not feel the radiation.</p>' +
      '<h2>Your first visit: simulation</h2>' +
      '<p>A CT scan is taken in the position you will be treated in. Small marks or tattoos show the therapists ' +
      'where to aim. Planning then takes one to two weeks.</p>' +
      '<h2>Your treatment schedule</h2>' +
      '<table><caption>A typical week</caption><thead><tr><th scope="col">Day</th><th scope="col">What happens</th>' +
      '</tr></thead><tbody><tr><td>Monday to Friday</td><td>One treatment each day</td></tr>' +
      '<tr><td>Once a week</td><td>A visit with your radiation oncologist or nurse</td></tr>' +
      '<tr><td>Weekends</td><td>No treatment; rest</td></tr></tbody></table>' +
      '<p>You are not radioactive after external beam radiation. It is safe to be close to other people, ' +
      'including children and pregnant women.</p>' +
      CALL_US,
  },
  port: {
    ...CATEGORIES.devices,
    title: 'Caring for your implanted port',
    contentHtml:
      '<p>An implanted port is a small device placed under the skin of your chest. It lets your care team give ' +
      'medicines and take blood without a new needle in your arm each time.</p>' +
      '<h2>After the port is placed</h2>' +
      '<ul><li>Keep the dressing clean and dry for 48 hours, then you may shower.</li>' +
      '<li>Avoid lifting more than 10 pounds with the arm on that side for one week.</li>' +
      '<li>Some bruising and tenderness are normal for a few days.</li></ul>' +
      '<h2>Every day</h2>' +
      '<ul><li>Look at the skin over the port for redness, swelling or drainage.</li>' +
      '<li>The port needs flushing every 4 weeks when it is not in use; your clinic schedules it.</li>' +
      '<li>Carry your port identification card with you.</li></ul>' +
      '<h2>Call us right away if</h2>' +
      '<ul><li>You have a fever of 100.4&nbsp;°F (38&nbsp;°C) or higher, or chills.</li>' +
      '<li>Your arm, neck or face on the port side swells.</li>' +
      '<li>You have pain, redness or fluid around the port.</li></ul>' +
      CALL_US,
  },
  nutrition: {
    ...CATEGORIES.wellness,
    title: 'Nutrition during cancer treatment',
    contentHtml:
      '<p>Eating well helps you keep your strength, heal and handle side effects. Your needs for protein and ' +
      'calories are often higher during treatment.</p>' +
      '<h2>Tips</h2>' +
      '<ul><li>Include a protein food at every meal and snack: eggs, fish, chicken, beans, yogurt, cheese, nuts.</li>' +
      '<li>Keep easy snacks within reach, and eat when you feel hungriest, often in the morning.</li>' +
      '<li>Drink 8 to 10 cups of fluid a day unless your doctor has told you otherwise.</li>' +
      '<li>Wash fruit and vegetables well, and cook meat, fish and eggs thoroughly.</li></ul>' +
      '<h2>Supplements</h2>' +
      '<p>Ask your care team before taking vitamins, herbal products or supplements. Some can change how ' +
      'chemotherapy or radiation works.</p>' +
      '<p>If you are losing weight without trying, ask to meet our oncology dietitian.</p>' +
      CALL_US,
  },
  infection: {
    ...CATEGORIES.wellness,
    title: 'Preventing infection when your blood counts are low',
    contentHtml:
      '<p>Chemotherapy can lower the number of white blood cells that fight infection. This is called ' +
      'neutropenia, and it is most common 7 to 14 days after a treatment.</p>' +
      '<h2>Protect yourself</h2>' +
      '<ul><li>Wash your hands often with soap and water, especially before eating and after using the toilet.</li>' +
      '<li>Stay away from people who are sick, and from crowds when your counts are low.</li>' +
      '<li>Do not share towels, cups or utensils.</li>' +
      '<li>Wear gloves for gardening, and let someone else clean up after pets.</li>' +
      '<li>Ask your care team before getting any vaccine.</li></ul>' +
      '<h2>Fever is an emergency</h2>' +
      '<p><strong>Call us at once if your temperature is 100.4&nbsp;°F (38&nbsp;°C) or higher.</strong> Do not ' +
      'take medicine for the fever before you call. Other signs of infection include chills, a new cough, burning ' +
      'when you urinate, and redness or swelling anywhere.</p>' +
      CALL_US,
  },
  exercise: {
    ...CATEGORIES.wellness,
    title: 'Exercise during and after treatment',
    contentHtml:
      '<p>Regular physical activity can reduce fatigue, improve mood and sleep, and help you keep muscle and bone ' +
      'strength. Most people can exercise safely during treatment with a few precautions.</p>' +
      '<h2>Getting started</h2>' +
      '<ul><li>Aim, over time, for 150 minutes of moderate activity a week, such as brisk walking, and two short ' +
      'sessions of strength exercise.</li>' +
      '<li>On hard days, any movement counts: a short walk or gentle stretching.</li>' +
      '<li>Warm up and cool down for 5 minutes.</li></ul>' +
      '<h2>Check with your care team first if</h2>' +
      '<ul><li>Your blood counts are low, or you have a fever.</li>' +
      '<li>You have a port, a recent surgery, or cancer in your bones.</li>' +
      '<li>You feel short of breath, dizzy or have chest pain.</li></ul>' +
      '<p>Ask about our free Moving Forward exercise class for patients, held Tuesdays and Thursdays.</p>' +
      CALL_US,
  },
  lymphedema: {
    ...CATEGORIES.support,
    title: 'Lymphedema: signs to watch for',
    contentHtml:
      '<p>Lymphedema is swelling caused by a build-up of lymph fluid. It can happen after lymph nodes are removed ' +
      'or treated with radiation, sometimes months or years later. Found early, it is easier to manage.</p>' +
      '<h2>Signs</h2>' +
      '<ul><li>A feeling of heaviness, tightness or fullness in the arm, hand, breast or chest on the treated side.</li>' +
      '<li>Rings, watches or sleeves that feel tighter than usual.</li>' +
      '<li>Swelling that comes and goes, or is worse at the end of the day.</li></ul>' +
      '<h2>Lower your risk</h2>' +
      '<ul><li>Keep the skin clean and moisturised; treat cuts and scratches promptly.</li>' +
      '<li>Build up exercise slowly and keep a healthy weight.</li>' +
      '<li>Wear a compression sleeve on flights if your therapist recommends one.</li></ul>' +
      '<p>If you notice any of these signs, ask for a referral to our lymphedema therapist.</p>' +
      CALL_US,
  },
  emotional: {
    ...CATEGORIES.support,
    title: 'Emotional support and coping',
    contentHtml:
      '<p>It is normal to feel worried, sad, angry or overwhelmed during and after cancer treatment. You do not ' +
      'have to cope alone.</p>' +
      '<h2>Things that help</h2>' +
      '<ul><li>Talk with people you trust about how you feel.</li>' +
      '<li>Keep some of your usual routines and activities.</li>' +
      '<li>Try relaxation: slow breathing, gentle yoga, music or time outdoors.</li>' +
      '<li>Write down questions for your care team so worries do not build up.</li></ul>' +
      '<h2>Support at Riverside</h2>' +
      '<ul><li>Oncology social workers: help with stress, work, money and practical questions.</li>' +
      '<li>Support groups for patients and for family members, in person and online.</li>' +
      '<li>Counselling with our psycho-oncology team.</li></ul>' +
      '<p>If you feel hopeless, or think about harming yourself, call or text 988 (the Suicide and Crisis ' +
      'Lifeline) or go to the nearest emergency department.</p>' +
      CALL_US,
  },
  welcome: {
    ...CATEGORIES.support,
    title: 'Your care team and who to call',
    contentHtml:
      '<p>Your care team includes your oncologists, nurses, nurse navigators, pharmacists, dietitians and social ' +
      'workers. Your nurse navigator is your first point of contact and can help you with appointments, questions ' +
      'and resources.</p>' +
      '<h2>Who to call</h2>' +
      `<ul><li>Questions about symptoms or side effects: the nurse line, ${phoneText(RIVERSIDE_PHONES.nurseLine)}, ` +
      '24 hours a day.</li>' +
      `<li>Appointments: ${phoneText(RIVERSIDE_PHONES.appointments)}, Monday to Friday, 8:00 AM to 5:00 PM.</li>` +
      `<li>Billing and insurance: ${phoneText(RIVERSIDE_PHONES.billing)}.</li>` +
      `<li>Anything else: the main line, ${phoneText(RIVERSIDE_PHONES.mainLine)}.</li></ul>` +
      '<p>For a life-threatening emergency, call 911.</p>',
  },
} as const;

type MaterialKey = keyof typeof DEMO_EDUCATION_MATERIALS;

/**
 * Education of the demo. Jane (ten articles over seven months): three new, four archived (one of them never
 * opened), several categories on one day. John: three of his own, one new, one archived. Dates are days
 * before today in the facility's zone, so the demo never ages.
 */
export async function seedDemoEducation(tx: Tx, context: DemoContext, now = new Date()): Promise<void> {
  const { riversideId, janeId, johnId } = context;
  const today = localDate(now, NEW_YORK);
  const day = (offset: number) => addDays(today, offset);
  /** Read in the afternoon some days after it was assigned (never in the future). */
  const readOn = (offset: number) => {
    const at = new Date(`${day(offset)}T19:30:00.000Z`);
    return at > now ? now : at;
  };

  // The library and the assignments under stable identifiers of the demo's 'education system' (demo-edu-nausea;
  // demo-edu-jane-1...), as a facility's system would put them through the integration API.
  const materialIds = new Map<MaterialKey, number>();
  for (const key of Object.keys(DEMO_EDUCATION_MATERIALS) as MaterialKey[]) {
    const { id } = await educationMaterialRecords.put(tx, riversideId, `demo-edu-${key}`, {
      ...DEMO_EDUCATION_MATERIALS[key],
      language: 'en',
    });
    materialIds.set(key, id);
  }
  const idOf = (key: MaterialKey) => {
    const id = materialIds.get(key);
    if (id === undefined) throw new Error(`Seeding the education material ${key} failed`);
    return id;
  };

  const assign = (
    key: MaterialKey,
    assignedOffset: number,
    state: { readOffset?: number; archived?: boolean } = {},
  ): EducationArticleRecord & EducationArticleHistory => ({
    materialId: idOf(key),
    assignedDate: day(assignedOffset),
    isArchived: state.archived ?? false,
    readAt: state.readOffset === undefined ? null : readOn(state.readOffset),
  });
  const putAll = async (
    patientId: number,
    who: string,
    articles: (EducationArticleRecord & EducationArticleHistory)[],
  ) => {
    for (const [index, { isArchived, readAt, ...record }] of articles.entries()) {
      await educationArticleRecords.put(tx, seededPatientId(patientId), `demo-edu-${who}-${index + 1}`, record, {
        history: { isArchived, readAt },
      });
    }
  };

  await putAll(janeId, 'jane', [
    // Jane: at the start of chemotherapy, seven months ago.
    assign('port', -200, { readOffset: -199, archived: true }),
    assign('infection', -200, { readOffset: -198, archived: true }),
    assign('welcome', -200, { readOffset: -200 }),
    // During chemotherapy.
    assign('nausea', -120, { readOffset: -119 }),
    assign('fatigue', -120, { readOffset: -110 }),
    assign('nutrition', -120, { readOffset: -118, archived: true }),
    // Radiation.
    assign('skinCare', -45, { readOffset: -44 }),
    assign('mouthCare', -45, { archived: true }),
    // Last week, after surgery follow-up: new.
    assign('lymphedema', -7),
    assign('exercise', -7),
    assign('emotional', -7),
  ]);
  // John: radiation for prostate cancer.
  await putAll(johnId, 'john', [
    assign('radiationPlan', -30, { readOffset: -29 }),
    assign('nutrition', -30, { readOffset: -28, archived: true }),
    assign('fatigue', -3),
  ]);
}
