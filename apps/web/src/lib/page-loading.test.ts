import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageShown, markPageLoading } from './page-loading';

describe('afterPageShown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once when no page is loading', () => {
    const callback = vi.fn();
    afterPageShown(callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits until every loading page has shown and painted (at most 100 ms without a frame), then runs once', () => {
    const callback = vi.fn();
    const stopFirst = markPageLoading();
    const stopSecond = markPageLoading();
    afterPageShown(callback);
    stopFirst();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
    stopSecond();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(99);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    stopSecond();
    markPageLoading()();
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after the next frame once the page has shown', () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
    try {
      const callback = vi.fn();
      const stop = markPageLoading();
      afterPageShown(callback);
      stop();
      expect(frames).toHaveLength(1);
      frames[0]!();
      expect(callback).not.toHaveBeenCalled();
      vi.advanceTimersByTime(0);
      expect(callback).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1000);
      expect(callback).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('runs once loading has taken three seconds, without waiting for the page', () => {
    const callback = vi.fn();
    const stop = markPageLoading();
    afterPageShown(callback);
    vi.advanceTimersByTime(2999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    afterPageShown(late);
    expect(late).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', () => {
    const callback = vi.fn();
    const stop = markPageLoading();
    const cancel = afterPageShown(callback);
    cancel();
    stop();
    vi.advanceTimersByTime(1000);
    expect(callback).not.toHaveBeenCalled();
  });
});
