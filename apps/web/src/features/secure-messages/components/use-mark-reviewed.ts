import { useQueryClient } from '@tanstack/react-query';
import type { MessageThread, MessageThreadDetail } from '@portal/contracts';
import { useEffect, useRef } from 'react';
import { refreshBadges } from '../../../lib/badges';
import { countUnreadQuery } from '../api/count-unread';
import { patchThread } from '../api/patch-thread';
import { threadQuery } from '../api/thread';
import { threadsQuery } from '../api/threads';
import { reviewPatch } from '../lib/threads';

/**
 * Viewing a thread marks its messages read for the patient's member (spec 002 section 4): once the thread is
 * shown, a replace patch of the member's areMessagesReviewed, then the unread dot, the page's count and the
 * envelope's badge follow. Asked once at a time per thread; a failure is the caller's to show.
 */
export function useMarkReviewed(
  patientId: number,
  thread: MessageThreadDetail | undefined,
  onError: (error: unknown) => void,
): void {
  const queryClient = useQueryClient();
  const asked = useRef(new Set<number>());
  const failed = useRef(onError);
  useEffect(() => {
    failed.current = onError;
  });

  useEffect(() => {
    if (!thread) return;
    const patch = reviewPatch(thread);
    if (!patch || asked.current.has(thread.threadId)) return;
    asked.current.add(thread.threadId);
    const { threadId } = thread;
    patchThread(patientId, threadId, patch)
      .then((updated) => {
        const merge = <T extends MessageThread>(old: T): T => ({ ...old, members: updated.members });
        queryClient.setQueryData(threadsQuery(patientId).queryKey, (list) =>
          list?.map((t) => (t.threadId === threadId ? merge(t) : t)),
        );
        queryClient.setQueryData(threadQuery(patientId, threadId).queryKey, (old) => (old ? merge(old) : old));
        void queryClient.invalidateQueries({ queryKey: threadsQuery(patientId).queryKey });
        void queryClient.invalidateQueries({ queryKey: countUnreadQuery(patientId).queryKey });
        refreshBadges();
      })
      .catch((error: unknown) => failed.current(error))
      // Asked again when the thread shows unread again (a new message from the care team).
      .finally(() => asked.current.delete(threadId));
  }, [patientId, thread, queryClient]);
}
