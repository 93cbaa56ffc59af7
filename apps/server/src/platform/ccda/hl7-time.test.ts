import { describe, expect, it } from 'vitest';
import { parseHl7Time } from './hl7-time';

describe('HL7 TS values', () => {
  it('reads a calendar day as that day, with no time and no zone', () => {
    expect(parseHl7Time('20240305')).toEqual({
      value: '20240305',
      precision: 'day',
      iso: '2024-03-05',
      day: '2024-03-05',
      time: null,
      offset: null,
      instant: null,
    });
  });

  it('reads a time to the minute with its offset, keeping the wall clock it was written in', () => {
    expect(parseHl7Time('202403051230-0500')).toEqual({
      value: '202403051230-0500',
      precision: 'minute',
      iso: '2024-03-05T12:30-05:00',
      day: '2024-03-05',
      time: '12:30',
      offset: '-05:00',
      instant: '2024-03-05T17:30:00.000Z',
    });
  });

  it('reads seconds with a fraction and a positive offset', () => {
    expect(parseHl7Time('20240305123000.000+0100')).toEqual({
      value: '20240305123000.000+0100',
      precision: 'second',
      iso: '2024-03-05T12:30:00.000+01:00',
      day: '2024-03-05',
      time: '12:30:00.000',
      offset: '+01:00',
      instant: '2024-03-05T11:30:00.000Z',
    });
  });

  it('keeps the calendar day the sender wrote when the instant falls on another day in UTC', () => {
    const late = parseHl7Time('201409171904-0500');
    expect(late?.day).toBe('2014-09-17');
    expect(late?.instant).toBe('2014-09-18T00:04:00.000Z');
  });

  it('reads the coarser precisions without inventing the missing parts', () => {
    expect(parseHl7Time('2024')).toMatchObject({ precision: 'year', iso: '2024', day: null, time: null });
    expect(parseHl7Time('202403')).toMatchObject({ precision: 'month', iso: '2024-03', day: null });
    expect(parseHl7Time('2024030512')).toMatchObject({ precision: 'hour', iso: '2024-03-05T12:00', time: '12:00' });
  });

  it('keeps a time without an offset as local, with no instant', () => {
    expect(parseHl7Time('20050329224411')).toMatchObject({
      iso: '2005-03-29T22:44:11',
      offset: null,
      instant: null,
    });
  });

  it('does not put an offset on a date alone', () => {
    expect(parseHl7Time('20240305-0500')).toMatchObject({ iso: '2024-03-05', day: '2024-03-05', offset: '-05:00' });
  });

  it('accepts 29 February in a leap year and a leap second', () => {
    expect(parseHl7Time('20240229')?.day).toBe('2024-02-29');
    expect(parseHl7Time('20161231235960+0000')?.instant).toBe('2016-12-31T23:59:59.000Z');
  });

  it('reads years before 100 as written', () => {
    expect(parseHl7Time('00500101120000+0000')?.instant).toBe('0050-01-01T12:00:00.000Z');
  });

  it('trims white space around the value', () => {
    expect(parseHl7Time(' 20240305 ')?.iso).toBe('2024-03-05');
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['empty', ''],
    ['letters', 'yesterday'],
    ['dashes', '2024-03-05'],
    ['too short', '202'],
    ['an odd number of digits', '2024030'],
    ['month 13', '20241305'],
    ['month 0', '20240005'],
    ['30 February', '20240230'],
    ['29 February in a common year', '20230229'],
    ['hour 24', '202403052400'],
    ['minute 60', '202403051260'],
    ['a fraction without seconds', '202403051230.5'],
    ['an offset of 15 hours', '202403051230+1500'],
    ['a short offset', '202403051230-05'],
  ])('refuses a value that is %s', (_name, value) => {
    expect(parseHl7Time(value)).toBeNull();
  });
});
