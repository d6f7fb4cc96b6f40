import { AlertOutlined, BookOutlined, DislikeOutlined, FileSearchOutlined, LikeOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { canUse, useFramework } from '../../../core/session.js';
import { type DiagnoseInput, type DiagnosisSource, diagnosisFeedback, type Suggestion, type SuggestionKind, useDiagnosis } from '../api.js';
import { KIND_LABELS, REASON_LABELS } from '../labels.js';
import { Marked } from './Marked.js';

const KIND_ICONS: Record<SuggestionKind, typeof BookOutlined> = { case: FileSearchOutlined, knowledge: BookOutlined, alarmSuggestion: AlertOutlined };

/** Where a suggestion's source opens: a case or a knowledge item of its run, or the alarm. */
export function sourceHref(suggestion: Pick<Suggestion, 'kind' | 'id' | 'runId'>): string {
  if (suggestion.kind === 'case') return `/fw1/stm_smtce/case?open=${suggestion.id}&openRun=${suggestion.runId}`;
  if (suggestion.kind === 'knowledge') return `/fw1/stm_smtce/knowledge?open=${suggestion.id}&openRun=${suggestion.runId}`;
  return `/fw1/alarm/history_alarm?open=${suggestion.id}`;
}

export interface DiagnosisDrawerProps {
  runId: number;
  /** What the diagnosis starts from; null: closed. A drawer opened with words lets the reader change them. */
  source: DiagnosisSource | null;
  onClose: () => void;
}

/**
 * Diagnosis of a fault (spec §1 "AI diagnosis"): the published cases, knowledge items and the alarm's
 * own suggestion ranked for an alarm, a repair or words typed. Every suggestion names its source and
 * why it matched; without a source there is no answer. Readers mark suggestions helpful or not.
 */
export function DiagnosisDrawer({ runId, source, onClose }: DiagnosisDrawerProps) {
  const t = useT();
  const [typed, setTyped] = useState<string | null>(null);
  const input: DiagnoseInput | null = source === null ? null : typed !== null ? { runId, text: typed } : { runId, ...source };
  return (
    <Drawer open={source !== null} onClose={onClose} size="large" title={t('repairWeb.diagnosis.title')} destroyOnHidden data-testid="diagnosis-drawer">
      {source !== null ? <Diagnosis key={JSON.stringify(input)} runId={runId} input={input} initialText={source && 'text' in source ? source.text : ''} onSearch={setTyped} /> : null}
    </Drawer>
  );
}

function Diagnosis({ runId, input, initialText, onSearch }: { runId: number; input: DiagnoseInput | null; initialText: string; onSearch: (text: string) => void }) {
  const t = useT();
  const result = useDiagnosis(input && (input.alarmId !== undefined || input.repairId !== undefined || (input.text ?? '').trim() !== '') ? input : null);
  const [text, setText] = useState(input?.text ?? initialText);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Input.Search
        value={text}
        onChange={(event) => setText(event.target.value)}
        onSearch={(value) => {
          if (value.trim() !== '') onSearch(value.trim());
        }}
        placeholder={t('repairWeb.diagnosis.placeholder')}
        aria-label={t('repairWeb.diagnosis.placeholder')}
        enterButton={<SearchOutlined aria-label={t('repairWeb.diagnosis.search')} />}
        data-testid="diagnosis-text"
      />
      {result.isError ? (
        <Alert type="error" showIcon title={result.error instanceof Error ? result.error.message : t('repairWeb.common.failed')} data-testid="diagnosis-error" />
      ) : result.fetchStatus === 'idle' && !result.data ? (
        <Empty description={t('repairWeb.diagnosis.start')} />
      ) : !result.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {result.data.query ? (
            <Typography.Text type="secondary" data-testid="diagnosis-query">
              {t('repairWeb.diagnosis.query', { query: result.data.query })}
            </Typography.Text>
          ) : null}
          {/* No answer without a source: a suggestion the server sent without one is not shown. */}
          <SuggestionList runId={runId} suggestions={result.data.suggestions.filter((s) => s.id > 0)} />
        </>
      )}
    </Space>
  );
}

