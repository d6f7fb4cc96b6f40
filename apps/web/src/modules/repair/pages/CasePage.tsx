import { LikeOutlined } from '@ant-design/icons';
import { DATE_FORMATS, repairContract as c } from '@boreline/contracts';
import { Alert, Button, Card, Empty, Form, Input, List, Pagination, Radio, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { formatInstant } from '../../../core/format.js';
import { issueText } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, useQueryParams } from '../../../core/queryParams.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { RepairNav } from '../components/RepairNav.js';
import { type Case, type CasePageInput, useCases } from '../api.js';
import { Marked } from '../components/Marked.js';
import { RepairDetail } from '../components/RepairDetail.js';
import { FAILURE_MODE_LABELS } from '../labels.js';
import '../repair.css';

/** The case search's address: words, scope, system, failure mode, page; `open`/`openRun` show one case. */
export const CaseFilterSchema = ListParamsSchema.extend({
  keyword: z.string().trim().max(500).optional(),
  scope: z.enum(['run', 'all']).optional().catch(undefined),
  system: z.string().max(50).optional(),
  failureMode: z.enum(c.FAILURE_MODES).optional().catch(undefined),
  open: z.coerce.number().int().positive().optional().catch(undefined),
  openRun: z.coerce.number().int().positive().optional().catch(undefined),
});
type CaseFilters = z.output<typeof CaseFilterSchema>;

export function caseInputOf(runId: number, f: CaseFilters): CasePageInput {
  return {
    runId,
    scope: f.scope ?? 'all',
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(f.system ? { system: f.system } : {}),
    ...(f.failureMode ? { failureMode: f.failureMode } : {}),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** The case base (spec §2 stm_smtce): published repairs of this run or of every run the reader may see, found by words. */
export function CasePage() {
  const run = useFramework((s) => s.run);
  return run ? <Cases key={run.runId} run={run} /> : <ChooseProject />;
}

function Cases({ run }: { run: CurrentRun }) {
  const t = useT();
  const params = useQueryParams(CaseFilterSchema);
  const input = caseInputOf(run.runId, params.values);
  const checked = c.casePage.input.safeParse(input);
  const cases = useCases(input, checked.success);
  const [opened, setOpened] = useState<{ runId: number; id: number } | null>(params.values.open ? { runId: params.values.openRun ?? run.runId, id: params.values.open } : null);
  const { open: _open, openRun: _openRun, ...filters } = params.values;
  const formParams = {
    values: { ...filters, scope: filters.scope ?? 'all' },
    apply: (values: Record<string, unknown>) => params.apply({ ...values, open: undefined, openRun: undefined }),
  };
  const page = cases.data;
  return (
    <div className="repair-page" data-testid="case-page">
      <RepairNav />
      <Card size="small">
        <QueryForm params={formParams} searchOnChange={['scope', 'failureMode']} data-testid="case-filters">
          <Form.Item name="keyword">
            <Input allowClear style={{ width: 320 }} placeholder={t('repairWeb.case.searchPlaceholder')} aria-label={t('repairWeb.filter.keyword')} data-testid="case-search" />
          </Form.Item>
          <Form.Item name="scope">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'all', label: t('repairWeb.case.scopeAll') },
                { value: 'run', label: t('repairWeb.case.scopeRun') },
              ]}
              data-testid="case-scope"
            />
          </Form.Item>
          <Form.Item name="system">
            <Input allowClear style={{ width: 150 }} placeholder={t('repairWeb.field.system')} aria-label={t('repairWeb.field.system')} />
          </Form.Item>
          <Form.Item name="failureMode">
            <Select allowClear style={{ width: 170 }} placeholder={t('repairWeb.filter.allFailureModes')} aria-label={t('repairWeb.field.failureMode')} options={c.FAILURE_MODES.map((m) => ({ value: m, label: t(FAILURE_MODE_LABELS[m]) }))} />
          </Form.Item>
        </QueryForm>
        {!checked.success ? (
          <Alert type="warning" showIcon title={issueText(checked.error.issues[0], t)} data-testid="case-invalid" />
        ) : cases.isError ? (
          <Alert type="error" showIcon title={cases.error instanceof Error ? cases.error.message : t('repairWeb.common.failed')} data-testid="case-error" />
        ) : !page ? (
          <Skeleton active />
        ) : page.records.length === 0 ? (
          <Empty description={t('repairWeb.case.empty')} data-testid="case-empty" />
        ) : (
          <>
            <List
              dataSource={page.records}
              rowKey={(item) => `${item.runId}-${item.id}`}
              data-testid="case-results"
              renderItem={(item) => <CaseItem item={item} timeZone={run.timeZone} onOpen={() => setOpened({ runId: item.runId, id: item.id })} />}
            />
            <Pagination
              style={{ marginTop: 12, textAlign: 'right' }}
              current={page.page}
              pageSize={page.pageSize}
              total={page.total}
              showSizeChanger={false}
              onChange={(next) => params.set({ page: next })}
            />
          </>
        )}
      </Card>
      <RepairDetail runId={opened?.runId ?? run.runId} timeZone={run.timeZone} repairId={opened?.id ?? null} onClose={() => setOpened(null)} />
    </div>
  );
}

function CaseItem({ item, timeZone, onOpen }: { item: Case; timeZone: string; onOpen: () => void }) {
  const t = useT();
  return (
    <List.Item
      data-testid="case-item"
      actions={[
        <Button key="open" size="small" onClick={onOpen} data-testid="case-open">
          {t('repairWeb.case.open')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong data-testid="case-title">
            {item.title}
          </Typography.Text>
          <Tag>{item.system}</Tag>
          {item.failureMode ? <Tag color="purple">{t(FAILURE_MODE_LABELS[item.failureMode])}</Tag> : null}
          <Typography.Text type="secondary">
            {item.project} · {item.tbmCode} · {formatInstant(item.foundAt, timeZone, DATE_FORMATS.date)}
          </Typography.Text>
        </Space>
        <Marked snippet={item.snippet} data-testid="case-snippet" />
        <Typography.Text type="secondary" data-testid="case-helpful">
          <LikeOutlined /> {t('repairWeb.case.helpful', { count: item.helpful })}
        </Typography.Text>
      </Space>
    </List.Item>
  );
}
