import { Box, Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { MessageEditorProps } from './editor/editor-types';

// The editor (Tiptap and ProseMirror) is a chunk of its own, fetched when a reply or compose box first opens: the
// Messages page itself never waits for it.
const MessageEditor = lazy(() => import('./editor/MessageEditor'));

/** The message editor, loaded on demand; until it arrives, its label and a quiet frame of its size. */
export function LazyMessageEditor(props: MessageEditorProps) {
  return (
    <Suspense
      fallback={
        <Box aria-busy="true">
          <Input.Label required={props.required} mb={6}>
            {props.label}
          </Input.Label>
          <Skeleton h={`calc(${props.rows} * 1.55em + 66px)`} radius="sm" animate={false} />
        </Box>
      }
    >
      <MessageEditor {...props} />
    </Suspense>
  );
}
