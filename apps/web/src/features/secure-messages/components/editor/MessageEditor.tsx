import { Box, Group, Input, SegmentedControl, Textarea, UnstyledButton } from '@mantine/core';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { Placeholder, UndoRedo } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { SECURE_MESSAGE_LIMITS, plainTextToHtml, type EditorMode } from '@portal/contracts';
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { docLength, docToPlainText, messageLength, type DocNode } from '../../lib/editor-text';
import { EMPTY_MESSAGE, type EditorSnapshot, type MessageEditorProps } from './editor-types';
import classes from './MessageEditor.module.css';

// The message editor of spec 002 section 9, on Tiptap (ProseMirror): modes HTML (the default) and Text, a toolbar
// of bold, italic, underline, ordered and unordered lists, undo and redo. Its schema holds only what the toolbar
// makes, so what is pasted keeps its text and loses every other markup before it is even sent. This module is
// loaded on demand, when a reply or compose box opens.

/**
 * A list item without Tiptap's Tab and Shift+Tab (indent, outdent): in a form, Tab must move the keyboard on to
 * the next control, never stay in the writing area.
 */
const FlatListItem = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

type ToolName = 'bold' | 'italic' | 'underline' | 'orderedList' | 'bulletList' | 'undo' | 'redo';

interface Tool {
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

const ICONS: Record<ToolName, ReactNode> = {
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

const NOTHING_ON: Record<ToolName, boolean> = {
  bold: false,
  italic: false,
  underline: false,
  orderedList: false,
  bulletList: false,
  undo: false,
  redo: false,
};

function snapshotOf(editor: Editor): EditorSnapshot {
  return { html: editor.getHTML(), length: docLength(editor.getJSON() as DocNode), mode: 'html', text: '' };
}

/** The message written in Text mode. */
function textSnapshot(text: string): EditorSnapshot {
  return { html: plainTextToHtml(text), length: messageLength(text), mode: 'text', text };
}

export default function MessageEditor({
  id,
  label,
  placeholder,
  rows,
  maxLength,
  error,
  required = false,
  autoFocus = false,
  onChange,
  initial,
  ref,
}: MessageEditorProps) {
  const { t } = useTranslation();
  const [start] = useState(() => initial ?? EMPTY_MESSAGE);
  const [mode, setMode] = useState<EditorMode>(start.mode);
  const [text, setText] = useState(start.text);
  const [length, setLength] = useState(start.length);
  // The text area takes the keyboard when the writer switches to it (not when a box is drawn again in Text mode).
  const [textChosen, setTextChosen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  });

  const labelId = `${id}-label`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${errorId} ${countId}` : countId;

  const report = (snapshot: EditorSnapshot) => {
    setLength(snapshot.length);
    changed.current(snapshot);
  };

  // The writing area is a textbox to assistive technology: named by the label, multi-line, required, invalid with
  // its error and the counter as its description. Tiptap applies changed options on the next render.
  const editorProps = useMemo(
    () => ({
      attributes: {
        id: `${id}-area`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? 'true' : 'false',
        'aria-required': required ? 'true' : 'false',
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
        class: classes.area ?? '',
      },
    }),
    [id, labelId, describedBy, error, required, placeholder],
  );
  const extensions = useMemo(
    () => [
      Document,
      Paragraph,
      Text,
      Bold,
      Italic,
      Underline,
      BulletList,
      OrderedList,
      FlatListItem,
      HardBreak,
      UndoRedo,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    [placeholder],
  );
  // Created after the first paint (immediatelyRender false), so no instance is made and thrown away while the
  // box mounts; until then the frame shows empty.
  const created = useEditor({
    extensions,
    editorProps,
    content: start.mode === 'html' ? start.html : plainTextToHtml(start.text),
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: updated }) => report(snapshotOf(updated)),
  });
  const editor = created && !created.isDestroyed ? created : null;

  // The keyboard in the writing area when the box has just opened. (The box starts from an empty message: the
  // editor reports changes only, so a check the box shows is not undone by the editor arriving.)
  const focusOnOpen = useRef(autoFocus);
  useEffect(() => {
    if (!editor) return;
    if (focusOnOpen.current) {
      focusOnOpen.current = false;
      editor.commands.focus();
    }
  }, [editor]);

  const focus = () => {
    if (mode === 'text') textareaRef.current?.focus();
    else editor?.commands.focus();
  };
  useImperativeHandle(ref, () => ({ focus }));

  const state = useEditorState({
    editor,
    selector: ({ editor: e }): Record<ToolName, boolean> =>
      e && !e.isDestroyed
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            orderedList: e.isActive('orderedList'),
            bulletList: e.isActive('bulletList'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : NOTHING_ON,
  });

  const switchMode = (next: string) => {
    if (next === mode || !editor) return;
    if (next === 'text') {
      const plain = docToPlainText(editor.getJSON() as DocNode);
      setText(plain);
      setMode('text');
      setTextChosen(true);
      report(textSnapshot(plain));
    } else {
      editor.commands.setContent(plainTextToHtml(text), { emitUpdate: false });
      setMode('html');
      report(snapshotOf(editor));
    }
  };

  const tools: Tool[] = (
    [
      { name: 'bold', toggles: true, shortcut: 'Control+B', run: (e) => e.chain().focus().toggleBold().run() },
      { name: 'italic', toggles: true, shortcut: 'Control+I', run: (e) => e.chain().focus().toggleItalic().run() },
      {
        name: 'underline',
        toggles: true,
        shortcut: 'Control+U',
        run: (e) => e.chain().focus().toggleUnderline().run(),
      },
      {
        name: 'orderedList',
        toggles: true,
        shortcut: 'Control+Shift+7',
        run: (e) => e.chain().focus().toggleOrderedList().run(),
      },
      {
        name: 'bulletList',
        toggles: true,
        shortcut: 'Control+Shift+8',
        run: (e) => e.chain().focus().toggleBulletList().run(),
      },
      { name: 'undo', toggles: false, shortcut: 'Control+Z', run: (e) => e.chain().focus().undo().run() },
      { name: 'redo', toggles: false, shortcut: 'Control+Shift+Z', run: (e) => e.chain().focus().redo().run() },
    ] satisfies Omit<Tool, 'label' | 'icon'>[]
  ).map((tool) => ({ ...tool, label: t(`secureMessages.editor.${tool.name}`), icon: ICONS[tool.name] }));

  return (
    <Box>
      <Group justify="space-between" align="flex-end" gap="xs" mb={6}>
        <Input.Label
          id={labelId}
          required={required}
          htmlFor={mode === 'text' ? `${id}-text` : undefined}
          onClick={() => {
            if (mode === 'html') editor?.commands.focus();
          }}
        >
          {label}
        </Input.Label>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={switchMode}
          aria-label={t('secureMessages.editor.mode')}
          data={[
            { value: 'html', label: t('secureMessages.editor.modeHtml') },
            { value: 'text', label: t('secureMessages.editor.modeText') },
          ]}
        />
      </Group>
      <Box
        className={classes.frame}
        data-invalid={error ? true : undefined}
        data-mode={mode}
        style={{ '--editor-rows': rows }}
      >
        {mode === 'html' && editor && (
          <Toolbar
            label={t('secureMessages.editor.toolbar')}
            tools={tools}
            state={state ?? NOTHING_ON}
            editor={editor}
          />
        )}
        <Box hidden={mode !== 'html'}>
          {editor ? <EditorContent editor={editor} /> : <div className={classes.area} aria-hidden="true" />}
        </Box>
        {mode === 'text' && (
          <Textarea
            ref={textareaRef}
            id={`${id}-text`}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-invalid={error ? true : false}
            aria-required={required}
            rows={SECURE_MESSAGE_LIMITS.textModeRows}
            placeholder={placeholder}
            value={text}
            variant="unstyled"
            classNames={{ input: classes.text }}
            autoFocus={textChosen}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              report(textSnapshot(value));
            }}
          />
        )}
      </Box>
      <Input.Description id={countId} mt={4} data-over={length > maxLength || undefined} className={classes.count}>
        {t('secureMessages.characterCount', { count: length, max: maxLength })}
      </Input.Description>
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </Box>
  );
}

/**
 * The formatting toolbar (WAI-ARIA toolbar pattern): one Tab stop, the arrow keys (and Home, End) move between
 * its buttons. A mark or list button says whether it is on (aria-pressed); undo and redo stay reachable when
 * there is nothing to undo (aria-disabled), so the Tab stop never vanishes.
 */
function Toolbar({
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
