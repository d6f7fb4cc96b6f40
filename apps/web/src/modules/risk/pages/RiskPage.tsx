import { EditOutlined, EyeOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { type CurrentRun, formatChainage, LIMITS, riskContract as c } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { UploadField, type UploadedFile } from '../../../ui/UploadField.js';
import { addRisk, deleteRisk, editRisk, pictureUrl, RISK_KEY, saveSettings, uploadPicture, useRiskCurrent, useRiskList, useRiskSettings } from '../api.js';
import { NearestRiskZone } from '../components/NearestRiskZone.js';
import { RiskPictures } from '../components/RiskPictures.js';

type RiskPoint = c.RiskPoint;
type Dialog = { mode: 'add' } | { mode: 'edit'; zone: RiskPoint; pictures: UploadedFile[] } | null;

const STATE_COLORS: Record<c.RiskState, string> = { ahead: 'blue', approaching: 'orange', inside: 'red', passed: 'default' };
const PICTURE_TYPES = ['jpg', 'jpeg', 'png'] as const;

const RiskFilterParams = ListParamsSchema.extend({
  keyword: z.string().trim().max(100).optional(),
  code: z.string().trim().max(LIMITS.riskCodeMaxLength).optional(),
  state: c.RiskStateSchema.optional().catch(undefined),
});

/** The risk points of the current run; without one the user picks a project first. */
export function RiskPage() {
  const run = useFramework((s) => s.run);
  return run ? <RiskPoints key={run.runId} run={run} /> : <ChooseProject />;
}

function RiskPoints({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'alarm.risk.write'));
  const params = useQueryParams(RiskFilterParams);
  const { page, pageSize, keyword, code, state } = params.values;
  const filters = { runId: run.runId, ...(keyword ? { keyword } : {}), ...(code ? { code } : {}), ...(state ? { state } : {}) };
  const zones = useRiskList({ ...filters, page, pageSize });
  const current = useRiskCurrent(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detail, setDetail] = useState<RiskPoint | null>(null);
  const remove = useMutationWithNotice({ mutationFn: deleteRisk, success: t('risk.page.deleted'), invalidate: [RISK_KEY] });
  const level = (value: c.RiskLevel | null) => (value ? t(c.RISK_LEVEL_KEYS[value]) : '—');
  const stateTag = (zone: RiskPoint) => (
    <Tag color={STATE_COLORS[zone.state]} data-testid="risk-state">
      {t(c.RISK_STATE_KEYS[zone.state])}
    </Tag>
  );

  const openEdit = async (zone: RiskPoint) => {
    // Pictures need the session header: their thumbnails are shown from object URLs.
    const stored = await call(c.riskPictures, { id: zone.id });
    const pictures = await Promise.all(stored.map(async (file) => ({ ...file, thumbUrl: await pictureUrl(file.thumbUrl ?? file.url).catch(() => undefined) })));
    setDialog({ mode: 'edit', zone, pictures });
  };

  const position = current.data?.position;
  const editing = dialog?.mode === 'edit' ? dialog.zone : null;

  return (
    <Card
      title={t('risk.title')}
      extra={
        <Space wrap>
          {position ? <Typography.Text type="secondary">{t('risk.page.machineAt', { chainage: formatChainage(position.chainage, 1), ring: position.ring ?? '—' })}</Typography.Text> : null}
          <NearestRiskZone runId={run.runId} />
        </Space>
      }
      data-testid="risk-page"
    >
      {canWrite ? <WarnRings runId={run.runId} /> : null}
      <QueryForm params={params} searchOnChange={['state']}>
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('risk.page.keywordPlaceholder')} style={{ width: 200 }} aria-label={t('risk.field.keyword')} />
        </Form.Item>
        <Form.Item name="code">
          <Input allowClear placeholder={t('risk.field.code')} style={{ width: 140 }} aria-label={t('risk.field.code')} />
        </Form.Item>
        <Form.Item name="state">
          <Select allowClear placeholder={t('risk.field.state')} style={{ width: 160 }} options={c.RISK_STATES.map((s) => ({ value: s, label: t(c.RISK_STATE_KEYS[s]) }))} />
        </Form.Item>
      </QueryForm>
      <DataTable<RiskPoint, typeof c.riskExport.input, typeof c.riskExport.output>
        source={zones}
        rowKey="id"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf(next))}
        data-testid="risk-table"
        exportButton={{ endpoint: c.riskExport, input: filters, fallbackName: `${t('risk.export.fileName')}.xlsx`, label: t('risk.export.button'), 'data-testid': 'risk-export' }}
        toolbar={
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="risk-add">
              {t('risk.page.add')}
            </Button>
          ) : null
        }
        columns={[
          { key: 'code', title: t('risk.field.code'), dataIndex: 'code', width: 100 },
          { key: 'name', title: t('risk.field.name'), dataIndex: 'name' },
          { key: 'chainage', title: `${t('risk.field.startChainage')} – ${t('risk.field.endChainage')}`, render: (_: unknown, z: RiskPoint) => `${formatChainage(z.startChainage)} – ${formatChainage(z.endChainage)}` },
          { key: 'rings', title: `${t('risk.field.startRing')} – ${t('risk.field.endRing')}`, width: 120, render: (_: unknown, z: RiskPoint) => `${z.startRing} – ${z.endRing}` },
          { key: 'settlement', title: t('risk.field.settlementLevel'), width: 120, render: (_: unknown, z: RiskPoint) => level(z.settlementLevel) },
          { key: 'vibration', title: t('risk.field.vibrationLevel'), width: 120, render: (_: unknown, z: RiskPoint) => level(z.vibrationLevel) },
          { key: 'state', title: t('risk.field.state'), width: 120, render: (_: unknown, z: RiskPoint) => stateTag(z) },
          { key: 'ringsToGo', title: t('risk.field.ringsToGo'), width: 100, render: (_: unknown, z: RiskPoint) => z.ringsToGo ?? '—' },
          { key: 'pictures', title: t('risk.field.pictures'), width: 80, dataIndex: 'pictureCount' },
          {
            key: 'actions',
            title: '',
            width: 230,
            render: (_: unknown, zone: RiskPoint) => (
              <Space size={4}>
                <Button size="small" icon={<EyeOutlined />} onClick={() => setDetail(zone)} data-testid="risk-detail">
                  {t('risk.page.detail')}
                </Button>
                {canWrite ? (
                  <>
                    <Button size="small" icon={<EditOutlined />} onClick={() => void openEdit(zone)} aria-label={t('risk.page.edit')} data-testid="risk-edit" />
                    <DeleteButton size="small" title={t('risk.page.deleteConfirm', { name: `${zone.code} ${zone.name}` })} onConfirm={() => remove.mutateAsync(zone.id)} data-testid="risk-delete" />
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <FormDialog
        open={dialog !== null}
        name="risk"
        title={editing ? t('risk.page.edit') : t('risk.page.add')}
        schema={editing ? c.RiskEditSchema : c.RiskAddSchema}
        initialValues={
          editing && dialog?.mode === 'edit'
            ? {
                code: editing.code,
                position: String(editing.position),
                name: editing.name,
                startChainage: formatChainage(editing.startChainage),
                endChainage: formatChainage(editing.endChainage),
                remark: editing.remark ?? '',
                settlementLevel: editing.settlementLevel ?? undefined,
                vibrationLevel: editing.vibrationLevel ?? undefined,
                description: editing.description ?? '',
                pictureIds: dialog.pictures as unknown as string[],
              }
            : { pictureIds: [] }
        }
        hiddenValues={editing ? { id: editing.id } : { runId: run.runId }}
        toInput={(values) => ({ ...values, pictureIds: ((values.pictureIds ?? []) as UploadedFile[]).map((f) => f.id) })}
        successText={t('risk.page.saved')}
        onSubmit={async (input) => {
          await (editing ? editRisk({ ...(input as c.RiskEdit) }) : addRisk(input as c.RiskAdd));
          await client.invalidateQueries({ queryKey: RISK_KEY });
        }}
        onClose={() => setDialog(null)}
        width={720}
        data-testid="risk-dialog"
      >
        {(Field) => (
          <>
            <Space size={12} wrap align="start">
              <Field name="code" label={t('risk.field.code')}>
                <Input style={{ width: 160 }} autoComplete="off" />
              </Field>
              <Field name="name" label={t('risk.field.name')}>
                <Input style={{ width: 420 }} autoComplete="off" />
              </Field>
            </Space>
            <Space size={12} wrap align="start">
              <Field name="position" label={t('risk.field.position')}>
                <Input style={{ width: 160 }} autoComplete="off" />
              </Field>
              <Field name="startChainage" label={t('risk.field.startChainage')} dependencies={['endChainage']} extra={t('risk.page.chainageHint')}>
                <Input style={{ width: 200 }} autoComplete="off" />
              </Field>
              <Field name="endChainage" label={t('risk.field.endChainage')} dependencies={['startChainage']}>
                <Input style={{ width: 200 }} autoComplete="off" />
              </Field>
            </Space>
            <Space size={12} wrap>
              <Field name="settlementLevel" label={t('risk.field.settlementLevel')}>
                <Select allowClear style={{ width: 200 }} options={c.RISK_LEVELS.map((l) => ({ value: l, label: t(c.RISK_LEVEL_KEYS[l]) }))} />
              </Field>
              <Field name="vibrationLevel" label={t('risk.field.vibrationLevel')}>
                <Select allowClear style={{ width: 200 }} options={c.RISK_LEVELS.map((l) => ({ value: l, label: t(c.RISK_LEVEL_KEYS[l]) }))} />
              </Field>
            </Space>
            <Field name="remark" label={t('risk.field.remark')}>
              <Input maxLength={LIMITS.riskRemarkMaxLength} />
            </Field>
            <Field name="description" label={t('risk.field.description')}>
              <Input.TextArea rows={3} maxLength={LIMITS.riskDescriptionMaxLength} />
            </Field>
            <Field name="pictureIds" label={t('risk.field.pictures')} extra={t('risk.page.picturesHint')}>
              <UploadField types={PICTURE_TYPES} maxBytes={LIMITS.riskPictureMaxBytes} maxCount={LIMITS.riskPicturesMax} upload={uploadPicture(run.runId)} />
            </Field>
          </>
        )}
      </FormDialog>
      <Modal open={detail !== null} title={t('risk.page.detail')} footer={null} onCancel={() => setDetail(null)} width={760} destroyOnHidden data-testid="risk-detail-dialog">
        {detail ? (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('risk.field.code')}>{detail.code}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.name')}>{detail.name}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.position')}>{detail.position}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.state')}>
                {stateTag(detail)} {detail.ringsToGo !== null && detail.state !== 'inside' ? `${t('risk.field.ringsToGo')}: ${detail.ringsToGo}` : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('risk.field.startChainage')}>{formatChainage(detail.startChainage)}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.endChainage')}>{formatChainage(detail.endChainage)}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.startRing')}>{detail.startRing}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.endRing')}>{detail.endRing}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.settlementLevel')}>{level(detail.settlementLevel)}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.vibrationLevel')}>{level(detail.vibrationLevel)}</Descriptions.Item>
              <Descriptions.Item label={t('risk.field.remark')} span={2}>
                {detail.remark ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('risk.field.description')} span={2}>
                {detail.description ?? '—'}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('risk.field.pictures')}
            </Typography.Title>
            <RiskPictures id={detail.id} />
          </>
        ) : null}
      </Modal>
    </Card>
  );
}

/** The run's warning distance in rings, for users who may change risk points. */
function WarnRings({ runId }: { runId: number }) {
  const t = useT();
  const client = useQueryClient();
  const settings = useRiskSettings(runId);
  const [value, setValue] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = value ?? settings.data?.warnRings ?? null;
  const save = async () => {
    if (shown === null) return;
    setBusy(true);
    try {
      await saveSettings(runId, shown);
      notify.show('success', t('risk.settings.saved'));
      await client.invalidateQueries({ queryKey: RISK_KEY });
      setValue(null);
    } catch (error) {
      notify.show('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space style={{ marginBottom: 16 }} data-testid="risk-settings">
      <Typography.Text>{t('risk.settings.warnRings')}</Typography.Text>
      <InputNumber min={1} max={LIMITS.riskWarnRingsMax} precision={0} value={shown} onChange={(v) => setValue(typeof v === 'number' ? v : null)} aria-label={t('risk.settings.warnRings')} data-testid="risk-warn-rings" />
      <Button icon={<SaveOutlined />} loading={busy} disabled={shown === null} onClick={() => void save()} data-testid="risk-warn-save">
        {t('risk.settings.title')}
      </Button>
    </Space>
  );
}
