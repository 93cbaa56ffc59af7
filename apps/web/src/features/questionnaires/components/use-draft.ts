import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-instance';
import type { QuestionnaireAnswer } from '@portal/contracts';
import { discardDraft, saveDraft } from '../api/answers';
import { answersKey, type Answers } from '../lib/answers';

/** How long after the last change the answers are saved as a draft. */
export const DRAFT_SAVE_DELAY_MS = 800;

/**
 * Saves the answers on the server as the patient goes (spec: a questionnaire begun on the kiosk is finished at
 * home, and the other way round): 800 ms after the last change, and at once when the keyboard leaves a field,
 * the page is hidden (another tab, the phone locked) or the page closes. Only answers that differ from the
 * last saved ones are sent; a failed save is tried again with the next change. `pause` holds it while the
 * answers are being submitted (a draft must not follow the submit), `resume` takes it up again if that failed.
 */
export function useDraftSaving(patientId: number, id: number, answers: Answers) {
  const latest = useRef(answers);
  const [loadedKey] = useState(() => answersKey(answers));
  const savedKey = useRef(loadedKey);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);

  const cancelTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  /** Saves now what is not saved yet; the promise settles when the server has answered (it never rejects). */
  const flush = useCallback((): Promise<void> => {
    cancelTimer();
    // After submit, or once the session is over (Log Out, a time-out), there is nothing to save to.
    if (stopped.current || !api.session.get()?.isAuthenticated) return Promise.resolve();
    const current = latest.current;
    const key = answersKey(current);
    if (key === savedKey.current) return Promise.resolve();
    savedKey.current = key;
    return saveDraft(patientId, id, current).catch(() => {
      if (savedKey.current === key) savedKey.current = '';
    });
  }, [patientId, id]);

  useEffect(() => {
    latest.current = answers;
    if (stopped.current || answersKey(answers) === savedKey.current) return;
    cancelTimer();
    timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
  }, [answers, flush]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    const onPageHide = () => void flush();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, [flush]);

  const pause = useCallback(() => {
    stopped.current = true;
    cancelTimer();
  }, []);
  const resume = useCallback(() => {
    stopped.current = false;
  }, []);

  /**
   * "Yes, I want to cancel" (issue 32, finding 1): the changes of this visit go on the server too. Saving stops,
   * and the draft becomes what it was when the page opened: none (deleted) or the answers it had.
   */
  const revert = useCallback(
    async (loaded: readonly QuestionnaireAnswer[]) => {
      stopped.current = true;
      cancelTimer();
      if (!api.session.get()?.isAuthenticated) return;
      try {
        if (loaded.length === 0) await discardDraft(patientId, id);
        else await saveDraft(patientId, id, loaded);
      } catch {
        // Leaving goes ahead: a draft left behind is the patient's own, shown only to them.
      }
    },
    [patientId, id],
  );

  return { flush, pause, resume, revert };
}
