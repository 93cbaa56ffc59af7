import type { AssignedQuestionnaire, QuestionnaireItem, QuestionnaireItemType } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockingRouter } from '../../../lib/blocking-router';
import { stubFetch, type SentRequest } from '../../../test/fetch-stub';
import { withProviders } from '../../../test/providers';
import { renderInApp } from '../../../test/render';
import { wideWindow } from '../../../test/setup-dom';
import { signIn, signOut } from '../../../test/session';
import { QuestionnaireForm } from './QuestionnaireForm';

// The completion form with one question of every type: each shows its question, takes an answer by keyboard and
// sends it on Submit; a required one says so, and Submit with it unanswered says 'Required' under it; a number out
// of its range is refused with the pack's message.

const PATIENT = 7;
const ID = 40;

const options = (...texts: string[]) =>
  texts.map((text, i) => ({
    listAnswerId: i + 1,
    formattedText: text,
    isOtherOption: text === 'Other',
    isOtherTextValid: true,
  }));

function item(
  id: number,
  type: QuestionnaireItemType,
  text: string,
  patch: Partial<QuestionnaireItem> = {},
): QuestionnaireItem {
  return {
    questionnaireItemId: id,
    questionnaireItemType: type,
    sortOrder: id,
    formattedText: text,
    questionMatrixGuid: null,
    questionNumber: null,
    isRequired: true,
    isValid: true,
    listAnswers: [],
    lowerBound: null,
    upperBound: null,
    lowerBoundLabel: null,
    upperBoundLabel: null,
    isMultiLine: false,
    ...patch,
  };
}

const ITEMS: QuestionnaireItem[] = [
  item(1, 'SectionHeader', 'About today', { isRequired: false }),
  item(2, 'Radio', 'How are you feeling?', { listAnswers: options('Good', 'Fair', 'Poor') }),
  item(3, 'Checkbox', 'Which symptoms do you have?', {
    isRequired: false,
    listAnswers: options('Pain', 'Fatigue', 'Other'),
  }),
  item(4, 'Dropdown', 'When should we call?', { listAnswers: options('Morning', 'Afternoon') }),
  item(5, 'Number', 'How many hours did you sleep?', { lowerBound: 0, upperBound: 24 }),
  item(6, 'Slider', 'How bad is the pain?', {
    lowerBound: 0,
    upperBound: 10,
    lowerBoundLabel: 'No pain',
    upperBoundLabel: 'Worst pain',
  }),
  item(7, 'Date', 'When did it start?', { isRequired: false }),
  item(8, 'Text', 'Anything else?', { isRequired: false, isMultiLine: true }),
  item(9, 'Matrix', 'Little interest in doing things', {
    questionMatrixGuid: 'phq',
    listAnswers: options('Not at all', 'Several days'),
  }),
  item(10, 'Matrix', 'Feeling down', { questionMatrixGuid: 'phq', listAnswers: options('Not at all', 'Several days') }),
];

const QUESTIONNAIRE: AssignedQuestionnaire = {
  assignedQuestionnaireId: ID,
  templateTitle: 'Daily check-in',
  templateDescription: null,
  statusDescription: 'Assigned',
  dueDate: '2026-12-10',
  completedDate: null,
  isNew: true,
  hasDraft: false,
  answeredBy: null,
  patientInstructions: 'Answer for the last 24 hours.',
  defaultMsgOnCompletion: 'Thank you.',
  questionnaireItems: ITEMS,
  patientQuestionAnswerList: [],
  patientScoreList: [],
  safetyMessages: [],
  isValid: true,
};

