import { SaveOutlined } from '@ant-design/icons';
import { projectContract, type RunStatus, shiftReportContract as c } from '@boreline/contracts';
import { AutoComplete, Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { antdFields, numberFromText, parseForm, showApiError } from '../../../../core/forms.js';
import { notify } from '../../../../core/notify.js';
import { useStatusLabel } from '../../../../core/runStatus.js';
import { type SlotRef, useRingOptions, useSaveShiftMain, settle } from '../../shiftApi.js';
import { dayMonthTime } from './shiftTime.js';
import { isEditExpired } from './useEditWindow.js';
import { useT } from '../../../../core/i18n.js';

interface MainValues {
  leader: string;
  headcount: number | null;
  ringStart: string;
  ringEnd: string;
  machineStatus: RunStatus | null;
  remark: string;
  handover: string;
}

const toValues = (main: c.ShiftMain | null): MainValues => ({
  leader: main?.leader ?? '',
  headcount: main?.headcount ?? null,
  ringStart: main?.ringStart === null || main?.ringStart === undefined ? '' : String(main.ringStart),
  ringEnd: main?.ringEnd === null || main?.ringEnd === undefined ? '' : String(main.ringEnd),
  machineStatus: main?.machineStatus ?? null,
  remark: main?.remark ?? '',
  handover: main?.handover ?? '',
});

// An empty ring field means "not given".
const ringInput = (text: string | undefined) => numberFromText(text) ?? null;

const toInput = (ref: SlotRef, v: Partial<MainValues>) => ({
  ...ref,
  leader: v.leader ?? null,
  headcount: v.headcount ?? null,
  ringStart: ringInput(v.ringStart),
  ringEnd: ringInput(v.ringEnd),
  machineStatus: v.machineStatus ?? null,
  remark: v.remark ?? null,
  handover: v.handover ?? null,
});

export interface ShiftMainFormProps {
  slotRef: SlotRef;
  span: { start: number; end: number; timeZone: string };
  main: c.ShiftMain | null;
  editable: boolean;
  onExpired(): void;
  onDirtyChange(dirty: boolean): void;
}

/**
 * Who worked the shift and what it built. Checked with the contract before sending; what the server
 * refuses lands on its field, and the typed values stay for another try.
 */
export function ShiftMainForm({ slotRef, span, main, editable, onExpired, onDirtyChange }: ShiftMainFormProps) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const [form] = Form.useForm<MainValues>();
  const [initial] = useState(() => toValues(main));
  const save = useSaveShiftMain(slotRef);
  const rings = useRingOptions(slotRef.runId, span.start, span.end);
  const ringOptions = (rings.data ?? []).map((ring) => ({
    value: String(ring.ringNo),
    label: `${ring.ringNo} · ${dayMonthTime(ring.start, span.timeZone)}–${dayMonthTime(ring.end, span.timeZone)}`,
  }));
  const filterRing = (typed: string, option?: { value: string }) => (option?.value ?? '').startsWith(typed.trim());

  const submit = () => {
    const parsed = parseForm(c.ShiftMainInputSchema, toInput(slotRef, form.getFieldsValue(true)), form, t);
    if (!parsed) return;
    settle(save.mutateAsync(parsed), {
      onSuccess: (report) => {
        form.setFieldsValue(toValues(report.main));
        onDirtyChange(false);
        notify.show('success', t('common.outcome.editSuccess'));
      },
      onError: (error) => {
        if (isEditExpired(error)) onExpired();
        showApiError(error, antdFields(form));
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      disabled={!editable}
      onFinish={submit}
      onValuesChange={(_changed, all) => onDirtyChange(JSON.stringify({ ...initial, ...all }) !== JSON.stringify(initial))}
      className="shift-main-form"
      data-testid="shift-main-form"
    >
      <div className="shift-main-grid">
        <Form.Item name="leader" label={t('report.shiftPage.main.leader')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="headcount" label={t('report.shiftPage.main.headcount')}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="ringStart" label={t('report.shiftPage.main.ringStart')}>
          <AutoComplete options={ringOptions} filterOption={filterRing} />
        </Form.Item>
        <Form.Item name="ringEnd" label={t('report.shiftPage.main.ringEnd')} dependencies={['ringStart']}>
          <AutoComplete options={ringOptions} filterOption={filterRing} />
        </Form.Item>
        <Form.Item name="machineStatus" label={t('report.shiftPage.main.machineStatus')}>
          <Select allowClear options={projectContract.RUN_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }))} />
        </Form.Item>
      </div>
      <div className="shift-main-texts">
        <Form.Item name="remark" label={t('report.shiftPage.main.remark')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="handover" label={t('report.shiftPage.main.handover')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </div>
      {editable ? (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} className="no-print">
          {t('report.shiftPage.main.save')}
        </Button>
      ) : null}
    </Form>
  );
}
