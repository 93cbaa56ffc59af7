import type { SupportedLocale } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlockingRouter } from '../../../lib/blocking-router';
import { stubFetch, type SentRequest } from '../../../test/fetch-stub';
import { withProviders } from '../../../test/providers';
import { packOf, renderInApp } from '../../../test/render';
import { signIn, signOut } from '../../../test/session';
import { ContactForm, type ContactLookups } from './ContactForm';

// The add-contact form: its required fields, the phone and email checks in the packs' words, what Save sends,
// and the lists (countries, states, relationships) in the reader's language, as the lookups calls answer them
// (the server names them from the same packs).

const PATIENT = 7;

/** The lookups as the server answers them in `locale`: each name from the language's pack, else its stored name. */
function lookupsIn(locale: SupportedLocale): ContactLookups {
  const pack = packOf(locale);
  const named = (key: string, stored: string) => pack[`lookups.${key}`] ?? stored;
  return {
    relationships: [
      { relationshipId: 1, relationshipDisplay: named('relationship.1', 'Spouse') },
      { relationshipId: 7, relationshipDisplay: named('relationship.7', 'Mother') },
    ],
    countries: [
      {
        countryId: 1,
        countryName: 'United States',
        countryNameDisplay: named('country.US', 'United States'),
        sortOrder: 1,
      },
      { countryId: 3, countryName: 'Mexico', countryNameDisplay: named('country.MX', 'Mexico'), sortOrder: 100 },
      { countryId: 2, countryName: 'Canada', countryNameDisplay: named('country.CA', 'Canada'), sortOrder: 100 },
      { countryId: 4, countryName: 'Germany', countryNameDisplay: named('country.DE', 'Germany'), sortOrder: 100 },
    ],
    states: [
      { stateId: 1, countryId: 1, stateName: 'New York', stateNameDisplay: named('state.US.NY', 'New York') },
      {
        stateId: 2,
        countryId: 2,
        stateName: 'British Columbia',
        stateNameDisplay: named('state.CA.BC', 'British Columbia'),
      },
    ],
    preferredCommunications: [
      { preferredCommunicationId: 1, preferredCommunicationCode: 'Email', preferredCommunicationDisplay: 'Email' },
    ],
    languages: [
      { languageId: 1, languageCode: 'en-US', displayName: 'English' },
      { languageId: 2, languageCode: 'es-MX', displayName: 'Español' },
    ],
  };
}

let sent: SentRequest[];
beforeEach(() => {
  sent = stubFetch((request) =>
    request.method === 'PUT'
      ? { json: { ...(request.body as object), contactId: 55, patientId: PATIENT } }
      : { json: [] },
  );
  signIn();
  window.history.replaceState(null, '', '/add-contact');
});
afterEach(() => {
  vi.unstubAllGlobals();
  signOut();
});

const saves = () => sent.filter((r) => r.method === 'PUT');

async function renderForm({
  locale = 'en-US',
  canInvite = false,
}: { locale?: SupportedLocale; canInvite?: boolean } = {}) {
  await renderInApp(
    withProviders(
      <BlockingRouter>
        <Routes>
          <Route
            path="/add-contact"
            element={
              <ContactForm
                mode="add"
                patientId={PATIENT}
                patient={undefined}
                contact={null}
                contacts={[]}
                lookups={lookupsIn(locale)}
                canInvite={canInvite}
              />
            }
          />
          <Route path="/" element={<h1>Home page</h1>} />
        </Routes>
      </BlockingRouter>,
    ),
    locale,
  );
  return screen.getByRole('form');
}

