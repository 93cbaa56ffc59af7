import { el, type Xml, type XmlChild } from './xml';

// A section's narrative (its <text>): the tables, lists, paragraphs and styled content people read, and the
// reference an entry makes to its row.

export interface NarrativeRow {
  /** The row's ID, which the entry's originalText references ('#med-1'). */
  id?: string;
  cells: XmlChild[];
}

export function narrativeTable(headers: string[], rows: NarrativeRow[], caption?: string): Xml {
  return el(
    'table',
    { border: 1, width: '100%' },
    caption ? el('caption', null, caption) : null,
    el(
      'thead',
      null,
      el(
        'tr',
        null,
        headers.map((h) => el('th', null, h)),
      ),
    ),
    el(
      'tbody',
      null,
      rows.map((row) =>
        el(
          'tr',
          { ID: row.id },
          row.cells.map((cell) => el('td', null, cell)),
        ),
      ),
    ),
  );
}

export function narrativeList(items: XmlChild[], ordered = false): Xml {
  return el(
    'list',
    { listType: ordered ? 'ordered' : 'unordered' },
    items.map((item) => el('item', null, item)),
  );
}

export function paragraph(...children: XmlChild[]): Xml {
  return el('paragraph', null, ...children);
}

/** Styled content: 'Bold', 'Italics', 'Underline', 'Emphasis'. */
export function styled(text: XmlChild, styleCode: 'Bold' | 'Italics' | 'Underline' | 'Emphasis'): Xml {
  return el('content', { styleCode }, text);
}

/** `<text><reference value="#id"/></text>`: an entry's link to its narrative. */
export function textReference(id: string): Xml {
  return el('text', null, el('reference', { value: `#${id}` }));
}
