import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.layer.css';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.tsx';

const PAGE_SIZE = 20;

/** One column: how it shows, how it sorts and what the CSV file holds for it. */
export interface StaffColumn<T> {
  key: string;
  title: string;
  render: (record: T) => ReactNode;
  /** The value sorted by and written to the CSV file. */
  value: (record: T) => string | number;
  sortable?: boolean;
}

/**
 * The two columns of every record confirmed by its announcement (transfer bonuses, sale
 * campaigns): its status as a badge, and the day it was last checked.
 */
export function confirmationColumns<
  T extends { status: 'confirmed' | 'unconfirmed'; checked: string },
>(t: (key: string) => string): StaffColumn<T>[] {
  return [
    {
      key: 'status',
      title: t('bonuses.status'),
      sortable: true,
      value: (record) => record.status,
      render: (record) => (
        <Badge color={record.status === 'confirmed' ? 'green' : 'yellow'} variant="light">
          {t(`bonuses.${record.status}`)}
        </Badge>
      ),
    },
    {
      key: 'checked',
      title: t('checkedLabel'),
      sortable: true,
      value: (record) => record.checked,
      render: (record) => record.checked,
    },
  ];
}

/** Quotes a CSV field when it needs it (RFC 4180), and keeps a spreadsheet from reading it as a formula. */
function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value.replace(/^([=+\-@])/, "'$1");
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The console's lists (docs/staff.md#console): search over the rows' words, sorting by a column,
 * twenty rows a page, a row opening its record, and the rows found downloaded as CSV.
 */
export function StaffTable<T>({
  records,
  columns,
  words,
  idOf,
  onOpen,
  filters,
  file,
  testId,
  searchable = true,
}: {
  records: readonly T[];
  columns: StaffColumn<T>[];
  /** What a search looks through, per row. */
  words: (record: T) => string;
  idOf: (record: T) => string;
  onOpen?: (record: T) => void;
  /** More filters beside the search box, applied by the caller to `records`. */
  filters?: ReactNode;
  /** The CSV file's name, without `.csv`. */
  file: string;
  testId: string;
  searchable?: boolean;
}) {
  const { t } = useTranslation('staff');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<DataTableSortStatus<T> | null>(null);
  const found = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const matching = needle
      ? records.filter((record) => words(record).toLowerCase().includes(needle))
      : [...records];
    const column = sort && columns.find((one) => one.key === sort.columnAccessor);
    if (!column) return matching;
    const sign = sort.direction === 'asc' ? 1 : -1;
    return matching.sort((a, b) => {
      const [x, y] = [column.value(a), column.value(b)];
      return (
        (typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y))) * sign
      );
    });
  }, [records, query, sort, columns, words]);
  const shown = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const download = () => {
    const lines = [
      columns.map((column) => csvField(column.title)).join(','),
      ...found.map((record) => columns.map((column) => csvField(column.value(record))).join(',')),
    ];
    // A byte-order mark, so spreadsheets read the Chinese names as UTF-8.
    const blob = new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${file}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  };

  const dataColumns: DataTableColumn<T>[] = columns.map((column) => ({
    accessor: column.key,
    title: column.title,
    sortable: column.sortable ?? false,
    render: column.render,
  }));
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          {searchable && (
            <TextInput
              aria-label={t('searchPlaceholder')}
              placeholder={t('searchPlaceholder')}
              value={query}
              onChange={(event) => {
                setQuery(event.currentTarget.value);
                setPage(1);
              }}
              data-testid={`${testId}-search`}
            />
          )}
          {filters}
        </Group>
        <Button variant="default" size="sm" onClick={download} data-testid={`${testId}-csv`}>
          {t('csv')}
        </Button>
      </Group>
      <DataTable<T>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={found.length === 0 ? 150 : undefined}
        records={shown}
        columns={dataColumns}
        idAccessor={(record) => idOf(record)}
        totalRecords={found.length}
        recordsPerPage={PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText={t('noRecords')}
        {...(sort
          ? { sortStatus: sort }
          : { sortStatus: { columnAccessor: '', direction: 'asc' } })}
        onSortStatusChange={setSort}
        {...(onOpen ? { onRowClick: ({ record }: { record: T }) => onOpen(record) } : {})}
        customRowAttributes={(record) => ({
          'data-testid': `${testId}-row`,
          'data-id': idOf(record),
        })}
        data-testid={testId}
      />
    </Stack>
  );
}
