import type { Tx } from '../db/client';
import { careProviderIdsOf } from '../modules/careteam/careteam.intake';
import {
  addPatientMessage,
  putProviderMessage,
  readerOfUser,
  setThreadArchived,
  setThreadReviewed,
} from '../modules/secure-messages/secure-messages.intake';
import { addDays, localDate, zonedInstant } from '../platform/time/time';
import type { DemoContext } from './demo-context';
import { phoneText, RIVERSIDE_PHONES } from './demo-phones';
import { seededPatientId } from '../platform/integration/integration-patients';

// Secure messages of the demo (spec 002, 2.6): the last eight weeks of Jane Doe's messages with her care team, as
// her record tells it (radiation finished seven weeks ago, letrozole since, the follow-up visit two weeks ago and
// the telephone call about joint stiffness three days ago), and John Smith's two with his urologist. Written
// through the message store like the facility's messages and the patient's own, at clinic hours in New York.

const NEW_YORK = 'America/New_York';

/** A wall-clock time on the facility's clock, `daysAgo` days before the day of the seed. */
interface ClinicTime {
  daysAgo: number;
  hour: number;
  minute: number;
}

type DemoMessage =
  /** From the care provider of the thread, under the facility's identifier (demo-msg-...). */
  | { from: 'provider'; externalId: string; at: ClinicTime; html: string }
  /** Written by the patient, or by her authorised representative on her behalf. */
  | { from: 'patient' | 'representative'; at: ClinicTime; html: string };

export type DemoProviderKey = 'priya-raman' | 'samuel-okafor' | 'megan-li' | 'helen-marsh';

export interface DemoThread {
  provider: DemoProviderKey;
  subject: string;
  /** The facility's identifier of a thread the provider began. */
  externalId?: string;
  /** False: the provider lets the patient read but not reply (a thread the provider began). */
  replyAllowed?: boolean;
  /** Oldest first. */
  messages: DemoMessage[];
  /**
   * When the patient read the provider's message that ends the thread; absent when it is still unread. (A reply from
   * the patient's side marks what came before read at its own time.)
   */
  readAt?: ClinicTime;
  /** Resolved, and put away by the patient. */
  archived?: boolean;
}

