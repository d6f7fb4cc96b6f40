import { segmentContract as s } from '@boreline/contracts';
import { InputNumber, Space, Switch, Typography } from 'antd';
import { useT } from '../../../core/i18n.js';
import type { CurrentRun } from '../../../core/session.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { saveTolerance, type Tolerance } from '../api.js';

export interface ToleranceDialogProps {
  run: CurrentRun;
  open: boolean;
  tolerance: Tolerance | undefined;
  onSaved: () => unknown;
  onClose: () => void;
}

const optional = (value: unknown) => (value === undefined || value === '' ? null : value);

/**
 * The run's tolerance bands (deviation, clearance, imbalance: warning and alarm, mm), whether a ring
 * in the alarm band raises an alarm, and the universal ring the advisor models (taper, outer
 * diameter, number of K positions; empty: assumed from the run).
 */
export function ToleranceDialog({ run, open, tolerance, onSaved, onClose }: ToleranceDialogProps) {
  const t = useT();
  const mm = (testId: string) => <InputNumber style={{ width: 120 }} suffix="mm" data-testid={testId} />;
  return (
    <FormDialog
      open={open}
      name="tolerance"
      title={t('segmentWeb.tolerance.title')}
      schema={s.toleranceEdit.input}
      initialValues={tolerance ? { ...tolerance } : { ...s.DEFAULT_TOLERANCE }}
      hiddenValues={{ runId: run.runId }}
      toInput={(values) => ({ ...values, taperMm: optional(values.taperMm), outerDiameterMm: optional(values.outerDiameterMm), kPositionCount: optional(values.kPositionCount) })}
      successText={t('segmentWeb.tolerance.saved')}
      onSubmit={(input) => saveTolerance(input).then(onSaved)}
      onClose={onClose}
      width={680}
      data-testid="tolerance-dialog"
    >
      {(Field) => (
        <>
          <Typography.Text strong>{t('segmentWeb.tolerance.deviation')}</Typography.Text>
          <Space size={12} wrap align="start">
            <Field name="deviationWarnMm" label={t('segmentWeb.tolerance.warnAbove')}>
              {mm('tol-dev-warn')}
            </Field>
            <Field name="deviationAlarmMm" label={t('segmentWeb.tolerance.alarmAbove')} dependencies={['deviationWarnMm']}>
              {mm('tol-dev-alarm')}
            </Field>
          </Space>
          <Typography.Text strong>{t('segmentWeb.tolerance.clearance')}</Typography.Text>
          <Space size={12} wrap align="start">
            <Field name="clearanceWarnMm" label={t('segmentWeb.tolerance.warnBelow')}>
              {mm('tol-clear-warn')}
            </Field>
            <Field name="clearanceAlarmMm" label={t('segmentWeb.tolerance.alarmBelow')} dependencies={['clearanceWarnMm']}>
              {mm('tol-clear-alarm')}
            </Field>
          </Space>
          <Typography.Text strong>{t('segmentWeb.tolerance.imbalance')}</Typography.Text>
          <Space size={12} wrap align="start">
            <Field name="imbalanceWarnMm" label={t('segmentWeb.tolerance.warnAbove')}>
              {mm('tol-imb-warn')}
            </Field>
            <Field name="imbalanceAlarmMm" label={t('segmentWeb.tolerance.alarmAbove')} dependencies={['imbalanceWarnMm']}>
              {mm('tol-imb-alarm')}
            </Field>
          </Space>
          <Field name="raiseAlarms" label={t('segmentWeb.tolerance.raiseAlarms')} valuePropName="checked">
            <Switch />
          </Field>
          <Typography.Text strong>{t('segmentWeb.tolerance.geometry')}</Typography.Text>
          <Typography.Paragraph type="secondary">{t('segmentWeb.tolerance.geometryHint')}</Typography.Paragraph>
          <Space size={12} wrap align="start">
            <Field name="taperMm" label={t('segmentWeb.tolerance.taper')}>
              {mm('tol-taper')}
            </Field>
            <Field name="outerDiameterMm" label={t('segmentWeb.tolerance.diameter')}>
              {mm('tol-diameter')}
            </Field>
            <Field name="kPositionCount" label={t('segmentWeb.tolerance.kCount')}>
              <InputNumber style={{ width: 120 }} data-testid="tol-k-count" />
            </Field>
          </Space>
        </>
      )}
    </FormDialog>
  );
}
