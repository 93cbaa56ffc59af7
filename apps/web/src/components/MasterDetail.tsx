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

  useEffect(() => {
    if (!compact || wasDetail.current === showDetail) return;
    wasDetail.current = showDetail;
    if (showDetail) backRef.current?.focus();
    else listRef.current?.querySelector<HTMLElement>('[aria-current="true"], button')?.focus();
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
      <Box ref={listRef}>{list}</Box>
    );
  }
  return (
    <Grid gap="lg">
      <Grid.Col span={listSpan}>{list}</Grid.Col>
      <Grid.Col span={12 - listSpan}>{detail}</Grid.Col>
    </Grid>
  );
}
