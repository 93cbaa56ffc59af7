import { describe, expect, it } from 'vitest';
import { ALL, isAtDefaults, matchesChoice, optionsWithAll, validChoice } from './filters';

describe('matchesChoice', () => {
  it('lets everything through All, and only the chosen value otherwise', () => {
    expect(matchesChoice('Completed', ALL)).toBe(true);
    expect(matchesChoice(null, ALL)).toBe(true);
    expect(matchesChoice('Completed', 'Completed')).toBe(true);
    expect(matchesChoice('Scheduled', 'Completed')).toBe(false);
    expect(matchesChoice(null, 'Completed')).toBe(false);
  });
});

describe('optionsWithAll', () => {
  it('puts All first, then distinct non-empty values in alphabetical order', () => {
    expect(optionsWithAll(['Scheduled', 'completed', 'Scheduled', '', null, 'Arrived'], 'Todos')).toEqual([
      { value: ALL, label: 'Todos' },
      { value: 'Arrived', label: 'Arrived' },
      { value: 'completed', label: 'completed' },
      { value: 'Scheduled', label: 'Scheduled' },
    ]);
  });

  it('labels each value in the user’s language and sorts by the labels, keeping the values', () => {
    const spanish: Record<string, string> = {
      Scheduled: 'Programada',
      Completed: 'Completada',
      Arrived: 'Paciente presente',
    };
    expect(optionsWithAll(['Scheduled', 'Completed', 'Arrived'], 'Todos', 'es-MX', (v) => spanish[v] ?? v)).toEqual([
      { value: ALL, label: 'Todos' },
      { value: 'Completed', label: 'Completada' },
      { value: 'Arrived', label: 'Paciente presente' },
      { value: 'Scheduled', label: 'Programada' },
    ]);
  });
});

describe('validChoice', () => {
  it('falls back to All when the choice is no longer offered', () => {
    const options = optionsWithAll(['A'], 'All');
    expect(validChoice('A', options)).toBe('A');
    expect(validChoice('B', options)).toBe(ALL);
  });
});

describe('isAtDefaults', () => {
  it('is true only when every filter has its default', () => {
    const defaults = { status: ALL, date: ALL };
    expect(isAtDefaults({ status: ALL, date: ALL }, defaults)).toBe(true);
    expect(isAtDefaults({ status: ALL, date: 'Past' }, defaults)).toBe(false);
  });
});
