import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntlSoon } from './warm-intl';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('warmIntlSoon', () => {
  it('builds a formatter for the language and zone, and a collator, in a later task, not in the caller’s', () => {
    vi.useFakeTimers();
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    const collator = vi.spyOn(Intl, 'Collator');
    warmIntlSoon('es-ES', 'America/Chicago');
    expect(formatter).not.toHaveBeenCalled();
    expect(collator).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(formatter).toHaveBeenCalledWith('es-ES', expect.objectContaining({ timeZone: 'America/Chicago' }));
    expect(collator).toHaveBeenCalledWith('es-ES', { numeric: true, sensitivity: 'base' });
  });

  it('lets a zone the browser does not know pass without an error', () => {
    vi.useFakeTimers();
    warmIntlSoon('en-US', 'Mars/Olympus_Mons');
    expect(() => vi.runAllTimers()).not.toThrow();
  });
});
