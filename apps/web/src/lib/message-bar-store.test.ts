import { describe, expect, it, vi } from 'vitest';
import { createMessageBarStore, SESSION_TIMEOUT_KEY } from './message-bar-store';

describe('message bar', () => {
  it('shows a message and notifies subscribers', () => {
    const store = createMessageBarStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ type: 'success', key: 'x' });
    expect(store.get()).toEqual({ type: 'success', key: 'x' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('treats type none as no message', () => {
    const store = createMessageBarStore();
    store.show({ type: 'info', key: 'x' });
    store.show({ type: 'none' });
    expect(store.get()).toBeNull();
  });

  it('is cleared on route change unless keepDisplay is set', () => {
    const store = createMessageBarStore();
    store.show({ type: 'error', key: 'a' });
    store.routeChanged();
    expect(store.get()).toBeNull();
    store.show({ type: 'warning', key: 'b', keepDisplay: true });
    store.routeChanged();
    expect(store.get()?.key).toBe('b');
  });

  it('lets the session-timeout message override others and persist', () => {
    const store = createMessageBarStore();
    store.show({ type: 'success', key: 'saved' });
    store.showSessionTimeout();
    expect(store.get()).toMatchObject({ key: SESSION_TIMEOUT_KEY, isSessionTimeout: true });
    store.show({ type: 'error', key: 'other' });
    store.routeChanged();
    expect(store.get()?.key).toBe(SESSION_TIMEOUT_KEY);
  });

  it('clears any message, the session timeout included, when dismissed', () => {
    const store = createMessageBarStore();
    store.showSessionTimeout();
    store.dismiss();
    expect(store.get()).toBeNull();
    store.show({ type: 'info', key: 'next' });
    expect(store.get()?.key).toBe('next');
  });

  it('stops notifying after unsubscribe', () => {
    const store = createMessageBarStore();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    off();
    store.show({ type: 'info', key: 'x' });
    expect(listener).not.toHaveBeenCalled();
  });
});
