import { DATE_FORMATS, mtcePlanContract as p } from '@boreline/contracts';
import { Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { z } from 'zod';
import { formatInstant } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog, type TypedField } from '../../../ui/FormDialog.js';
import type { MaintenancePlan, Reminder, ReminderRepeat } from '../api.js';
import { REPEAT_LABELS, WEEKDAYS } from '../labels.js';
import { options } from '../options.js';
import { WallTimeInput } from '../../../ui/form/zonedInputs.js';

/** The reminder form's contract: plan remind/edit and the content page's setRemind take the same input. */
const REMIND_FORM = p.mtcePlanRemindEdit.input;
export type RemindFormInput = z.output<typeof REMIND_FORM>;
type Fields = TypedField<z.input<typeof REMIND_FORM>>;

export interface RemindDialogProps {
  run: CurrentRun;
  /** The plan whose reminder is set; null: closed. */
  plan: MaintenancePlan | null;
  /** The reminder stored now (null: none yet) and the next push times, when known. */
  current: { reminder: Reminder | null; nextPushes: readonly number[] } | undefined;
  onSave: (input: RemindFormInput) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A plan's reminder (spec §9): on or off, its text, how many days before each due time, the push
 * time on the project's clock, and for plans without a calendar cycle a repeat (weekly on a
 * weekday, Monday first; monthly … yearly). Content and push time are required (spec §5).
 */
export function RemindDialog({ run, plan, current, onSave, onClose }: RemindDialogProps) {
  const t = useT();
  const reminder = current?.reminder ?? plan?.reminder ?? null;
  const nextPushes = current?.nextPushes ?? [];
  return (
    <FormDialog
      open={plan !== null}
      name="remind"
      title={t('maintenanceWeb.remind.title', { title: plan?.title ?? '' })}
      schema={REMIND_FORM}
      initialValues={
        reminder
          ? { ...reminder, repeat: reminder.repeat ?? undefined, weekday: reminder.weekday ?? undefined }
          : { enabled: true, daysAhead: 1, content: plan ? `${plan.system} · ${plan.content}` : '' }
      }
      hiddenValues={{ runId: run.runId, id: plan?.id ?? 0 }}
      successText={t('maintenanceWeb.remind.saved')}
      onSubmit={onSave}
      onClose={onClose}
      width={600}
      data-testid="remind-dialog"
    >
      {(Field) => (
        <>
          <Field name="enabled" label={t('maintenanceWeb.remind.enabled')} valuePropName="checked">
            <Switch data-testid="remind-enabled" />
          </Field>
          <Field name="content" label={t('maintenanceWeb.remind.content')}>
            <Input.TextArea rows={2} data-testid="remind-content" />
          </Field>
          <Space size={12} wrap align="start">
            <Field name="daysAhead" label={t('maintenanceWeb.remind.daysAhead')}>
              <InputNumber min={0} style={{ width: 140 }} data-testid="remind-days" />
            </Field>
            <Field name="pushTime" label={t('maintenanceWeb.remind.pushTime')} extra={t('maintenanceWeb.remind.zone', { zone: run.timeZone })}>
              <WallTimeInput data-testid="remind-time" />
            </Field>
          </Space>
          <RepeatFields Field={Field} />
          {nextPushes.length > 0 ? (
            <Typography.Text type="secondary" data-testid="remind-next">
              {t('maintenanceWeb.remind.next', { times: nextPushes.map((ts) => formatInstant(ts, run.timeZone, DATE_FORMATS.dateTime)).join(', ') })}
            </Typography.Text>
          ) : null}
        </>
      )}
    </FormDialog>
  );
}

/** The repeat, and the weekday when weekly. */
function RepeatFields({ Field }: { Field: Fields }) {
  const t = useT();
  const repeat = Form.useWatch<ReminderRepeat | undefined>('repeat', Form.useFormInstance());
  return (
    <Space size={12} wrap align="start">
      <Field name="repeat" label={t('maintenanceWeb.remind.repeat')} extra={t('maintenanceWeb.remind.repeatHint')}>
        <Select allowClear style={{ width: 200 }} placeholder={t('maintenanceWeb.remind.noRepeat')} options={options(REPEAT_LABELS, t)} data-testid="remind-repeat" />
      </Field>
      {repeat === 'weekly' ? (
        <Field name="weekday" label={t('maintenanceWeb.remind.weekday')}>
          <Select style={{ width: 180 }} options={WEEKDAYS.map((day) => ({ value: day.value, label: t(day.label) }))} data-testid="remind-weekday" />
        </Field>
      ) : null}
    </Space>
  );
}
