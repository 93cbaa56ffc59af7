import { ActionIcon, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '@portal/contracts';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { ariaSort, sortRows, toggleSort, type SortState, type SortValue } from './sortable-table';

export interface SortableColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: the value its rows sort by. */
  sortValue?: (row: Row) => SortValue;
  /** Stays visible in the collapsed rows of narrow screens; the other columns show when a row expands. */
  primary?: boolean;
}

/** Below the small breakpoint (768 px) rows collapse to their primary columns. */
const NARROW_QUERY = `(max-width: ${BREAKPOINTS.small.min - 0.02}px)`;

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <path d="M6 1 L10.5 6 H1.5 Z" fill="currentColor" opacity={direction === 'ascending' ? 1 : 0.3} />
      <path d="M6 13 L1.5 8 H10.5 Z" fill="currentColor" opacity={direction === 'descending' ? 1 : 0.3} />
    </svg>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
    >
      <path d="M3 6 L8 11 L13 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A table whose sortable columns toggle ascending and descending on click (one column at a time, the
 * state shown with aria-sort). On narrow screens each row shows its primary columns and a button that
 * expands the others below it.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  defaultSort,
  emptyText,
  collapsed,
}: {
  /** Names the table for assistive technology (visually hidden). */
  caption: string;
  columns: SortableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Names a row in its expand button ('Show details of {row}'). */
  rowLabel: (row: Row) => string;
  defaultSort: SortState;
  /** Shown in place of rows when there are none. */
  emptyText: string;
  /** Rows show their primary columns and expand to the others; by default below the small breakpoint (768 px). */
  collapsed?: boolean;
}) {
  const { t, locale } = useTranslation();
  const tableId = useId();
  const narrowWindow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const narrow = collapsed ?? narrowWindow;
  const [sort, setSort] = useState<SortState>(defaultSort);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(() => new Set());
  // Other rows (new data, another filter) start collapsed again (spec 002, shared rules).
  const rowSignature = rows.map((row) => String(rowKey(row))).join('\u0000');
  const [expandedFor, setExpandedFor] = useState(rowSignature);
  if (expandedFor !== rowSignature) {
    setExpandedFor(rowSignature);
    setExpanded(new Set());
  }

  const sorted = useMemo(() => {
    const column = columns.find((c) => c.key === sort.column);
    if (!column?.sortValue) return [...rows];
    const valueOf = column.sortValue;
    return sortRows(rows, sort, (row) => valueOf(row), locale);
  }, [rows, columns, sort, locale]);

  const shown = narrow ? columns.filter((c) => c.primary) : columns;
  const hidden = narrow ? columns.filter((c) => !c.primary) : [];
  const span = shown.length + (hidden.length > 0 ? 1 : 0);

  const toggleRow = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={narrow ? 0 : 640} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th
                key={column.key}
                scope="col"
                aria-sort={column.sortValue ? ariaSort(sort, column.key) : undefined}
              >
                {column.sortValue ? (
                  <UnstyledButton
                    onClick={() => setSort((s) => toggleSort(s, column.key))}
                    fw={700}
                    fz="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 32 }}
                  >
                    {column.header}
                    <SortIcon direction={ariaSort(sort, column.key)} />
                  </UnstyledButton>
                ) : (
                  column.header
                )}
              </Table.Th>
            ))}
            {hidden.length > 0 && (
              <Table.Th scope="col" w={56}>
                <VisuallyHidden>{t('table.details')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>{emptyText}</Table.Td>
            </Table.Tr>
          ) : (
            sorted.map((row) => {
              const key = rowKey(row);
              const open = expanded.has(key);
              const detailsId = `${tableId}-details-${String(key)}`;
              return (
                <Fragment key={key}>
                  <Table.Tr>
                    {shown.map((column) => (
                      <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                    ))}
                    {hidden.length > 0 && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          size="lg"
                          color="gray.8"
                          aria-expanded={open}
                          aria-controls={open ? detailsId : undefined}
                          aria-label={t(open ? 'table.hideDetails' : 'table.showDetails', { row: rowLabel(row) })}
                          onClick={() => toggleRow(key)}
                        >
                          <Chevron open={open} />
                        </ActionIcon>
                      </Table.Td>
                    )}
                  </Table.Tr>
                  {open && hidden.length > 0 && (
                    <Table.Tr id={detailsId}>
                      <Table.Td colSpan={span}>
                        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
                          {hidden.map((column) => (
                            <Fragment key={column.key}>
                              <dt style={{ fontWeight: 700 }}>{column.header}</dt>
                              <dd style={{ margin: 0 }}>{column.cell(row)}</dd>
                            </Fragment>
                          ))}
                        </dl>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
