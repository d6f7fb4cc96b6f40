import { EditOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { Button, Descriptions, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatInstant, formatLocalDate, useFormat } from '../../../../core/format.js';
import { useT } from '../../../../core/i18n.js';

/** One fact of a view; its value carries a test id named after the field. */
export interface InfoItem {
  key: string;
  label: string;
  value: ReactNode;
  /** Long texts take the rest of the row. */
  wide?: boolean;
}

export interface InfoViewProps {
  /** The tab's name, for screen readers (the tab shows it already). */
  title: string;
  testId: string;
  loading: boolean;
  /** Null when the view has nothing to show (the read failed). */
  items: InfoItem[] | null;
  /** Absent when the user may only read. */
  onEdit?: () => void;
  editLabel: string;
  updatedAt: number | null;
  updatedBy: string | null;
  timeZone: string;
  children?: ReactNode;
}

/** A view of basic info: who saved it last and the edit button above, the facts as a description list. */
export function InfoView(props: InfoViewProps) {
  const t = useT();
  if (props.loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (props.items === null) return <Result status="warning" title={t('common.error.noData')} />;
  return (
    <section aria-label={props.title} data-testid={props.testId}>
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid={`${props.testId}-saved`}>
          {props.updatedAt === null
            ? t('project.basicInfo.neverSaved')
            : t('project.basicInfo.lastSaved', {
                time: formatInstant(props.updatedAt, props.timeZone, DATE_FORMATS.dateTime),
                name: props.updatedBy ?? '—',
              })}
        </Typography.Text>
        {props.onEdit ? (
          <Button type="primary" icon={<EditOutlined />} onClick={props.onEdit}>
            {props.editLabel}
          </Button>
        ) : null}
      </Flex>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        styles={{ label: { width: 170 } }}
        items={props.items.map((item) => ({
          key: item.key,
          label: item.label,
          children: <span data-testid={`value-${item.key}`}>{item.value}</span>,
          ...(item.wide ? { span: 'filled' as const } : {}),
        }))}
      />
      {props.children}
    </section>
  );
}

/** Formatters of the views: '—' for what nobody entered, numbers in the reader's locale with their unit. */
export function useViewFormat() {
  const f = useFormat();
  return {
    ...f,
    text: (value: string | null) => (value ? value : '—'),
    date: (value: string | null) => (value ? formatLocalDate(value, DATE_FORMATS.date) : '—'),
    measure: (value: number | null, unit: string, decimals?: number) => (value === null ? '—' : `${f.number(value, decimals)} ${unit}`),
  };
}
