import { visibleTextLength } from '@portal/contracts';

// The editor's text (spec 002 section 9): what Text mode shows of a formatted message, and how long a message is
// for its 2000-character limit, counted as the server counts it (rules/secure-message.ts: the characters a
// reader sees; markup and line breaks not counted, white space around the whole message not counted).

/** A node of the editor's document as its JSON (ProseMirror's): doc, paragraph, text, hardBreak, lists. */
export interface DocNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown> | null;
  content?: DocNode[];
}

/** The lines of a paragraph: its text, a hard break (Shift+Enter) starting a new line. */
function inlineLines(node: DocNode): string[] {
  const lines = [''];
  for (const child of node.content ?? []) {
    if (child.type === 'hardBreak') lines.push('');
    else if (typeof child.text === 'string') lines[lines.length - 1] += child.text;
    else lines[lines.length - 1] += inlineLines(child).join(' ');
  }
  return lines;
}

function startOf(list: DocNode): number {
  const start = list.attrs?.start;
  return typeof start === 'number' && Number.isSafeInteger(start) ? start : 1;
}

/** The lines of a block; list items carry their marker ('- ', '1. '), nested lists an indent per level. */
function blockLines(node: DocNode, indent: string): string[] {
  if (node.type === 'paragraph') return inlineLines(node).map((line) => indent + line);
  if (node.type === 'bulletList' || node.type === 'orderedList') {
    const ordered = node.type === 'orderedList';
    const start = startOf(node);
    return (node.content ?? []).flatMap((item, index) => {
      const marker = ordered ? `${start + index}. ` : '- ';
      const inner = (item.content ?? []).flatMap((child) =>
        blockLines(child, child.type === 'paragraph' ? '' : `${indent}  `),
      );
      const [first = '', ...rest] = inner;
      return [indent + marker + first, ...rest.map((line) => (line.startsWith(indent) ? line : indent + line))];
    });
  }
  if (node.content) return node.content.flatMap((child) => blockLines(child, indent));
  return typeof node.text === 'string' ? [indent + node.text] : [];
}

/**
 * A formatted message as Text mode shows it: one line per paragraph or list item (list items with their '- '
 * or '1. ' marker), a hard break a new line. Back in HTML mode each line becomes a paragraph
 * (plainTextToHtml of contracts), which is also what a message written in Text mode is sent as.
 */
export function docToPlainText(doc: DocNode): string {
  return (doc.content ?? []).flatMap((block) => blockLines(block, '')).join('\n');
}

/** The text a reader sees of a formatted message: every paragraph and list item on a line (no markers). */
export function docReaderText(doc: DocNode): string {
  const lines: string[] = [];
  const walk = (node: DocNode) => {
    if (node.type === 'paragraph') lines.push(...inlineLines(node));
    else if (node.content) node.content.forEach(walk);
    else if (typeof node.text === 'string') lines.push(node.text);
  };
  walk(doc);
  return lines.join('\n');
}

/** The length of a message for the 2000-character limit, from the reader's text (line breaks not counted). */
export function messageLength(readerText: string): number {
  return visibleTextLength(readerText.replace(/\r\n?/g, '\n').trim());
}

/** The length of a formatted message (HTML mode). */
export function docLength(doc: DocNode): number {
  return messageLength(docReaderText(doc));
}
