import { LoginOutlined } from '@ant-design/icons';
import { DATE_FORMATS, type RunListItem } from '@boreline/contracts';
import { Button, Progress, Space, Table, Tooltip } from 'antd';
import { type ReactNode, Suspense } from 'react';
import type { ColumnsType } from 'antd/es/table/index.js';
import { formatInstant, useFormat } from '../../../core/format.js';
import { ProjectStar } from '../../collection/index.js';
import { MACHINE_TYPE_KEYS } from './machineType.js';
import { StatusTag } from '../../../ui/StatusTag.js';
import { useT } from '../../../core/i18n.js';
import './projectTable.css';

export interface ProjectTableProps {
  rows: RunListItem[];
  loading: boolean;
  /** The run being entered (its button spins). */
  entering: number | null;
  onEnter(runId: number): void;
  /** What an administrator may do with a row (beside "enter system"). */
  actions?: (row: RunListItem) => ReactNode;
}

/** The project list of spec §2: one row per run the user may see, with "enter system" at its end. */
export function ProjectTable({ rows, loading, entering, onEnter, actions }: ProjectTableProps) {
  const t = useT();
  const f = useFormat();
  const rate = (share: number) => <span data-testid="run-rate">{f.percent(share)}</span>;
  const columns: ColumnsType<RunListItem> = [
    { title: t('project.list.tbmCode'), dataIndex: 'tbmCode', width: 120, fixed: 'left', sorter: (a, b) => a.tbmCode.localeCompare(b.tbmCode) },
    { title: t('project.list.country'), dataIndex: 'country', width: 90, render: (code: string) => f.country(code) },
    {
      title: t('project.list.projectName'),
      dataIndex: 'projectName',
      width: 210,
      sorter: (a, b) => a.projectName.localeCompare(b.projectName),
      render: (name: string) => <span data-testid="run-name">{name}</span>,
    },
    { title: t('project.list.machineType'), dataIndex: 'machineType', width: 80, render: (type: RunListItem['machineType']) => t(MACHINE_TYPE_KEYS[type]) },
    {
      title: t('project.list.progress'),
      dataIndex: 'progress',
      width: 130,
      sorter: (a, b) => a.progress - b.progress,
      render: (progress: number) => (
        <Progress percent={progress * 100} size="small" format={() => f.percent(progress)} aria-label={t('project.list.progress')} />
      ),
    },
    { title: t('project.list.tunnelLength'), dataIndex: 'tunnelLength', width: 100, align: 'right', render: (m: number) => f.number(m) },
    {
      title: t('project.list.currentChainage'),
      dataIndex: 'currentChainage',
      width: 110,
      align: 'right',
      render: (m: number | null) => <span data-testid="run-chainage">{f.chainage(m)}</span>,
    },
    {
      title: t('project.list.currentRing'),
      dataIndex: 'currentRing',
      width: 80,
      align: 'right',
      render: (ring: number | null) => <span data-testid="run-ring">{ring ?? '—'}</span>,
    },
    {
      title: t('project.list.rates'),
      children: [
        { title: t('project.list.advanceRate'), dataIndex: 'advanceRate', width: 90, align: 'right', render: rate },
        { title: t('project.list.ringBuildRate'), dataIndex: 'ringBuildRate', width: 100, align: 'right', render: rate },
        { title: t('project.list.waitingRate'), dataIndex: 'waitingRate', width: 90, align: 'right', render: rate },
      ],
    },
    {
      title: t('project.list.status'),
      dataIndex: 'status',
      width: 130,
      render: (status: RunListItem['status'], row) =>
        row.statusSince === null ? (
          <StatusTag status={status} />
        ) : (
          <Tooltip title={t('project.status.since', { time: formatInstant(row.statusSince, row.timeZone, DATE_FORMATS.dateTime) })}>
            <span>
              <StatusTag status={status} />
            </span>
          </Tooltip>
        ),
    },
    { title: t('project.list.totalDuration'), dataIndex: 'totalDurationMs', width: 110, render: (ms: number) => f.duration(ms) },
    { title: t('project.list.lineName'), dataIndex: 'lineName', width: 160, ellipsis: true },
    {
      title: t('project.list.actions'),
      key: 'actions',
      width: actions ? 262 : 172,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={4}>
          <Button
            type="primary"
            size="small"
            icon={<LoginOutlined />}
            loading={entering === row.runId}
            disabled={entering !== null && entering !== row.runId}
            onClick={() => onEnter(row.runId)}
          >
            {t('project.list.enter')}
          </Button>
          <Suspense fallback={null}>
            <ProjectStar runId={row.runId} projectName={row.projectName} />
          </Suspense>
          {actions?.(row)}
        </Space>
      ),
    },
  ];
  return (
    <Table<RunListItem>
      rowKey="runId"
      size="small"
      bordered
      loading={loading}
      data-testid="project-table"
      className="project-table"
      dataSource={rows}
      columns={columns}
      pagination={false}
      // Fifteen columns do not fit 1280 px: the rest scrolls between the machine at the left and
      // "enter system" at the right.
      scroll={{ x: 'max-content' }}
    />
  );
}
