import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../../platform/time/time';
import { daysBefore, digestOf, dueDigest, isReminderDue, reminderSendAt, REMINDER_HOUR } from './reminder-timing';
import { noticeMail, noticeSms, type NoticeContent } from './notice-texts';

const ZONE = 'America/Toronto';
const HOUR = 3_600_000;

describe('reminder timing on the facility’s clock', () => {
  it('maps every option id: off, digests, and the days before', () => {
    expect([0, 1, 2].map((id) => [daysBefore(id), digestOf(id)])).toEqual([
      [undefined, undefined],
      [undefined, 'monthly'],
      [undefined, 'weekly'],
    ]);
    expect([3, 4, 5, 6, 7, 8, 9, 10].map(daysBefore)).toEqual([28, 21, 14, 7, 3, 2, 1, 0]);
    expect(daysBefore(99)).toBeUndefined();
  });

  it('sends at 08:00 local N days before, across a change of daylight saving time', () => {
    // 2031-03-09 is the spring change in Toronto: 08:00 is 12:00 UTC after it, 13:00 UTC before.
    expect(reminderSendAt('2031-03-10', 1, ZONE).toISOString()).toBe('2031-03-09T12:00:00.000Z');
    expect(reminderSendAt('2031-03-10', 7, ZONE).toISOString()).toBe('2031-03-03T13:00:00.000Z');
    expect(reminderSendAt('2031-03-10', 0, ZONE)).toEqual(zonedInstant('2031-03-10', REMINDER_HOUR, 0, ZONE));
  });

  it('is due from its hour for a day, and never once the event has begun', () => {
    const sendAt = reminderSendAt('2031-05-06', 0, ZONE);
    const event = { date: '2031-05-06', time: '09:00', startsAt: zonedInstant('2031-05-06', 9, 0, ZONE) };
    expect(isReminderDue(new Date(sendAt.getTime() - 1), sendAt, event)).toBe(false);
    expect(isReminderDue(sendAt, sendAt, event)).toBe(true);
    expect(isReminderDue(new Date(sendAt.getTime() + HOUR), sendAt, event)).toBe(false);
    const later = { ...event, startsAt: zonedInstant('2031-05-08', 9, 0, ZONE) };
    expect(isReminderDue(new Date(sendAt.getTime() + 23 * HOUR), sendAt, later)).toBe(true);
    expect(isReminderDue(new Date(sendAt.getTime() + 24 * HOUR), sendAt, later)).toBe(false);
  });

  it('has a weekly digest on Mondays and a monthly one on the 1st, from 08:00 for a day', () => {
    const monday = zonedInstant('2031-03-10', 8, 0, ZONE);
    expect(dueDigest(monday, 'weekly', ZONE)).toEqual({
      period: 'weekly',
      key: '2031-03-10',
      from: '2031-03-10',
      to: '2031-03-16',
    });
    expect(dueDigest(new Date(monday.getTime() - 1), 'weekly', ZONE)).toBeUndefined();
    expect(dueDigest(zonedInstant('2031-03-11', 8, 0, ZONE), 'weekly', ZONE)).toBeUndefined();
    expect(dueDigest(zonedInstant('2031-02-01', 9, 0, ZONE), 'monthly', ZONE)).toEqual({
      period: 'monthly',
      key: '2031-02',
      from: '2031-02-01',
      to: '2031-02-28',
    });
    expect(dueDigest(zonedInstant('2031-02-02', 9, 0, ZONE), 'monthly', ZONE)).toBeUndefined();
  });
});

describe('notice texts', () => {
  const input = {
    portalName: 'Riverside Patient Portal',
    name: 'Jane',
    url: 'https://portal.example/appointments',
    forRepresentative: false,
    timeZoneId: ZONE,
  };
  const contents: NoticeContent[] = [
    { kind: 'notice', notice: 'message' },
    { kind: 'notice', notice: 'questionnaire' },
    { kind: 'notice', notice: 'result' },
    { kind: 'notice', notice: 'note' },
    { kind: 'notice', notice: 'education' },
    { kind: 'reminder', type: 'appointment', item: { date: '2031-05-06', time: '14:30' } },
    { kind: 'reminder', type: 'appointment', item: { date: '2031-05-06', time: null } },
    { kind: 'reminder', type: 'followUp', item: { date: '2031-05-06', time: null } },
    {
      kind: 'digest',
      type: 'appointment',
      period: 'monthly',
      from: '2031-05-01',
      to: '2031-05-31',
      items: [{ date: '2031-05-06', time: '14:30' }],
    },
    {
      kind: 'digest',
      type: 'followUp',
      period: 'weekly',
      from: '2031-05-05',
      to: '2031-05-11',
      items: [{ date: '2031-05-06', time: null }],
    },
  ];

  it('reads in each of the five languages, with the link, and no placeholder left', () => {
    for (const language of ['en', 'es', 'fr', 'pt', 'zh']) {
      for (const content of contents) {
        const mail = noticeMail(content, { ...input, language });
        const sms = noticeSms(content, { ...input, language });
        for (const text of [mail.subject, mail.text, sms]) expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
        expect(mail.text).toContain(input.url);
        expect(sms.endsWith(input.url)).toBe(true);
        expect(sms.length).toBeLessThan(320);
      }
    }
  });

  it('says the day and time of a reminder, and the representative line only to a representative', () => {
    const mail = noticeMail(contents[5]!, { ...input, language: 'en' });
    expect(mail.subject).toBe('Appointment reminder from Riverside Patient Portal');
    expect(mail.text).toContain('you have an appointment on Tuesday, May 6, 2031 at 2:30');
    expect(mail.text).not.toContain('authorized representative');
    const toRobert = noticeMail(contents[0]!, { ...input, language: 'en', forRepresentative: true });
    expect(toRobert.text).toContain('authorized representative');
    expect(noticeMail(contents[0]!, { ...input, language: 'fr' }).subject).toBe(
      'Nouveau message dans Riverside Patient Portal',
    );
  });
});
