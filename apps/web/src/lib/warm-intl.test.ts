import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlSoon } from './warm-intl';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('warmIntlSoon', () => {
  it('builds a formatter for the language and zone, then a collator, each in a later task of its own', () => {
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    const collator = vi.spyOn(Intl, 'Collator');
    const tasks = vi.spyOn(globalThis, 'setTimeout').mockImplementation((() => 0) as never);
    warmIntlSoon('es-ES', 'America/Chicago');
    expect(formatter).not.toHaveBeenCalled();
    expect(collator).not.toHaveBeenCalled();
    expect(tasks).toHaveBeenCalledTimes(2);
    tasks.mock.calls[0]![0]();
    expect(formatter).toHaveBeenCalledWith('es-ES', expect.objectContaining({ timeZone: 'America/Chicago' }));
    expect(collator).not.toHaveBeenCalled();
    tasks.mock.calls[1]![0]();
    expect(collator).toHaveBeenCalledWith('es-ES', { numeric: true, sensitivity: 'base' });
  });

  it('lets a zone the browser does not know pass without an error', () => {
    vi.useFakeTimers();
    warmIntlSoon('en-US', 'Mars/Olympus_Mons');
    expect(() => vi.runAllTimers()).not.toThrow();
  });
});
