import { adminContract as c, type WarnSetting } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { InputNumber, Space, Switch, Typography } from 'antd';
import { call } from '../../../core/api/client.js';
import { useT } from '../../../core/i18n.js';
import { FormDialog } from '../../../ui/FormDialog.js';

const THRESHOLDS = ['lowAlarm', 'lowWarn', 'highWarn', 'highAlarm'] as const;
const THRESHOLD_LABELS: Record<(typeof THRESHOLDS)[number], MessageKey> = {
  lowAlarm: 'admin.warn.lowAlarm',
  lowWarn: 'admin.warn.lowWarn',
  highWarn: 'admin.warn.highWarn',
  highAlarm: 'admin.warn.highAlarm',
};

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An emptied threshold is "not used" (null), an emptied delay none. */
const toInput = (values: Record<string, unknown>) => ({
  ...values,
  ...Object.fromEntries(THRESHOLDS.map((name) => [name, numberOrNull(values[name])])),
  delaySeconds: numberOrNull(values.delaySeconds) ?? 0,
  enabled: values.enabled === true,
  notify: values.notify === true,
});

/**
 * The thresholds and switches of one monitored point. The contract orders the thresholds and
 * needs one to switch the alarm on; it says so at the high warning, checked again when any
 * threshold or the switch changes.
 */
export function WarnSettingDialog({ setting, onClose }: { setting: WarnSetting | null; onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  return (
    <FormDialog
      open={setting !== null}
      name="warn-setting"
      title={t('admin.warn.editTitle', { name: setting?.name ?? '' })}
      schema={c.warnSettingUpdate.input}
      hiddenValues={{ runId: setting?.runId, tagCode: setting?.tagCode }}
      initialValues={
        setting
          ? {
              lowAlarm: setting.lowAlarm,
              lowWarn: setting.lowWarn,
              highWarn: setting.highWarn,
              highAlarm: setting.highAlarm,
              delaySeconds: setting.delaySeconds,
              enabled: setting.enabled,
              notify: setting.notify,
            }
          : {}
      }
      toInput={toInput}
      onSubmit={async (input) => {
        await call(c.warnSettingUpdate, input);
        await client.invalidateQueries({ queryKey: ['warnSettings'] });
      }}
      successText={t('common.outcome.editSuccess')}
      onClose={onClose}
    >
      {(Field) => (
        <>
          <Typography.Paragraph type="secondary">
            {t('admin.warn.bandHint')} {setting ? `(${t('admin.warn.range')}: ${setting.rangeMin} … ${setting.rangeMax} ${setting.unit})` : null}
          </Typography.Paragraph>
          <Space wrap>
            {THRESHOLDS.map((name) => (
              <Field key={name} name={name} label={t(THRESHOLD_LABELS[name])} dependencies={name === 'highWarn' ? ['lowAlarm', 'lowWarn', 'highAlarm', 'enabled'] : undefined}>
                <InputNumber style={{ width: 130 }} step={setting ? 10 ** -setting.precision : 1} suffix={setting?.unit || undefined} />
              </Field>
            ))}
          </Space>
          <Space size="large" wrap>
            <Field name="delaySeconds" label={t('admin.warn.delay')}>
              <InputNumber min={0} max={3600} precision={0} style={{ width: 130 }} />
            </Field>
            <Field name="enabled" label={t('admin.warn.enabled')} valuePropName="checked">
              <Switch />
            </Field>
            <Field name="notify" label={t('admin.warn.notify')} valuePropName="checked">
              <Switch />
            </Field>
          </Space>
        </>
      )}
    </FormDialog>
  );
}
