import { describe, expect, it } from 'vitest';
import { CCDA_ATTRIBUTES, CCDA_TAGS, keptAttributeValue, keptClasses } from './ccda-allowlist';

describe('what the summary keeps in the page', () => {
  it("keeps the contract's tags and the documents' article, nothing that runs or loads", () => {
    expect(CCDA_TAGS).toEqual(expect.arrayContaining(['article', 'h2', 'table', 'caption', 'th', 'td', 'a']));
    for (const tag of ['script', 'style', 'img', 'iframe', 'form', 'input', 'object', 'svg']) {
      expect(CCDA_TAGS).not.toContain(tag);
    }
    expect(new Set(CCDA_TAGS).size).toBe(CCDA_TAGS.length);
    expect(CCDA_ATTRIBUTES).toEqual(expect.arrayContaining(['href', 'scope', 'colspan', 'rowspan', 'class']));
    expect(CCDA_ATTRIBUTES).not.toContain('style');
  });

  it('keeps an attribute only on its own tags, with a value of its kind', () => {
    expect(keptAttributeValue('TH', 'scope', 'col')).toBe('col');
    expect(keptAttributeValue('th', 'scope', 'everything')).toBeNull();
    expect(keptAttributeValue('td', 'scope', 'row')).toBeNull();
    expect(keptAttributeValue('td', 'colspan', '3')).toBe('3');
    expect(keptAttributeValue('td', 'rowspan', '0')).toBeNull();
    expect(keptAttributeValue('td', 'colspan', '99999')).toBeNull();
    expect(keptAttributeValue('p', 'href', 'https://example.org')).toBeNull();
    expect(keptAttributeValue('td', 'onclick', 'alert(1)')).toBeNull();
    expect(keptAttributeValue('td', 'style', 'color:red')).toBeNull();
  });

  it('keeps web and mail links only, and opens them without the page', () => {
    expect(keptAttributeValue('a', 'href', ' https://www.cdc.gov/flu ')).toBe('https://www.cdc.gov/flu');
    expect(keptAttributeValue('a', 'href', 'mailto:clinic@example.org')).toBe('mailto:clinic@example.org');
    expect(keptAttributeValue('a', 'href', 'javascript:alert(1)')).toBeNull();
    expect(keptAttributeValue('a', 'href', 'data:text/html,x')).toBeNull();
    expect(keptAttributeValue('a', 'href', '/api/patients/1/export')).toBeNull();
    expect(keptAttributeValue('a', 'rel', 'opener')).toBe('noopener noreferrer');
  });

  it("keeps the view's own classes, by tag", () => {
    expect(keptClasses('table', 'ccda-summary portal-evil')).toEqual(['ccda-summary']);
    expect(keptClasses('p', 'ccda-footnote ccda-footnote')).toEqual(['ccda-footnote']);
    expect(keptClasses('article', 'ccda-document')).toEqual(['ccda-document']);
    expect(keptClasses('td', 'ccda-summary')).toEqual([]);
    expect(keptAttributeValue('span', 'class', 'mantine-Modal-root')).toBeNull();
    expect(keptAttributeValue('span', 'class', 'ccda-caption')).toBe('ccda-caption');
  });
});
