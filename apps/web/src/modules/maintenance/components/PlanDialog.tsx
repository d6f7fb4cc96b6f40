import { AutoComplete, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { mtceContentContract as c } from '@boreline/contracts';
import type { z } from 'zod';
import { ApiError } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import { isPlanUnique, type MaintenancePlan, type MaintenanceTrigger, usePlanUnits } from '../api.js';
import { ANCHOR_LABELS, COUNTER_LABELS, CYCLE_LABELS, TRIGGER_LABELS } from '../labels.js';
import { options } from '../options.js';
import { ChecklistField } from './ChecklistField.js';
import { InstantInput } from '../../../ui/form/zonedInputs.js';

/** The most checklist items of a plan (the contract's limit). */
export const PLAN_ITEMS_MAX = 30;

/**
 * The plan form's contract: the fields of a plan with their rules, as plan add and edit and the
 * content page's add-or-edit take them (an `id` only when editing).
 */
const PLAN_FORM = c.mtceContentAddOrEdit.input;
export type PlanFormInput = z.output<typeof PLAN_FORM>;
type Fields = TypedField<z.input<typeof PLAN_FORM>>;

export interface PlanDialogProps {
  run: CurrentRun;
  open: boolean;
  /** The plan edited; null adds one. */
  plan: MaintenancePlan | null;
  /** The dialog's titles where the page names plans otherwise (maintenance items). */
  titles?: { add: string; edit: string };
  /** Saves the checked plan (add when `plan` is null, else edit). */
  onSave: (input: PlanFormInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Adds or edits a maintenance plan: title, cycle, system (suggested from the run's), part, content,
 * the checklist, the trigger (calendar, counter or whichever comes first, with the counter and its
 * interval), fixed or floating, the next due time on the project's clock and a remark. The form
 * holds the contract's rules; before saving, system + part + content is checked to be free in the
 * run (the server refuses a second plan with the same three).
 */
export function PlanDialog({ run, open, plan, titles, onSave, onClose }: PlanDialogProps) {
  const t = useT();
  const units = usePlanUnits(run.runId);

  const handleSubmit = async (input: PlanFormInput) => {
    const free = await isPlanUnique({ runId: run.runId, ...(plan ? { id: plan.id } : {}), system: input.system, component: input.component, content: input.content });
    if (!free.unique) {
      const message = t('maintenanceWeb.plan.duplicate');
      throw new ApiError(3, message, { fields: [{ field: 'content', message }] });
    }
    await onSave(input);
  };

  return (
    <FormDialog
      open={open}
      name="plan"
      title={plan ? (titles?.edit ?? t('maintenanceWeb.plan.edit')) : (titles?.add ?? t('maintenanceWeb.plan.add'))}
      schema={PLAN_FORM}
      initialValues={
        plan
          ? {
              title: plan.title,
              cycle: plan.cycle,
              system: plan.system,
              component: plan.component ?? '',
              content: plan.content,
              items: plan.items,
              trigger: plan.trigger,
              counterKind: plan.counterKind ?? undefined,
              counterInterval: plan.counterInterval ?? undefined,
              anchor: plan.anchor,
              nextTime: plan.nextTime,
              remark: plan.remark ?? '',
            }
          : { items: [], trigger: 'calendar', anchor: 'floating' }
      }
      hiddenValues={plan ? { runId: run.runId, id: plan.id } : { runId: run.runId }}
      successText={t('maintenanceWeb.plan.saved')}
      onSubmit={handleSubmit}
      onClose={onClose}
      width={760}
      data-testid="plan-dialog"
    >
      {(Field) => (
        <>
          <Field name="title" label={t('maintenanceWeb.field.title')}>
            <Input autoComplete="off" data-testid="plan-title" />
          </Field>
          <Space size={12} wrap align="start">
            <Field name="cycle" label={t('maintenanceWeb.field.cycle')}>
              <Select style={{ width: 180 }} options={options(CYCLE_LABELS, t)} data-testid="plan-cycle" />
            </Field>
            <Field name="system" label={t('maintenanceWeb.field.system')}>
              <AutoComplete
                style={{ width: 220 }}
                options={(units.data ?? []).map((unit) => ({ value: unit }))}
                filterOption={(text, option) => String(option?.value ?? '').toLowerCase().includes(text.toLowerCase())}
              >
                <Input autoComplete="off" data-testid="plan-system" />
              </AutoComplete>
            </Field>
            <Field name="component" label={t('maintenanceWeb.field.component')}>
              <Input style={{ width: 220 }} autoComplete="off" data-testid="plan-component" />
            </Field>
          </Space>
          <Field name="content" label={t('maintenanceWeb.field.content')}>
            <Input.TextArea rows={2} data-testid="plan-content" />
          </Field>
          <ChecklistField max={PLAN_ITEMS_MAX} />
          <TriggerFields Field={Field} />
          <Space size={12} wrap align="start">
            <Field name="anchor" label={t('maintenanceWeb.field.anchor')} extra={t('maintenanceWeb.plan.anchorHint')}>
              <Radio.Group options={options(ANCHOR_LABELS, t)} />
            </Field>
            <Field name="nextTime" label={t('maintenanceWeb.field.nextTime')} extra={t('maintenanceWeb.plan.nextTimeHint')}>
              <InstantInput timeZone={run.timeZone} data-testid="plan-next-time" />
            </Field>
          </Space>
          <Field name="remark" label={t('maintenanceWeb.field.remark')}>
            <Input autoComplete="off" />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/** The trigger, and for counter plans the counter followed and its interval. */
function TriggerFields({ Field }: { Field: Fields }) {
  const t = useT();
  const trigger = Form.useWatch<MaintenanceTrigger | undefined>('trigger', Form.useFormInstance());
  const counted = trigger === 'counter' || trigger === 'whicheverFirst';
  return (
    <Space size={12} wrap align="start">
      <Field name="trigger" label={t('maintenanceWeb.field.trigger')} dependencies={['counterKind', 'counterInterval']}>
        <Radio.Group options={options(TRIGGER_LABELS, t)} data-testid="plan-trigger" />
      </Field>
      {counted ? (
        <>
          <Field name="counterKind" label={t('maintenanceWeb.field.counterKind')}>
            <Select style={{ width: 220 }} options={options(COUNTER_LABELS, t)} data-testid="plan-counter-kind" />
          </Field>
          <Field name="counterInterval" label={t('maintenanceWeb.field.counterInterval')}>
            <InputNumber style={{ width: 160 }} min={0} data-testid="plan-counter-interval" />
          </Field>
        </>
      ) : null}
    </Space>
  );
}
