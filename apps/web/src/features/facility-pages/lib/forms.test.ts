import { describe, expect, it } from 'vitest';
import { byViewOrder, fileKindOf, fileSizeKb } from './forms';

describe('fileKindOf', () => {
  it('draws the icon by MIME type', () => {
    expect(fileKindOf('application/pdf')).toBe('pdf');
    expect(fileKindOf('image/png')).toBe('image');
    expect(fileKindOf('IMAGE/JPEG')).toBe('image');
    expect(fileKindOf('text/plain; charset=utf-8')).toBe('text');
    expect(fileKindOf('application/zip')).toBe('other');
  });
});

describe('fileSizeKb', () => {
  it('divides by 1000 and shows 2 decimals', () => {
    expect(fileSizeKb(12_345, 'en-US')).toBe('12.35');
    expect(fileSizeKb(1_000, 'en-US')).toBe('1.00');
    expect(fileSizeKb(5, 'en-US')).toBe('0.01');
    expect(fileSizeKb(0, 'en-US')).toBe('0.00');
    expect(fileSizeKb(1_234_567, 'en-US')).toBe('1,234.57');
  });

  it('writes the number as the language does', () => {
    expect(fileSizeKb(12_345, 'fr-CA')).toBe('12,35');
    expect(fileSizeKb(12_345, 'pt-BR')).toBe('12,35');
    expect(fileSizeKb(12_345, 'zh')).toBe('12.35');
  });
});

describe('byViewOrder', () => {
  it('sorts by viewOrder and keeps the order of ties', () => {
    const items = [
      { viewOrder: 3, id: 'c' },
      { viewOrder: 1, id: 'a' },
      { viewOrder: 3, id: 'd' },
      { viewOrder: 2, id: 'b' },
    ];
    expect(byViewOrder(items).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