let sent: SentRequest[];
beforeEach(() => {
  sent = stubFetch((request) =>
    request.method === 'PUT' && !request.path.endsWith('/draft')
      ? { json: { ...QUESTIONNAIRE, statusDescription: 'Completed' } }
      : undefined,
  );
  signIn();
  window.history.replaceState(null, '', `/complete-questionnaire?id=${ID}`);
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const submits = () => sent.filter((r) => r.method === 'PUT' && !r.path.endsWith('/draft'));

/** The form on a desktop's window, or a phone's. */
async function renderForm(layout: 'desktop' | 'phone' = 'desktop', locale: 'en-US' | 'es-MX' = 'en-US') {
  if (layout === 'desktop') wideWindow();
  await renderInApp(
    withProviders(
      <BlockingRouter>
        <Routes>
          <Route
            path="/complete-questionnaire"
            element={<QuestionnaireForm patientId={PATIENT} questionnaire={QUESTIONNAIRE} origin="/questionnaires" />}
          />
          <Route path="/questionnaire-scoring" element={<h1>Scoring page</h1>} />
          <Route path="/questionnaires" element={<h1>Questionnaires list</h1>} />
        </Routes>
      </BlockingRouter>,
    ),
    locale,
  );
  return screen.getByRole('form', { name: 'Daily check-in' });
}

/** The message under a question (the portal's own, or a field's: both `…-error`), or null. */
const errorUnder = (itemId: number) =>
  document.getElementById(`question-${itemId}`)?.querySelector('[id$="-error"]')?.textContent ?? null;

/** A question's accessible name where the control says it is required in words (its asterisk is hidden). */
const requiredName = (text: string) => new RegExp(`^${text.replace(/[?.]/g, '\\$&')}\\s*\\(required\\)$`);

describe('the questionnaire form', () => {
  it('shows every question by its type, its words, and which are required', async () => {
    const form = await renderForm();
    expect(within(form).getByRole('heading', { name: 'About today' })).toBeTruthy();
    expect(within(form).getByText('Answer for the last 24 hours.')).toBeTruthy();
    expect(within(form).getByText('An asterisk (*) marks a required question.')).toBeTruthy();
    // Groups of options say they are required in words; single controls by their required state.
    const feeling = within(form).getByRole('group', { name: requiredName('How are you feeling?') });
    expect(
      within(feeling)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3']);
    expect(within(feeling).getByRole('radio', { name: 'Fair' })).toBeTruthy();
    const symptoms = within(form).getByRole('group', { name: 'Which symptoms do you have?' });
    expect(within(symptoms).getAllByRole('checkbox')).toHaveLength(3);
    const call = within(form).getByRole<HTMLSelectElement>('combobox', { name: /^When should we call\?/ });
    expect(call.required).toBe(true);
    expect(Array.from(call.options, (o) => o.textContent)).toEqual(['Select an option', 'Morning', 'Afternoon']);
    const hours = within(form).getByRole<HTMLInputElement>('textbox', { name: /^How many hours did you sleep\?/ });
    expect(hours.required).toBe(true);
    expect(within(form).getByText('Enter a number from 0 to 24.')).toBeTruthy();
    const pain = within(form).getByRole('slider', { name: requiredName('How bad is the pain?') });
    expect(pain.getAttribute('aria-valuetext')).toBe('Not answered yet');
    expect(within(form).getByText('No pain')).toBeTruthy();
    expect(within(form).getByText('Worst pain')).toBeTruthy();
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'When did it start?' }).required).toBe(false);
    expect(within(form).getByRole('textbox', { name: 'Anything else?' }).tagName).toBe('TEXTAREA');
    expect(within(form).getByRole('radio', { name: 'Feeling down: Several days' })).toBeTruthy();
    expect(within(form).getByRole('rowheader', { name: requiredName('Little interest in doing things') })).toBeTruthy();
  });

  it('refuses Submit with required questions unanswered: Required under each, the first takes the keyboard', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    await user.click(within(form).getByRole('button', { name: 'Submit Questionnaire' }));
    for (const id of [2, 4, 5, 6, 9, 10]) expect(errorUnder(id)).toBe('Required');
    for (const id of [3, 7, 8]) expect(errorUnder(id)).toBeNull();
    expect(
      within(form)
        .getByRole('combobox', { name: /^When should we call\?/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('radio', { name: 'Good' })));
    expect(submits()).toHaveLength(0);
  });

  it('takes every answer by keyboard and sends them on Submit, then shows the scoring page', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    // Radio: Space chooses, an arrow key moves the choice.
    within(form).getByRole('radio', { name: 'Good' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    expect(within(form).getByRole<HTMLInputElement>('radio', { name: 'Fair' }).checked).toBe(true);
    // Checkbox: Space, on Other its text box opens.
    const other = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Please specify: Other' });
    expect(other.disabled).toBe(true);
    within(form).getByRole('checkbox', { name: 'Fatigue' }).focus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard(' ');
    expect(other.disabled).toBe(false);
    await user.type(other, 'Dizzy');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^When should we call\?/ }), 'Afternoon');
    await user.type(within(form).getByRole('textbox', { name: /^How many hours did you sleep\?/ }), '7');
    const pain = within(form).getByRole('slider', { name: requiredName('How bad is the pain?') });
    pain.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(pain.getAttribute('aria-valuenow')).toBe('2'));
    expect(within(form).getByText('Your answer: 2')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: 'When did it start?' }), '11/30/2026');
    await user.type(within(form).getByRole('textbox', { name: 'Anything else?' }), 'No');
    within(form).getByRole('radio', { name: 'Little interest in doing things: Not at all' }).focus();
    await user.keyboard(' ');
    within(form).getByRole('radio', { name: 'Feeling down: Several days' }).focus();
    await user.keyboard(' ');

    await user.click(within(form).getByRole('button', { name: 'Submit Questionnaire' }));
    expect(await screen.findByRole('heading', { name: 'Scoring page' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe(
      `/questionnaire-scoring?id=${ID}&from=%2Fquestionnaires`,
    );
    expect(submits()).toHaveLength(1);
    const [submit] = submits();
    expect(submit?.path).toBe(`/api/patients/${PATIENT}/assignedquestionnaires/${ID}`);
    const answers = (submit?.body as { patientQuestionAnswerList: Record<string, unknown>[] })
      .patientQuestionAnswerList;
    const of = (id: number) => answers.filter((a) => a.questionnaireItemId === id);
    expect(of(2)).toMatchObject([{ listAnswerId: 2 }]);
    expect(of(3)).toMatchObject([
      { listAnswerId: 2, isChecked: true },
      { listAnswerId: 3, isChecked: true, otherOptionText: 'Dizzy' },
    ]);
    expect(of(4)).toMatchObject([{ listAnswerId: 2 }]);
    expect(of(5)).toMatchObject([{ numberAnswer: 7 }]);
    expect(of(6)).toMatchObject([{ numberAnswer: 2 }]);
    expect(of(7)).toMatchObject([{ dateAnswer: '2026-11-30' }]);
    expect(of(8)).toMatchObject([{ textAnswer: 'No' }]);
    expect(of(9)).toMatchObject([{ listAnswerId: 1 }]);
    expect(of(10)).toMatchObject([{ listAnswerId: 2 }]);
  });

  it('refuses a number out of range with the pack’s message, keeps digits only, and brings it into range on leaving', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    const hours = within(form).getByRole<HTMLInputElement>('textbox', { name: /^How many hours did you sleep\?/ });
    // Described by its range hint; while refused, marked invalid and described by the refusal too.
    const describedBy = () =>
      (hours.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ');
    expect(describedBy()).toBe('Enter a number from 0 to 24.');
    expect(hours.getAttribute('aria-invalid')).toBeNull();
    await user.type(hours, '3x0');
    expect(hours.value).toBe('30');
    expect(errorUnder(5)).toBe('Enter a number from 0 to 24.');
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy()).toBe('Enter a number from 0 to 24. | Enter a number from 0 to 24.');
    await user.tab();
    expect(hours.value).toBe('24');
    expect(errorUnder(5)).toBeNull();
    expect(hours.getAttribute('aria-invalid')).toBeNull();
    // The buttons stop at the bound.
    expect(within(form).getAllByRole<HTMLButtonElement>('button', { name: 'Increase' })[0]?.disabled).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Decrease' }));
    expect(hours.value).toBe('23');
  });

  it('asks for the text of a chosen Other, with Required', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    await user.click(within(form).getByRole('checkbox', { name: 'Other' }));
    await user.click(within(form).getByRole('button', { name: 'Submit Questionnaire' }));
    expect(errorUnder(3)).toBe('Required');
    await user.type(within(form).getByRole('textbox', { name: 'Please specify: Other' }), 'Dizzy');
    expect(errorUnder(3)).toBeNull();
  });

  it('on a phone, shows a matrix as one group of options per row, each option named by its words', async () => {
    const user = userEvent.setup();
    const form = await renderForm('phone');
    expect(within(form).queryByRole('table')).toBeNull();
    const row = within(form).getByRole('group', { name: requiredName('Feeling down') });
    await user.click(within(row).getByRole('radio', { name: 'Several days' }));
    expect(within(row).getByRole<HTMLInputElement>('radio', { name: 'Several days' }).checked).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Submit Questionnaire' }));
    expect(errorUnder(9)).toBe('Required');
    expect(errorUnder(10)).toBeNull();
  });

  it('saves the answers as a draft as the patient goes', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    await user.click(within(form).getByRole('radio', { name: 'Poor' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PUT' && r.path.endsWith('/draft'))).toBe(true), {
      timeout: 3000,
    });
    const draft = sent.find((r) => r.method === 'PUT' && r.path.endsWith('/draft'));
    expect(draft?.path).toBe(`/api/patients/${PATIENT}/assignedquestionnaires/${ID}/draft`);
    expect(draft?.body).toMatchObject({ patientQuestionAnswerList: [{ questionnaireItemId: 2, listAnswerId: 3 }] });
    expect(submits()).toHaveLength(0);
  });

  it('Cancel with answers asks first; Yes takes this visit’s draft back and goes to the list', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    await user.click(within(form).getByRole('radio', { name: 'Good' }));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const asking = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(asking.textContent).toContain("You'll lose any changes you've made.");
    await user.click(within(asking).getByRole('button', { name: 'Yes, I want to cancel' }));
    expect(await screen.findByRole('heading', { name: 'Questionnaires list' })).toBeTruthy();
    // No draft when the page opened: the one saved since is deleted.
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/patients/${PATIENT}/assignedquestionnaires/${ID}/draft`,
    ]);
    expect(submits()).toHaveLength(0);
  });

  it('in Spanish, says Required and the range in Spanish', async () => {
    const user = userEvent.setup();
    const form = await renderForm('desktop', 'es-MX');
    await user.click(within(form).getByRole('button', { name: 'Enviar cuestionario' }));
    expect(errorUnder(2)).toBe('Obligatorio');
    const hours = within(form).getByRole('textbox', { name: /^How many hours did you sleep\?/ });
    await user.type(hours, '25');
    expect(errorUnder(5)).toBe('Escriba un número entre 0 y 24.');
  });
});
