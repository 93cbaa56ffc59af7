import { Box, Button, Group, Input, Modal, SegmentedControl, Text as Words, Textarea } from '@mantine/core';
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
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { docLength, docToPlainText, messageLength, type DocNode } from '../../lib/editor-text';
import { EMPTY_MESSAGE, type EditorSnapshot, type MessageEditorProps } from './editor-types';
import classes from './MessageEditor.module.css';
import { ICONS, NOTHING_ON, Toolbar, type Tool, type ToolName } from './Toolbar';
import { inputAria } from '../../../../components/input-aria';

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

/** Marks and lists: what Plain text has no way to show. */
const FORMATTING = /<(strong|em|u|ol|ul)\b/;

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

  // Formatting that Plain text cannot keep: the writer is asked first (issue 32, finding 16).
  const [askingPlain, setAskingPlain] = useState(false);
  const toPlainText = () => {
    if (!editor) return;
    setAskingPlain(false);
    const plain = docToPlainText(editor.getJSON() as DocNode);
    setText(plain);
    setMode('text');
    setTextChosen(true);
    report(textSnapshot(plain));
  };

  const switchMode = (next: string) => {
    if (next === mode || !editor) return;
    if (next === 'text') {
      if (FORMATTING.test(editor.getHTML())) setAskingPlain(true);
      else toPlainText();
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
      <Modal
        opened={askingPlain}
        onClose={() => setAskingPlain(false)}
        title={t('secureMessages.editor.toPlainTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Words mb="lg">{t('secureMessages.editor.toPlainMessage')}</Words>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setAskingPlain(false)} data-autofocus>
            {t('secureMessages.editor.toPlainKeep')}
          </Button>
          <Button onClick={toPlainText}>{t('secureMessages.editor.toPlainSwitch')}</Button>
        </Group>
      </Modal>
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
            ref={inputAria(describedBy, Boolean(error), textareaRef)}
            id={`${id}-text`}
            aria-labelledby={labelId}
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
