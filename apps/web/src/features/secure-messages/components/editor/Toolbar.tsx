import { UnstyledButton } from '@mantine/core';
import type { Editor } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './MessageEditor.module.css';

// The message editor's toolbar (spec 002 section 9: bold, italic, underline, ordered and unordered lists, undo and
// redo), its tools and their icons.

export type ToolName = 'bold' | 'italic' | 'underline' | 'orderedList' | 'bulletList' | 'undo' | 'redo';

export interface Tool {
  name: ToolName;
  label: string;
  icon: ReactNode;
  /** A mark or a list: the button says whether it is on where the cursor is (aria-pressed). */
  toggles: boolean;
  shortcut: string;
  run: (editor: Editor) => void;
}

const svg = (paths: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {paths}
  </svg>
);

export const ICONS: Record<ToolName, ReactNode> = {
  bold: svg(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM13 12h1a3.5 3.5 0 0 1 0 7H7v-7" />),
  italic: svg(<path d="M11 5h6M7 19h6M14 5l-4 14" />),
  underline: svg(<path d="M7 5v5a5 5 0 0 0 10 0V5M5 19h14" />),
  orderedList: svg(
    <>
      <path d="M11 6h9M11 12h9M12 18h8" />
      <path d="M4 16a2 2 0 1 1 4 0c0 .6-.4 1-1 1.5L4 20h4M6 10V4L4 6" />
    </>,
  ),
  bulletList: svg(
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M5 6h.01M5 12h.01M5 18h.01" strokeWidth="3" />
    </>,
  ),
  undo: svg(<path d="M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />),
  redo: svg(<path d="m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />),
};

export const NOTHING_ON: Record<ToolName, boolean> = {
  bold: false,
  italic: false,
  underline: false,
  orderedList: false,
  bulletList: false,
  undo: false,
  redo: false,
};

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one Tab stop, the arrow keys (and Home, End) move between
 * its buttons. A mark or list button says whether it is on (aria-pressed); undo and redo stay reachable when
 * there is nothing to undo (aria-disabled), so the Tab stop never vanishes.
 */
export function Toolbar({
  label,
  tools,
  state,
  editor,
}: {
  label: string;
  tools: Tool[];
  state: Record<ToolName, boolean>;
  editor: Editor;
}) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tools.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={label} className={classes.toolbar} onKeyDown={move}>
      {tools.map((tool, index) => {
        const unavailable = !tool.toggles && !state[tool.name];
        return (
          <UnstyledButton
            key={tool.name}
            ref={(node: HTMLButtonElement | null) => {
              buttons.current[index] = node;
            }}
            className={classes.tool}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.toggles ? state[tool.name] : undefined}
            aria-disabled={unavailable || undefined}
            aria-keyshortcuts={tool.shortcut}
            tabIndex={index === current ? 0 : -1}
            data-separated={tool.name === 'orderedList' || tool.name === 'undo' || undefined}
            // The writing area keeps its selection: a press does not take the focus from it.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => {
              if (!unavailable) tool.run(editor);
            }}
          >
            {tool.icon}
          </UnstyledButton>
        );
      })}
    </div>
  );
}
