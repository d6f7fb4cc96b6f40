import { basicInfoContract as b } from '@boreline/contracts';
import { Col, Form, InputNumber, Row } from 'antd';
import type { z } from 'zod';
import { call } from '../../../../core/api/client.js';
import { parseForm, zodFormRule } from '../../../../core/forms.js';
import { deviceInfoKey, useBasicInfoSave } from '../../basicInfoApi.js';
import { EditModal } from './EditModal.js';
import { fromNumber } from './formValues.js';
import { PERFORMANCE_FIELDS } from './performanceFields.js';
import { useT } from '../../../../core/i18n.js';

type PerformanceFormValues = b.TbmPerformance;

const toInput = (runId: number, v: PerformanceFormValues) => ({
  runId,
  ...Object.fromEntries(PERFORMANCE_FIELDS.map((field) => [field.name, fromNumber(v[field.name])])),
});

export interface PerformanceFormProps {
  device: b.DeviceInfo;
  onClose(): void;
}

/** Edits the performance figures, each with its unit beside the number. */
export function PerformanceForm({ device, onClose }: PerformanceFormProps) {
  const t = useT();
  const [form] = Form.useForm<PerformanceFormValues>();
  const save = useBasicInfoSave({
    save: (input: z.input<typeof b.TbmPerformanceEditSchema>) => call(b.basicInfoPerformanceEdit, input),
    key: deviceInfoKey(device.runId),
    form,
    onDone: onClose,
  });
  const rule = (path: keyof PerformanceFormValues) => zodFormRule(b.TbmPerformanceEditSchema, () => toInput(device.runId, form.getFieldsValue(true)), path, t);
  const submit = (values: PerformanceFormValues) => {
    const input = parseForm(b.TbmPerformanceEditSchema, toInput(device.runId, values), form, t);
    if (input) save.mutate(input);
  };

  return (
    <EditModal title={t('project.basicInfo.editPerformance')} width={760} saving={save.isPending} onSave={() => form.submit()} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={device.performance} onFinish={submit} data-testid="performance-form">
        <Row gutter={16}>
          {PERFORMANCE_FIELDS.map((field) => (
            <Col xs={24} md={12} key={field.name}>
              <Form.Item
                name={field.name}
                label={t(field.label)}
                rules={[rule(field.name)]}
                // Working and design pressure are checked against each other.
                {...(field.name === 'maxWorkingPressure' ? { dependencies: ['designPressure'] } : {})}
              >
                <InputNumber style={{ width: '100%' }} min={0} suffix={field.unit} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </EditModal>
  );
}
