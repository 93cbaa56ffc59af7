import { describe, expect, it } from 'vitest';
import { describeTimeZone } from './time';

const january = new Date('2026-01-15T12:00:00Z');
const july = new Date('2026-07-15T12:00:00Z');

describe('describeTimeZone', () => {
  it('gives standard time in winter', () => {
    expect(describeTimeZone('America/New_York', january)).toEqual({
      id: 'America/New_York',
      abbreviation: 'EST',
      offset: -300,
    });
  });

  it('gives daylight saving time in summer', () => {
    expect(describeTimeZone('America/New_York', july)).toEqual({
      id: 'America/New_York',
      abbreviation: 'EDT',
      offset: -240,
    });
  });

  it('gives offset 0 for UTC', () => {
    expect(describeTimeZone('UTC', january)).toMatchObject({ id: 'UTC', offset: 0 });
  });

  it('counts minutes for zones east of UTC and for half hours', () => {
    expect(describeTimeZone('Asia/Kolkata', january).offset).toBe(330);
    expect(describeTimeZone('Europe/Paris', july).offset).toBe(120);
  });
});