const time = (daysAgo: number, hour: number, minute: number): ClinicTime => ({ daysAgo, hour, minute });
const p = (...lines: string[]) => `<p>${lines.join('<br />')}</p>`;
const ul = (...items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
const ol = (...items: string[]) => `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;
const html = (...blocks: string[]) => blocks.join('');

const NURSE_LINE = phoneText(RIVERSIDE_PHONES.nurseLine);
const ONCOLOGY_CLINIC = phoneText(RIVERSIDE_PHONES.oncologyClinic);
const PATIENT_NAVIGATION = phoneText(RIVERSIDE_PHONES.patientNavigation);
const UROLOGY_CLINIC = phoneText(RIVERSIDE_PHONES.urologyClinic);

/* ------------------------------------------------------------------ Jane */

/** Jane's threads, newest last; see README's demo section. */
export const JANE_THREADS: DemoThread[] = [
  {
    // A refill asked for and sent before letrozole began: resolved, so Jane archived it.
    provider: 'priya-raman',
    subject: 'Letrozole prescription',
    messages: [
      {
        from: 'patient',
        at: time(53, 9, 42),
        html: html(
          p('Dear Dr. Raman,'),
          p(
            'Dr. Okafor says I will finish radiation at the end of this week, and you mentioned that I would ' +
              'start letrozole afterwards. Could you please send the prescription to my pharmacy, Riverside ' +
              'Community Pharmacy on Main Street?',
          ),
          p('Also, is it better to take it in the morning or at night, and can I take it with my blood pressure pill?'),
          p('Thank you,', 'Jane Doe'),
        ),
      },
      {
        from: 'provider',
        externalId: 'demo-msg-jane-letrozole-1',
        at: time(53, 15, 10),
        html: html(
          p('Dear Jane,'),
          p(
            'Congratulations on reaching the end of radiation. I have sent a prescription for <strong>letrozole ' +
              '2.5 mg, one tablet once a day</strong> to Riverside Community Pharmacy on Main Street: a 90-day ' +
              'supply with three refills. The pharmacy should have it ready tomorrow afternoon.',
          ),
          p(
            'Please start it the day after your last radiation treatment. You can take it in the morning or at ' +
              'night, with or without food; what matters most is taking it at about the same time every day. It ' +
              'is fine to take it together with your lisinopril. If you miss a dose, take it when you remember ' +
              'that day, but never two tablets at once.',
          ),
          p('Most people take letrozole with few problems. The side effects we see most often are:'),
          ul(
            'hot flashes or night sweats;',
            'stiffness or aching in the joints, usually worst first thing in the morning;',
            'feeling more tired than usual in the first few weeks.',
          ),
          p(
            'Because letrozole can thin the bones over time, please take calcium and vitamin D every day. We will ' +
              'do a bone density scan before your next visit, and Megan will be in touch to set it up.',
          ),
          p('Let me know how you are doing once you have started.'),
          p('Best wishes,', 'Dr. Priya Raman'),
        ),
      },
      {
        from: 'patient',
        at: time(52, 8, 20),
        html: html(
          p(
            'Thank you, Dr. Raman. The pharmacy called this morning and Robert will pick it up on his way home. I ' +
              'will start the day after my last treatment, as you said.',
          ),
          p('Jane'),
        ),
      },
    ],
    archived: true,
  },
  {
    // Robert wrote the first message for Jane; she answered herself.
    provider: 'samuel-okafor',
    subject: 'Skin care after radiation',
    messages: [
      {
        from: 'representative',
        at: time(45, 19, 5),
        html: html(
          p('Dear Dr. Okafor,'),
          p(
            'I am writing for my wife, Jane, who asked me to send this while she rests. Since she finished ' +
              'radiation last week, the skin in the fold under her left breast has turned red and started to ' +
              'peel, and it stings in the shower. The rest of the treated area looks like a mild sunburn.',
          ),
          p(
            'She has no fever and is otherwise well, just tired. Is this expected? Should she keep using the ' +
              'moisturizer the nurses gave her, and is there anything else that would help?',
          ),
          p('Thank you,', 'Robert Doe'),
        ),
      },
      {
        from: 'provider',
        externalId: 'demo-msg-jane-skin-care-1',
        at: time(44, 11, 35),
        html: html(
          p('Dear Jane and Robert,'),
          p(
            'Thank you for letting me know. What you describe is a common and expected reaction. Skin changes ' +
              'from radiation often peak one to two weeks after the last treatment, and the fold under the breast ' +
              'is usually the most affected area because the skin rubs and stays moist there. It should start to ' +
              'improve over the next two to three weeks.',
          ),
          p('Here is what helps:'),
          ul(
            'Keep using the fragrance-free moisturizer twice a day, including on the peeling skin, as long as it ' +
              'is not open.',
            'Shower with lukewarm water and a mild, unscented soap, and pat the skin dry rather than rubbing.',
            'Place a soft cotton cloth in the fold to keep the skin dry, and wear a soft, loose bra without an ' +
              'underwire.',
            'For itching, you may use 1% hydrocortisone cream up to twice a day on red skin that is not broken.',
            'Avoid deodorant, perfume and direct sun on the area until it has healed.',
          ),
          p(
            `<strong>Please call the nurse line at ${NURSE_LINE}</strong> if the skin blisters, opens or weeps, ` +
              'if it becomes more painful rather than less, or if Jane has a temperature of 100.4 °F or higher. ' +
              'We can see her the same day.',
          ),
          p(
            'Your follow-up visit in radiation oncology is planned for about six weeks after your last treatment; ' +
              'our front desk will call to book it. Well done on finishing treatment.',
          ),
          p('Best regards,', 'Dr. Samuel Okafor'),
        ),
      },
      {
        from: 'patient',
        at: time(44, 17, 50),
        html: html(
          p(
            'Thank you, Dr. Okafor. Robert and I read your message together and it was very reassuring. The ' +
              'cotton in the fold is already helping. We will wait for the call about the follow-up visit.',
          ),
          p('Jane'),
        ),
      },
    ],
  },
  {
    // Megan takes no messages from Jane: she sent practical information, with replies turned off.
    provider: 'megan-li',
    subject: 'Getting ready for your follow-up visit and bone density scan',
    externalId: 'demo-thread-jane-visit-prep',
    replyAllowed: false,
    messages: [
      {
        from: 'provider',
        externalId: 'demo-msg-jane-visit-prep-1',
        at: time(21, 9, 10),
        html: html(
          p('Hello Jane,'),
          p(
            'Dr. Raman asked me to help you get ready for your follow-up visit with her next week. A few days ' +
              'before the visit you will also have a bone density scan, which gives us a baseline now that you ' +
              'are taking letrozole. Here is what to know.',
          ),
          p('<strong>Bone density scan</strong> (Imaging Center, 1st Floor)'),
          ul(
            'Do not take calcium supplements or multivitamins for 24 hours before the scan.',
            'Wear comfortable clothes without metal zippers, buttons or an underwire.',
            'The scan takes about 15 minutes and does not hurt: you lie still on a padded table.',
            'Tell the technologist if you have had a barium study or a scan with contrast in the past week.',
          ),
          p('<strong>Follow-up visit</strong> (Oncology Clinic B, 4th Floor)'),
          ul(
            'Come 30 minutes early for your blood draw in the Laboratory, 2nd Floor. You do not need to fast.',
            'Bring your medicines and supplements, or a list of them.',
            'Write down any side effects you have noticed, such as hot flashes or joint stiffness, and when they ' +
              'happen, so you do not forget them during the visit.',
            'Parking in the River Road garage is free for patients: bring your ticket to the front desk.',
          ),
          p(
            'Replies to this message cannot be sent. If you have questions or need to change an appointment, ' +
              `please call the Patient Navigation Office at ${PATIENT_NAVIGATION}, Monday to Friday, 8 am to ` +
              `4:30 pm. For symptoms after hours, call the nurse line at ${NURSE_LINE}.`,
          ),
          p('Warm regards,', 'Megan Li, RN, OCN', 'Oncology Nurse Navigator'),
        ),
      },
    ],
    readAt: time(21, 12, 30),
  },
  {
    // Her questions the evening after the follow-up visit, about the results she had just read in the portal.
    provider: 'priya-raman',
    subject: 'Questions about my blood test results',
    messages: [
      {
        from: 'patient',
        at: time(13, 19, 40),
        html: html(
          p('Dear Dr. Raman,'),
          p(
            'Thank you for seeing me yesterday. I looked at my results in the portal and have a few questions I ' +
              'forgot to ask:',
          ),
          ol(
            'My hemoglobin is marked low at 11.8. Is that something to worry about?',
            'The bone density report says osteopenia. Does that mean I have osteoporosis?',
            'Should I take the calcium and vitamin D at the same time as the letrozole?',
          ),
          p('Thank you,', 'Jane'),
        ),
      },
      {
        from: 'provider',
        externalId: 'demo-msg-jane-lab-results-1',
        at: time(12, 12, 15),
        html: html(
          p('Dear Jane,'),
          p('These are good questions, and none of the answers is worrying.'),
          p(
            '<strong>Hemoglobin.</strong> Your hemoglobin of 11.8 is just below the normal range (12.0 to 15.5) ' +
              'and has been rising steadily since chemotherapy: it was 11.4 during radiation. The bone marrow ' +
              'often takes several months to recover completely. You do not need any treatment for it, and we ' +
              'will check it again with your next blood tests.',
          ),
          p(
            '<strong>Bone density.</strong> Osteopenia means your bones are a little thinner than average, but ' +
              'not thin enough to be called osteoporosis. It is common at your age, and because we measured it ' +
              'early in your letrozole treatment we have a good baseline to compare with. To keep your bones ' +
              'strong:',
          ),
          ol(
            'Take calcium 1,200 mg and vitamin D 800 IU every day.',
            'Do weight-bearing exercise, such as brisk walking, for 30 minutes on most days.',
            'Keep alcohol to no more than one drink a day, as you already do.',
            'We will repeat the scan in two years, or sooner if anything changes.',
          ),
          p(
            '<strong>Timing.</strong> You can take calcium and vitamin D at any time, including with letrozole. ' +
              'Calcium is absorbed best with food, and works better split into two doses of 600 mg.',
          ),
          p(
            'Your tumor markers and liver tests were normal. I will see you in three months, with blood tests the ' +
              'same morning.',
          ),
          p('Warm regards,', 'Dr. Priya Raman'),
        ),
      },
      {
        from: 'patient',
        at: time(12, 18, 30),
        html: p(
          'Thank you so much, Dr. Raman. That is a relief. Robert has promised to walk with me after dinner every ' +
            'evening.',
        ),
      },
    ],
  },
  {
    // The newest message of all, not yet read: the envelope's badge shows 1.
    provider: 'priya-raman',
    subject: 'Morning joint stiffness',
    messages: [
      {
        from: 'patient',
        at: time(4, 7, 55),
        html: html(
          p('Good morning Dr. Raman,'),
          p(
            'Over the past two weeks my hands and knees have become quite stiff in the mornings. It takes about ' +
              'an hour before I can close my hands properly, and the stairs are hard first thing. It gets better ' +
              'once I am moving.',
          ),
          p('I have not missed any letrozole and I do not want to stop it, but is there anything I can do?'),
          p('Thank you,', 'Jane'),
        ),
      },
      {
        from: 'provider',
        externalId: 'demo-msg-jane-joint-stiffness-1',
        at: time(1, 16, 40),
        html: html(
          p('Dear Jane,'),
          p(
            'Thank you for writing, and for talking with Megan on the phone this week; I have read her notes. ' +
              'Morning stiffness of the hands and knees is one of the most common side effects of letrozole. It ' +
              'does not damage the joints and it is not a sign that the cancer has come back, but I know it can ' +
              'make mornings hard.',
          ),
          p('<strong>Please keep taking letrozole every day</strong> while we work on this. These help most people:'),
          ol(
            'Keep moving: a daily walk, swimming or gentle yoga all ease stiffness over a few weeks.',
            'Start the day with a warm shower, then open and close your hands and stretch your fingers for a few ' +
              'minutes.',
            'Acetaminophen (Tylenol), as directed on the package, is safe on days the stiffness is bad. Please ' +
              'check with us before taking ibuprofen or naproxen regularly, because they can raise your blood ' +
              'pressure.',
            'Keep taking your calcium and vitamin D.',
          ),
          p(
            'If things are not better in four to six weeks, we have good options, such as changing to another ' +
              'medicine of the same kind (anastrozole or exemestane), which many patients find easier, or physical ' +
              'therapy. Megan will call you in two weeks to see how you are doing.',
          ),
          p(
            'One more thing from your blood tests this week: your potassium is slightly low, at 3.3. This is not ' +
              'dangerous. Bananas, oranges, potatoes and beans are good sources, and we will check it again at ' +
              'your next visit.',
          ),
          p(`Please call the clinic at ${ONCOLOGY_CLINIC} if a joint becomes swollen, red or hot.`),
          p('Warm regards,', 'Dr. Priya Raman'),
        ),
      },
    ],
  },
];

/* ------------------------------------------------------------------ John */

/** John's two threads with his urologist, both read. */
export const JOHN_THREADS: DemoThread[] = [
  {
    // His question after the consultation, answered.
    provider: 'helen-marsh',
    subject: 'Next steps after my visit',
    messages: [
      {
        from: 'patient',
        at: time(29, 14, 20),
        html: html(
          p('Dr. Marsh,'),
          p(
            'Thank you for explaining everything at my visit yesterday. My wife and I talked it over and I would ' +
              'like to go ahead with radiation. Do I need to call the radiation department myself, or will they ' +
              'call me? And should I keep taking my metformin as usual?',
          ),
          p('John Smith'),
        ),
      },
      {
        from: 'provider',
        externalId: 'demo-msg-john-next-steps-1',
        at: time(28, 11, 5),
        html: html(
          p('Dear Mr. Smith,'),
          p(
            'Thank you for letting me know; radiation is an excellent choice for you. I have sent a referral to ' +
              'Dr. Samuel Okafor in Radiation Oncology. His office will call you within a week to schedule a ' +
              'consultation and a planning CT scan, so there is nothing you need to do for now.',
          ),
          p(
            'Yes, please keep taking metformin as usual. The radiation team will tell you if anything needs to ' +
              'change before the scan.',
          ),
          p(`If you have not heard from them within a week, please call us at ${UROLOGY_CLINIC}.`),
          p('Best regards,', 'Dr. Helen Marsh'),
        ),
      },
    ],
    readAt: time(28, 18, 10),
  },
  {
    // A result Dr. Marsh sent him, read.
    provider: 'helen-marsh',
    subject: 'Your PSA result',
    externalId: 'demo-thread-john-psa',
    messages: [
      {
        from: 'provider',
        externalId: 'demo-msg-john-psa-1',
        at: time(19, 9, 30),
        html: html(
          p('Dear Mr. Smith,'),
          p(
            'Your PSA test from yesterday came back at 0.38 ng/mL, lower again than at your last check. This is ' +
              'the trend we hoped for, and no change to your plan is needed.',
          ),
          p('We will repeat the PSA in three months. Please let us know if you have any questions.'),
          p('Best regards,', 'Dr. Helen Marsh'),
        ),
      },
    ],
    readAt: time(19, 17, 45),
  },
];

/* ------------------------------------------------------------------ seed */

/**
 * Writes one thread message by message, as it happened: each reply from the patient's side marks what came before
 * read for its writer; then the last reading, the patient's and her representative's (Robert and Jane keep up with
 * each other's messages: a thread read through is read by both; the unread one is unread for both), and archiving.
 */
async function seedThread(
  tx: Tx,
  thread: DemoThread,
  who: { patientId: number; patientUserId: number; representativeUserId: number; careProviderId: number },
  at: (t: ClinicTime) => Date,
): Promise<void> {
  const { patientId, careProviderId } = who;
  let threadId: number | undefined;
  for (const message of thread.messages) {
    const sentAt = at(message.at);
    if (message.from === 'provider') {
      const outcome = await putProviderMessage(tx, seededPatientId(patientId), message.externalId, {
        careProviderId,
        thread:
          threadId === undefined ? { subject: thread.subject, externalId: thread.externalId ?? null } : { threadId },
        content: message.html,
        contentFormat: 'html',
        replyAllowed: threadId === undefined ? thread.replyAllowed : undefined,
        sentAt,
      });
      threadId = outcome.threadId;
    } else {
      const authorUserId = message.from === 'patient' ? who.patientUserId : who.representativeUserId;
      const sent = await addPatientMessage(tx, patientId, {
        authorUserId,
        thread: threadId === undefined ? { careProviderId, subject: thread.subject } : { threadId },
        content: message.html,
        sentAt,
      });
      threadId = sent.threadId;
    }
  }
  if (threadId === undefined) throw new Error(`Demo thread ${thread.subject} has no message`);
  // Read through: the reading after the last message, or the last message when the patient's side wrote it.
  const last = thread.messages.at(-1);
  const readAt = thread.readAt ?? (last && last.from !== 'provider' ? last.at : undefined);
  if (readAt) {
    const readers = new Set([who.patientUserId, who.representativeUserId]);
    for (const userId of readers) {
      await setThreadReviewed(tx, patientId, threadId, readerOfUser(who.patientUserId, userId), true, at(readAt));
    }
  }
  if (thread.archived) await setThreadArchived(tx, patientId, threadId, true);
}

/** The accounts that write on the patients' side besides Jane's own (demo.ts looks them up by username). */
export interface DemoMessageWriters {
  /** robert.doe: Jane's authorised representative. */
  robertUserId: number;
  /** john.smith. */
  johnUserId: number;
}

/**
 * Jane's and John's secure messages. After the care team (the providers must exist); dates relative to `now`,
 * times on Riverside's clock. Provider messages carry stable identifiers (demo-msg-...), as the facility's system
 * sends them.
 */
export async function seedDemoSecureMessages(
  tx: Tx,
  context: DemoContext,
  writers: DemoMessageWriters,
  now = new Date(),
): Promise<void> {
  const { riversideId, janeId, janeUserId, johnId } = context;
  const today = localDate(now, NEW_YORK);
  const at = (t: ClinicTime) => zonedInstant(addDays(today, -t.daysAgo), t.hour, t.minute, NEW_YORK);

  const keys: DemoProviderKey[] = ['priya-raman', 'samuel-okafor', 'megan-li', 'helen-marsh'];
  const providerIds = await careProviderIdsOf(
    tx,
    riversideId,
    keys.map((key) => `demo-cp-${key}`),
  );
  const providerId = (key: DemoProviderKey) => {
    const id = providerIds.get(`demo-cp-${key}`);
    if (id === undefined) throw new Error(`Seed provider ${key} missing`);
    return id;
  };

  const patients = [
    {
      patientId: janeId,
      patientUserId: janeUserId,
      representativeUserId: writers.robertUserId,
      threads: JANE_THREADS,
    },
    // John has no representative: his threads are all his own.
    {
      patientId: johnId,
      patientUserId: writers.johnUserId,
      representativeUserId: writers.johnUserId,
      threads: JOHN_THREADS,
    },
  ];
  for (const { threads, ...who } of patients) {
    for (const thread of threads) {
      await seedThread(tx, thread, { ...who, careProviderId: providerId(thread.provider) }, at);
    }
  }
}
