import { describe, expect, it } from 'vitest';
import { endAfterMs, idleState, warningLeadMs } from './idle';

describe('the kiosk idle clock', () => {
  it('ends a 3-minute session before the server would, after a minute of warning', () => {
    expect(endAfterMs(180)).toBe(165_000);
    expect(warningLeadMs(180)).toBe(60_000);
    expect(idleState(180, 0)).toEqual({ kind: 'active' });
    expect(idleState(180, 104_999)).toEqual({ kind: 'active' });
    expect(idleState(180, 105_000)).toEqual({ kind: 'warning', secondsLeft: 60 });
    expect(idleState(180, 164_001)).toEqual({ kind: 'warning', secondsLeft: 1 });
    expect(idleState(180, 165_000)).toEqual({ kind: 'ended' });
  });

  it('warns for half of a short limit, and never ends sooner than 15 seconds', () => {
    expect(endAfterMs(60)).toBe(45_000);
    expect(warningLeadMs(60)).toBe(22_500);
    expect(endAfterMs(10)).toBe(15_000);
  });
});
