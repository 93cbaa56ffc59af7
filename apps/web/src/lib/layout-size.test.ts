import { describe, expect, it } from 'vitest';
import { isIPad, isMobileUserAgent } from './layout-size';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPAD_OLD = 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('isMobileUserAgent', () => {
  it('knows phones and tablets', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent(IPAD_OLD)).toBe(true);
  });
  it('leaves desktops alone', () => {
    expect(isMobileUserAgent(MAC)).toBe(false);
    expect(isMobileUserAgent(WINDOWS)).toBe(false);
  });
});

describe('isIPad', () => {
  it('knows an iPad by name, and a touch "Mac" as an iPad', () => {
    expect(isIPad(IPAD_OLD, 5)).toBe(true);
    expect(isIPad(MAC, 5)).toBe(true);
  });
  it('a Mac without touch and a phone are not iPads', () => {
    expect(isIPad(MAC, 0)).toBe(false);
    expect(isIPad(IPHONE, 5)).toBe(false);
    expect(isIPad(WINDOWS, 10)).toBe(false);
  });
});