function SuggestionList({ runId, suggestions }: { runId: number; suggestions: Suggestion[] }) {
  const t = useT();
  if (suggestions.length === 0) return <Empty description={t('repairWeb.diagnosis.none')} data-testid="diagnosis-empty" />;
  return (
    <List
      dataSource={suggestions}
      rowKey={(s) => `${s.kind}-${s.id}`}
      data-testid="diagnosis-suggestions"
      renderItem={(suggestion, index) => <SuggestionItem runId={runId} suggestion={suggestion} rank={index + 1} />}
    />
  );
}

function SuggestionItem({ runId, suggestion, rank }: { runId: number; suggestion: Suggestion; rank: number }) {
  const t = useT();
  const Icon = KIND_ICONS[suggestion.kind];
  const [counts, setCounts] = useState({ helpful: suggestion.helpful, notHelpful: suggestion.notHelpful });
  const [marked, setMarked] = useState<boolean | null>(null);
  const mark = async (helpful: boolean) => {
    try {
      setCounts(await diagnosisFeedback(runId, suggestion.kind, suggestion.id, helpful));
      setMarked(helpful);
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <List.Item data-testid="diagnosis-suggestion" data-kind={suggestion.kind}>
      <Space orientation="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{rank}.</Typography.Text>
          <Icon aria-hidden />
          <Tag>{t(KIND_LABELS[suggestion.kind])}</Tag>
          <Typography.Text strong data-testid="suggestion-title">
            {suggestion.title}
          </Typography.Text>
          {suggestion.project ? <Typography.Text type="secondary">· {suggestion.project}</Typography.Text> : null}
        </Space>
        <Marked snippet={suggestion.snippet} data-testid="suggestion-snippet" />
        <ul className="repair-reasons" aria-label={t('repairWeb.diagnosis.reasons')} data-testid="suggestion-reasons">
          {suggestion.reasons.map((reason, i) => (
            <li key={i}>
              <Tag color="blue">{t(REASON_LABELS[reason.kind])}</Tag> {reason.text}
            </li>
          ))}
        </ul>
        <Space wrap>
          <Link to={sourceHref(suggestion)} data-testid="suggestion-source">
            {t('repairWeb.diagnosis.source', { kind: t(KIND_LABELS[suggestion.kind]) })}
          </Link>
          <Button size="small" icon={<LikeOutlined />} type={marked === true ? 'primary' : 'default'} onClick={() => void mark(true)} data-testid="suggestion-helpful">
            {t('repairWeb.diagnosis.helpful', { count: counts.helpful })}
          </Button>
          <Button size="small" icon={<DislikeOutlined />} type={marked === false ? 'primary' : 'default'} onClick={() => void mark(false)} data-testid="suggestion-not-helpful">
            {t('repairWeb.diagnosis.notHelpful', { count: counts.notHelpful })}
          </Button>
        </Space>
      </Space>
    </List.Item>
  );
}

/** "Diagnose" for another page (an alarm, a repair): opens the drawer for its source. */
export function DiagnoseButton({ runId, source, size = 'small', type = 'default' }: { runId: number; source: DiagnosisSource; size?: 'small' | 'middle'; type?: 'link' | 'default' }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const canRead = useFramework((s) => canUse(s, 'maintenance.repair.read'));
  if (!canRead) return null;
  return (
    <>
      <Button size={size} type={type} icon={<FileSearchOutlined />} onClick={() => setOpen(true)} data-testid="diagnose">
        {t('repairWeb.diagnosis.open')}
      </Button>
      <DiagnosisDrawer runId={runId} source={open ? source : null} onClose={() => setOpen(false)} />
    </>
  );
}
