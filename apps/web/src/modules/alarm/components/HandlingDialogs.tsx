import { alarmContract as a } from '@boreline/contracts';
import { Input, InputNumber, Select } from 'antd';
import { useT } from '../../../core/i18n.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { ackAlarms, type Alarm, assignAlarm, saveAlarmSettings, shelvePoint, useAlarmSettings, useAssignees, useRefreshAlarms } from '../api.js';

/** Which handling dialog is open, and for what. */
export type Handling =
  | { kind: 'ack'; ids: number[] }
  | { kind: 'assign'; alarm: Alarm }
  | { kind: 'shelve'; point: string; name: string }
  | { kind: 'settings' }
  | null;

interface HandlingDialogsProps {
  runId: number;
  open: Handling;
  onClose: () => void;
  /** After a handled change: the selection of acknowledged rows ends. */
  onDone?: (kind: 'ack' | 'assign' | 'shelve' | 'settings') => void;
}

/** Acknowledge (one or several, with a comment), assign, shelve a point, and the run's alarm settings. */
export function HandlingDialogs({ runId, open, onClose, onDone }: HandlingDialogsProps) {
  const t = useT();
  const refresh = useRefreshAlarms(runId);
  const assignees = useAssignees(runId, open?.kind === 'assign');
  const settings = useAlarmSettings(runId, open?.kind === 'settings');
  const ids = open?.kind === 'ack' ? open.ids : [];
  const assigned = open?.kind === 'assign' ? open.alarm : null;
  const shelved = open?.kind === 'shelve' ? open : null;

  return (
    <>
      <FormDialog
        open={open?.kind === 'ack'}
        name="alarm-ack"
        title={t('alarmWeb.ack.title', { count: ids.length })}
        schema={a.alarmAck.input}
        hiddenValues={{ runId, ids }}
        okText={t('alarmWeb.ack.ok')}
        onSubmit={async (input) => {
          await ackAlarms(input);
          await refresh();
          onDone?.('ack');
        }}
        successText={t('alarmWeb.ack.done')}
        onClose={onClose}
        data-testid="ack-dialog"
      >
        {(Field) => (
          <Field name="comment" label={t('alarmWeb.ack.comment')}>
            <Input.TextArea rows={3} maxLength={a.ALARM_LIMITS.ackCommentMaxLength} showCount data-testid="ack-comment" />
          </Field>
        )}
      </FormDialog>

      <FormDialog
        open={open?.kind === 'assign'}
        name="alarm-assign"
        title={t('alarmWeb.assign.title', { number: assigned?.number ?? '' })}
        schema={a.alarmAssign.input}
        hiddenValues={{ runId, id: assigned?.id }}
        initialValues={{ userId: assigned?.assignee?.id ?? null }}
        toInput={(values) => ({ userId: values.userId ?? null })}
        onSubmit={async (input) => {
          await assignAlarm(input);
          await refresh();
          onDone?.('assign');
        }}
        successText={t('alarmWeb.assign.done')}
        onClose={onClose}
        data-testid="assign-dialog"
      >
        {(Field) => (
          <Field name="userId" label={t('alarmWeb.assign.user')} extra={t('alarmWeb.assign.hint')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={assignees.isLoading}
              placeholder={t('alarmWeb.assign.nobody')}
              options={(assignees.data ?? []).map((user) => ({ value: user.id, label: user.name }))}
              data-testid="assign-user"
            />
          </Field>
        )}
      </FormDialog>

      <FormDialog
        open={open?.kind === 'shelve'}
        name="alarm-shelve"
        title={t('alarmWeb.shelve.title', { name: shelved?.name ?? '' })}
        schema={a.alarmShelve.input}
        hiddenValues={{ runId, point: shelved?.point }}
        initialValues={{ minutes: 60 }}
        okText={t('alarmWeb.shelve.ok')}
        onSubmit={async (input) => {
          await shelvePoint(input);
          await refresh();
          onDone?.('shelve');
        }}
        successText={t('alarmWeb.shelve.done')}
        onClose={onClose}
        data-testid="shelve-dialog"
      >
        {(Field) => (
          <>
            <Field name="minutes" label={t('alarmWeb.shelve.minutes')} extra={t('alarmWeb.shelve.minutesHint', { max: a.ALARM_LIMITS.shelveMaxMinutes })}>
              <InputNumber style={{ width: 160 }} data-testid="shelve-minutes" />
            </Field>
            <Field name="reason" label={t('alarmWeb.shelve.reason')}>
              <Input.TextArea rows={2} maxLength={a.ALARM_LIMITS.shelveReasonMaxLength} showCount data-testid="shelve-reason" />
            </Field>
          </>
        )}
      </FormDialog>

      <FormDialog
        open={open?.kind === 'settings' && settings.data !== undefined}
        name="alarm-settings"
        title={t('alarmWeb.settings.title')}
        schema={a.alarmSettingsEdit.input}
        hiddenValues={{ runId }}
        initialValues={settings.data}
        onSubmit={async (input) => {
          await saveAlarmSettings(input);
          await refresh();
          onDone?.('settings');
        }}
        successText={t('common.outcome.editSuccess')}
        onClose={onClose}
        data-testid="settings-dialog"
      >
        {(Field) => (
          <>
            <Field name="escalateAfterMinutes" label={t('alarmWeb.settings.escalateAfterMinutes')} extra={t('alarmWeb.settings.zeroNever')}>
              <InputNumber style={{ width: 160 }} suffix={t('alarmWeb.unit.minutes')} data-testid="settings-escalate" />
            </Field>
            <Field name="longStopMinutes" label={t('alarmWeb.settings.longStopMinutes')} extra={t('alarmWeb.settings.zeroNever')}>
              <InputNumber style={{ width: 160 }} suffix={t('alarmWeb.unit.minutes')} data-testid="settings-long-stop" />
            </Field>
            <Field name="guidanceWarnMm" label={t('alarmWeb.settings.guidanceWarnMm')}>
              <InputNumber style={{ width: 160 }} suffix="mm" data-testid="settings-guidance-warn" />
            </Field>
            <Field name="guidanceAlarmMm" label={t('alarmWeb.settings.guidanceAlarmMm')} dependencies={['guidanceWarnMm']} extra={t('alarmWeb.settings.bandHint')}>
              <InputNumber style={{ width: 160 }} suffix="mm" data-testid="settings-guidance-alarm" />
            </Field>
            <Field name="groupWindowMinutes" label={t('alarmWeb.settings.groupWindowMinutes')} extra={t('alarmWeb.settings.groupHint')}>
              <InputNumber style={{ width: 160 }} suffix={t('alarmWeb.unit.minutes')} data-testid="settings-group" />
            </Field>
          </>
        )}
      </FormDialog>
    </>
  );
}
