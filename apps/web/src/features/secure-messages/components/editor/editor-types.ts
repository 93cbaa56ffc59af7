import type { Ref } from 'react';

// What the message editor gives and takes. Kept apart from the editor itself, so the boxes that open it name
// these types without loading the editor's code (it loads on demand, in a chunk of its own).

/** The message as it stands: the HTML to send (Text mode: each line a paragraph) and its length for the limit. */
export interface EditorSnapshot {
  html: string;
  /** Characters a reader sees (the server's count). */
  length: number;
}

export interface MessageEditorHandle {
  /** Puts the keyboard in the writing area (a failed check, a box just opened). */
  focus: () => void;
}

export interface MessageEditorProps {
  /** The base of the ids of the field's parts (label, area, counter, error). */
  id: string;
  label: string;
  placeholder?: string;
  /** Rows of the writing area in HTML mode (Text mode has 15). */
  rows: number;
  /** The character limit the counter shows. */
  maxLength: number;
  /** The error under the field (translated), or null. */
  error: string | null;
  required?: boolean;
  autoFocus?: boolean;
  /** Every change of the message, and once when the editor is ready. */
  onChange: (snapshot: EditorSnapshot) => void;
  ref?: Ref<MessageEditorHandle>;
}
