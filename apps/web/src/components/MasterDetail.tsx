import { Box, Button, Grid } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCompactLayout } from '../lib/layout-size';

/**
 * A list and the detail of its chosen item: side by side from the medium breakpoint up; on small and
 * extra-small windows one at a time, the detail with a back button to the list. Focus follows the switch,
 * so keyboard and screen-reader users land on the view they asked for.
 */
export function MasterDetail({
  list,
  detail,
  showDetail,
  onBack,
  backLabel,
  listSpan = 5,
}: {
  list: ReactNode;
  detail: ReactNode;
  /** On compact layouts: the detail is the view (an item was chosen). */
  showDetail: boolean;
  onBack: () => void;
  backLabel: string;
  /** Columns of 12 the list takes on wide screens. */
  listSpan?: number;
}) {
  const compact = useCompactLayout();
  const detailRef = useRef<HTMLDivElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const wasDetail = useRef(showDetail);
  // Which of the list's buttons opened the detail, so Back returns focus to it.
  const openedFrom = useRef<number | null>(null);

  useEffect(() => {
    if (!compact || wasDetail.current === showDetail) return;
    wasDetail.current = showDetail;
    if (showDetail) backRef.current?.focus();
    else {
      const buttons = listRef.current?.querySelectorAll<HTMLElement>('button');
      (buttons?.[openedFrom.current ?? 0] ?? buttons?.[0])?.focus();
    }
  }, [compact, showDetail]);

  if (compact) {
    return showDetail ? (
      <Box ref={detailRef}>
        <Button
          ref={backRef}
          variant="default"
          mb="md"
          onClick={onBack}
          leftSection={<span aria-hidden="true">‹</span>}
        >
          {backLabel}
        </Button>
        {detail}
      </Box>
    ) : (
      <Box
        ref={listRef}
        onClickCapture={(event) => {
          const buttons = Array.from(listRef.current?.querySelectorAll('button') ?? []);
          const index = buttons.findIndex((button) => button.contains(event.target as Node));
          if (index >= 0) openedFrom.current = index;
        }}
      >
        {list}
      </Box>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={listSpan}>{list}</Grid.Col>
      <Grid.Col span={12 - listSpan}>{detail}</Grid.Col>
    </Grid>
  );
}
