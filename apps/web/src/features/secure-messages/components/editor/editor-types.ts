import { DEFAULT_EDITOR_MODE, type EditorMode } from '@portal/contracts';
import type { Ref } from 'react';

// What the message editor gives and takes. Kept apart from the editor itself, so the boxes that open it name
// these types without loading the editor's code (it loads on demand, in a chunk of its own).

/** The message as it stands: the HTML to send (Text mode: each line a paragraph) and its length for the limit. */
export interface EditorSnapshot {
  html: string;
  /** Characters a reader sees (the server's count). */
  length: number;
  mode: EditorMode;
  /** What Text mode shows ('' in HTML mode). */
  text: string;
}

/** A box's message before anything is written. */
export const EMPTY_MESSAGE: EditorSnapshot = { html: '', length: 0, mode: DEFAULT_EDITOR_MODE, text: '' };

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
  /**
   * The message to start from: a box drawn again (a window turned from narrow to wide lays the page out anew)
   * keeps what was written. Read once, when the editor is made.
   */
  initial?: EditorSnapshot;
  /** Every change of the message (it starts as `initial`, else empty). */
  onChange: (snapshot: EditorSnapshot) => void;
  ref?: Ref<MessageEditorHandle>;
}
