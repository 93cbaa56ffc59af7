import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** A task's state: a checked box when it was done, an empty box when not, with the words for screen readers. */
export function TaskMark({ done }: { done: boolean }) {
  const { t } = useTranslation();
  const colour = done ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-7)';
  return (
    <span style={{ display: 'inline-flex', verticalAlign: 'middle' }} data-testid="task-mark" data-done={done}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <rect
          x="1.5"
          y="1.5"
          width="17"
          height="17"
          rx="3"
          fill={done ? colour : 'none'}
          stroke={colour}
          strokeWidth="1.5"
        />
        {done && (
          <path
            d="M5.5 10.5 L8.5 13.5 L14.5 6.5"
            fill="none"
            stroke="#ffffff"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        )}
      </svg>
      <VisuallyHidden>{t(done ? 'followUpPlan.taskDone' : 'followUpPlan.taskNotDone')}</VisuallyHidden>
    </span>
  );
}
