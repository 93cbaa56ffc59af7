import { Table, VisuallyHidden } from '@mantine/core';
import type { TestResultDetail, TestResultGroup } from '@portal/contracts';
import { SortableTable, type SortableColumn } from '../../../components/SortableTable';
import { translateValue, useTranslation } from '../../../lib/i18n';
import { useBreakpoint } from '../../../lib/layout-size';
import { isAbnormal } from '../lib/lab-results';
import { FlagText } from './FlagText';
import classes from './lab-results.module.css';

/**
 * The tests of one group: test name, value, unit, reference range, flag, status and comment, in the
 * laboratory's order. An abnormal test is marked in its row (bold, a bar and the flag in words). On phones
 * each row shows the test, value and flag, and expands to the rest.
 */
export function ResultTable({ group }: { group: TestResultGroup }) {
  const { t } = useTranslation();
  const breakpoint = useBreakpoint();

  const value = (d: TestResultDetail) =>
    isAbnormal(d) ? (
      <strong className={classes.abnormal} data-abnormal="true">
        {d.testValue}
      </strong>
    ) : (
      d.testValue
    );
  const phone = breakpoint === 'xsmall';
  const columns: SortableColumn<TestResultDetail>[] = [
    {
      key: 'test',
      header: t('labResults.columns.test'),
      cell: (d) => (isAbnormal(d) ? <strong>{d.testDisplayName}</strong> : d.testDisplayName),
      primary: true,
    },
    {
      key: 'value',
      header: t('labResults.columns.value'),
      // On phones the unit rides with the value, so a collapsed row still reads '3.3 mmol/L'.
      cell: (d) =>
        phone && d.unitOfMeasure ? (
          <>
            {value(d)} <span className={classes.noWrap}>{d.unitOfMeasure}</span>
          </>
        ) : (
          value(d)
        ),
      primary: true,
    },
    ...(phone
      ? []
      : [{ key: 'unit', header: t('labResults.columns.unit'), cell: (d: TestResultDetail) => d.unitOfMeasure }]),
    {
      key: 'range',
      header: t('labResults.columns.range'),
      cell: (d) => <span className={classes.noWrap}>{d.referencesRange}</span>,
    },
    {
      key: 'flag',
      header: t('labResults.columns.flag'),
      cell: (d) => <FlagText flag={d.abnormalFlag} />,
      primary: true,
    },
    {
      key: 'status',
      header: t('labResults.columns.status'),
      cell: (d) => d.testDetailStatus && translateValue(t, 'labResults.resultStatus', d.testDetailStatus),
    },
    { key: 'comment', header: t('labResults.columns.comment'), cell: (d) => d.comment },
  ];

  if (phone) {
    return (
      <SortableTable
        caption={group.groupDisplayName}
        columns={columns}
        rows={group.testResultDetails}
        rowKey={(d) => d.testResultDetailId}
        rowLabel={(d) => d.testDisplayName}
        defaultSort={{ column: '', direction: 'asc' }}
        emptyText={t('labResults.empty')}
      />
    );
  }

  // Wider windows: every column, sized to the pane (long names and comments wrap; nothing scrolls sideways).
  return (
    <Table striped verticalSpacing="xs" horizontalSpacing="sm" fz="sm" className={classes.table}>
      <caption>
        <VisuallyHidden>{group.groupDisplayName}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} scope="col">
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {group.testResultDetails.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>{t('labResults.empty')}</Table.Td>
          </Table.Tr>
        ) : (
          group.testResultDetails.map((d) => (
            <Table.Tr key={d.testResultDetailId} data-flagged={isAbnormal(d) || undefined}>
              {columns.map((c) =>
                c.key === 'test' ? (
                  <Table.Th key={c.key} scope="row" fw={isAbnormal(d) ? 700 : 400}>
                    {d.testDisplayName}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key}>{c.cell(d)}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
