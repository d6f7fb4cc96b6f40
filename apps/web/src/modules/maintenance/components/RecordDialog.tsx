import { ToolOutlined } from '@ant-design/icons';
import { mtceRecordContract as r } from '@boreline/contracts';
import { Button, Col, Form, Input, Radio, Row, Select, Space, Tooltip, Typography } from 'antd';
import type { z } from 'zod';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { type ItemCondition, type MaintenancePlan, usePlanChoices } from '../api.js';
import { CONDITION_LABELS, CYCLE_LABELS } from '../labels.js';
import { options } from '../options.js';
import { InstantInput } from '../../../ui/form/zonedInputs.js';

/** The record form's contract (record add; a content item's history entry takes the same with its plan). */
const RECORD_FORM = r.mtceRecordAdd.input;
export type RecordFormInput = z.output<typeof RECORD_FORM>;
type FormValues = z.input<typeof RECORD_FORM>;
type Fields = TypedField<FormValues>;

/** What a plan puts into a new record: its type, system, part, content and each checklist item as normal. */
export function prefillOf(plan: Pick<MaintenancePlan, 'id' | 'cycle' | 'system' | 'component' | 'content' | 'items'>): Partial<FormValues> {
  return {
    planId: plan.id,
    type: plan.cycle,
    system: plan.system,
    component: plan.component ?? '',
    content: plan.content,
    items: plan.items.map((text) => ({ text, condition: 'normal', note: null })),
  };
}