/** The error a field says (Mantine ties it to the field by aria-describedby), or null. */
function errorOf(field: HTMLElement): string | null {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

describe('the contact form', () => {
  it('refuses Save without the required fields: Required under each, the keyboard on the first', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    expect(within(form).getByRole('heading', { level: 1, name: 'Add Contact' })).toBeTruthy();
    const first = within(form).getByRole('textbox', { name: /^First name/ });
    const last = within(form).getByRole('textbox', { name: /^Last name/ });
    const relationship = within(form).getByRole('combobox', { name: /^Relationship/ });
    const language = within(form).getByRole<HTMLSelectElement>('combobox', { name: /^Communication language/ });
    // The facility's default communication language is chosen already.
    expect(language.value).toBe('1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(errorOf(first)).toBe('Required');
    expect(errorOf(last)).toBe('Required');
    expect(errorOf(relationship)).toBe('Required');
    expect(errorOf(language)).toBeNull();
    expect(errorOf(within(form).getByRole('textbox', { name: 'Suffix' }))).toBeNull();
    expect(document.activeElement).toBe(first);
    expect(saves()).toHaveLength(0);
    // Typing clears a field's error.
    await user.type(first, 'Ana');
    expect(errorOf(first)).toBeNull();
    expect(errorOf(last)).toBe('Required');
  });

  it('formats phones as typed and refuses a phone of too few digits and a malformed email, in the packs’ words', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    const home = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Home phone' });
    const mobile = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Mobile phone' });
    const email = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Email address' });
    await user.type(home, '5551234');
    expect(home.value).toBe('555-1234');
    await user.type(mobile, '12345');
    await user.type(email, 'ana@example');
    await user.type(within(form).getByRole('textbox', { name: /^First name/ }), 'Ana');
    await user.type(within(form).getByRole('textbox', { name: /^Last name/ }), 'Diaz');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Relationship/ }), 'Mother');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(errorOf(home)).toBeNull();
    expect(errorOf(mobile)).toBe('Enter a phone number of 7 to 15 digits.');
    expect(errorOf(email)).toBe('Email address is not in correct format.');
    expect(document.activeElement).toBe(mobile);
    expect(saves()).toHaveLength(0);
  });

  it('sends the contact on Save: names trimmed, phones as digits, the stored country and state, then goes home', async () => {
    const user = userEvent.setup();
    const form = await renderForm();
    await user.type(within(form).getByRole('textbox', { name: /^First name/ }), '  Ana ');
    await user.type(within(form).getByRole('textbox', { name: /^Last name/ }), 'Diaz');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Relationship/ }), 'Mother');
    await user.click(within(form).getByRole('checkbox', { name: 'Next of kin' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Country' }), 'Canada');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'State or province' }), 'British Columbia');
    await user.type(within(form).getByRole('textbox', { name: 'Mobile phone' }), '6045550199');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Mobile phone' }).value).toBe('(604) 555-0199');
    await user.type(within(form).getByRole('textbox', { name: 'Email address' }), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]?.path).toBe(`/api/patients/${PATIENT}/contacts`);
    expect(saves()[0]?.body).toMatchObject({
      contactId: 0,
      contactFirstName: 'Ana',
      contactLastName: 'Diaz',
      relationshipId: 7,
      isNextOfKin: true,
      isPrimaryContact: false,
      country: 'Canada',
      state: 'British Columbia',
      mobilePhone: '6045550199',
      homePhone: null,
      contactEmail: 'ana@example.com',
      communicationLanguageId: 1,
    });
  });

  it('with an invitation ticked, asks for the email address', async () => {
    const user = userEvent.setup();
    const form = await renderForm({ canInvite: true });
    await user.type(within(form).getByRole('textbox', { name: /^First name/ }), 'Ana');
    await user.type(within(form).getByRole('textbox', { name: /^Last name/ }), 'Diaz');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Relationship/ }), 'Mother');
    await user.click(
      within(form).getByRole('checkbox', { name: 'Invite this contact to access my health information' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(errorOf(within(form).getByRole('textbox', { name: 'Email address' }))).toBe(
      'An email address is required to invite this contact.',
    );
    expect(saves()).toHaveLength(0);
  });

  it('in Spanish: the labels, the messages and the lists in Spanish, countries in Spanish order, the stored name sent', async () => {
    const user = userEvent.setup();
    const form = await renderForm({ locale: 'es-MX' });
    const pack = packOf('es-MX');
    const country = within(form).getByRole<HTMLSelectElement>('combobox', { name: pack['contactForm.form.country'] });
    // The facility's own country first (its sort order), then by name as a Spanish reader sorts them.
    expect(Array.from(country.options, (o) => o.textContent)).toEqual([
      'Seleccione…',
      'Estados Unidos',
      'Alemania',
      'Canadá',
      'México',
    ]);
    expect(Array.from(country.options, (o) => o.value)).toEqual(['', 'United States', 'Germany', 'Canada', 'Mexico']);
    const relationship = within(form).getByRole<HTMLSelectElement>('combobox', {
      name: new RegExp(`^${pack['contactForm.form.relationship']}`),
    });
    expect(Array.from(relationship.options, (o) => o.textContent)).toContain('Madre');
    await user.selectOptions(country, 'Canadá');
    const state = within(form).getByRole<HTMLSelectElement>('combobox', { name: pack['contactForm.form.state'] });
    expect(Array.from(state.options, (o) => o.textContent)).toEqual(['Seleccione…', 'Columbia Británica']);
    const first = within(form).getByRole('textbox', { name: new RegExp(`^${pack['contactForm.form.firstName']}`) });
    await user.click(within(form).getByRole('button', { name: pack['contactForm.form.save'] }));
    expect(errorOf(first)).toBe('Obligatorio');
    await user.type(first, 'Ana');
    await user.type(
      within(form).getByRole('textbox', { name: new RegExp(`^${pack['contactForm.form.lastName']}`) }),
      'Díaz',
    );
    await user.selectOptions(relationship, 'Madre');
    await user.selectOptions(state, 'Columbia Británica');
    await user.click(within(form).getByRole('button', { name: pack['contactForm.form.save'] }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toMatchObject({ country: 'Canada', state: 'British Columbia', relationshipId: 7 });
  });
});
