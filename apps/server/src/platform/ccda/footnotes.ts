import type { CcdaSection, NarrativeNode } from './narrative';

// Footnote numbering shared by the HTML view and the PDF, so both give a footnote the same number.

export interface FootnoteNumbers {
  /** Each footnote's number, in document order. */
  byNode: Map<NarrativeNode, number>;
  /** The number of the footnote with an ID, for the footnoteRefs that point at it. */
  byId: Map<string, number>;
}

/** Numbers the footnotes in document order before rendering, so a footnoteRef finds a footnote written later. */
export function footnoteNumbers(sections: Pick<CcdaSection, 'blocks' | 'sections'>[]): FootnoteNumbers {
  const numbers: FootnoteNumbers = { byNode: new Map(), byId: new Map() };
  const walk = (nodes: NarrativeNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'footnote') {
        const number = numbers.byNode.size + 1;
        numbers.byNode.set(node, number);
        if (node.id && !numbers.byId.has(node.id)) numbers.byId.set(node.id, number);
      }
      for (const children of childFlows(node)) walk(children);
    }
  };
  const walkSections = (list: Pick<CcdaSection, 'blocks' | 'sections'>[]) => {
    for (const section of list) {
      walk(section.blocks);
      walkSections(section.sections);
    }
  };
  walkSections(sections);
  return numbers;
}

/** The flows of content a node holds, in document order. */
export function childFlows(node: NarrativeNode): NarrativeNode[][] {
  switch (node.kind) {
    case 'content':
    case 'sub':
    case 'sup':
    case 'link':
    case 'footnote':
    case 'caption':
      return [node.children];
    case 'paragraph':
      return [node.caption ?? [], node.children];
    case 'multimedia':
      return [node.caption ?? []];
    case 'list':
      return [node.caption ?? [], ...node.items.flatMap((item) => [item.caption ?? [], item.children])];
    case 'table':
      return [
        node.caption ?? [],
        ...[node.head, ...node.bodies, node.foot].flat().flatMap((row) => row.cells.map((cell) => cell.children)),
      ];
    default:
      return [];
  }
}