export interface RecordDialogProps {
  run: CurrentRun;
  open: boolean;
  /** The plan the record completes, chosen beforehand (a content item's history); the picker is shown otherwise. */
  plan: MaintenancePlan | null;
  /** Values of a prepared form (the server's template of a content item's history entry). */
  prefill?: Partial<FormValues>;
  /** The time filled in when the dialog opens (now). */
  now: number;
  onSave: (input: RecordFormInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Records maintenance work: the plan it completes (its type, system, part, content and checklist
 * fill the form), the time on the project's clock, done or not, each checklist item normal or
 * abnormal with a note, a remark and who maintained, checked and reviewed it. The contract's
 * rules (spec §5: type, time, the three names and content required, each name at most 50
 * characters) are checked as the server checks them.
 */
export function RecordDialog({ run, open, plan, prefill, now, onSave, onClose }: RecordDialogProps) {
  const t = useT();
  const initial: Partial<FormValues> = { done: true, items: [], time: now, ...(plan ? prefillOf(plan) : {}), ...prefill };
  return (
    <FormDialog
      open={open}
      name="record"
      title={t('maintenanceWeb.record.add')}
      schema={RECORD_FORM}
      initialValues={initial}
      hiddenValues={{ runId: run.runId }}
      successText={t('maintenanceWeb.record.saved')}
      onSubmit={onSave}
      onClose={onClose}
      width={820}
      data-testid="record-dialog"
    >
      {(Field) => (
        <>
          {plan ? (
            <Typography.Paragraph data-testid="record-plan">
              {t('maintenanceWeb.record.forPlan', { title: plan.title })}
            </Typography.Paragraph>
          ) : (
            <PlanPicker runId={run.runId} Field={Field} />
          )}
          <Space size={12} wrap align="start">
            <Field name="type" label={t('maintenanceWeb.field.type')}>
              <Select style={{ width: 180 }} options={options(CYCLE_LABELS, t)} data-testid="record-type" />
            </Field>
            <Field name="time" label={t('maintenanceWeb.field.time')}>
              <InstantInput timeZone={run.timeZone} data-testid="record-time" />
            </Field>
            <Field name="done" label={t('maintenanceWeb.field.done')}>
              <Radio.Group
                options={[
                  { value: true, label: t('maintenanceWeb.common.yes') },
                  { value: false, label: t('maintenanceWeb.common.no') },
                ]}
                data-testid="record-done"
              />
            </Field>
          </Space>
          <Space size={12} wrap align="start">
            <Field name="system" label={t('maintenanceWeb.field.system')}>
              <Input style={{ width: 220 }} autoComplete="off" data-testid="record-system" />
            </Field>
            <Field name="component" label={t('maintenanceWeb.field.component')}>
              <Input style={{ width: 220 }} autoComplete="off" data-testid="record-component" />
            </Field>
          </Space>
          <Field name="content" label={t('maintenanceWeb.field.content')}>
            <Input.TextArea rows={2} data-testid="record-content" />
          </Field>
          <ChecklistResults />
          <Field name="remark" label={t('maintenanceWeb.field.remark')}>
            <Input autoComplete="off" />
          </Field>
          <Space size={12} wrap align="start">
            <Field name="maintainedBy" label={t('maintenanceWeb.field.maintainedBy')}>
              <Input style={{ width: 220 }} autoComplete="off" data-testid="record-maintained-by" />
            </Field>
            <Field name="checkedBy" label={t('maintenanceWeb.field.checkedBy')}>
              <Input style={{ width: 220 }} autoComplete="off" data-testid="record-checked-by" />
            </Field>
            <Field name="reviewedBy" label={t('maintenanceWeb.field.reviewedBy')}>
              <Input style={{ width: 220 }} autoComplete="off" data-testid="record-reviewed-by" />
            </Field>
          </Space>
        </>
      )}
    </FormDialog>
  );
}

/** Chooses the plan the record completes; choosing one fills the form from it. */
function PlanPicker({ runId, Field }: { runId: number; Field: Fields }) {
  const t = useT();
  const form = Form.useFormInstance();
  const plans = usePlanChoices(runId, true);
  const records = plans.data?.records ?? [];
  const handleChange = (id: number | undefined) => {
    const plan = records.find((p) => p.id === id);
    if (plan) form.setFieldsValue(prefillOf(plan));
  };
  return (
    <Field name="planId" label={t('maintenanceWeb.field.plan')} extra={t('maintenanceWeb.record.planHint')}>
      <Select<number>
        allowClear
        showSearch
        optionFilterProp="label"
        loading={plans.isPending}
        placeholder={t('maintenanceWeb.record.planPlaceholder')}
        options={records.map((plan) => ({ value: plan.id, label: `${plan.title} · ${plan.system}${plan.component ? ` / ${plan.component}` : ''}` }))}
        onChange={handleChange}
        data-testid="record-plan-picker"
      />
    </Field>
  );
}

/** Each checklist item of the record: its text, normal or abnormal, a note; an abnormal one offers a repair record. */
function ChecklistResults() {
  const t = useT();
  const items = Form.useWatch<{ text?: string; condition?: ItemCondition }[] | undefined>('items', Form.useFormInstance()) ?? [];
  return (
    <Form.Item label={t('maintenanceWeb.field.items')}>
      <Form.List name="items">
        {(rows) =>
          rows.length === 0 ? (
            <Typography.Text type="secondary">{t('maintenanceWeb.record.noItems')}</Typography.Text>
          ) : (
            rows.map((row, index) => (
              <Row key={row.key} gutter={8} align="middle" data-testid="record-item">
                <Col span={8}>
                  <Form.Item name={[row.name, 'text']} style={{ marginBottom: 4 }}>
                    <Input aria-label={t('maintenanceWeb.plan.item', { n: index + 1 })} />
                  </Form.Item>
                </Col>
                <Col span={7}>
                  <Form.Item name={[row.name, 'condition']} style={{ marginBottom: 4 }}>
                    <Radio.Group options={options(CONDITION_LABELS, t)} optionType="button" size="small" data-testid="record-item-condition" />
                  </Form.Item>
                </Col>
                <Col span={items[index]?.condition === 'abnormal' ? 6 : 9}>
                  <Form.Item name={[row.name, 'note']} style={{ marginBottom: 4 }}>
                    <Input placeholder={t('maintenanceWeb.field.note')} aria-label={`${t('maintenanceWeb.field.note')} ${index + 1}`} />
                  </Form.Item>
                </Col>
                {items[index]?.condition === 'abnormal' ? (
                  <Col span={3}>
                    <RepairLink />
                  </Col>
                ) : null}
              </Row>
            ))
          )
        }
      </Form.List>
    </Form.Item>
  );
}

/** The repair record of an abnormal finding: the repair pages are not there yet, so the link waits, saying why. */
export function RepairLink() {
  const t = useT();
  return (
    <Tooltip title={t('maintenanceWeb.record.repairLater')}>
      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
      <span data-testid="create-repair">
        <Button size="small" icon={<ToolOutlined />} disabled>
          {t('maintenanceWeb.record.createRepair')}
        </Button>
      </span>
    </Tooltip>
  );
}
