import { basicInfoContract as b } from '@boreline/contracts';
import { Col, DatePicker, Form, Input, InputNumber, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { call } from '../../../../core/api/client.js';
import { parseForm, zodFormRule } from '../../../../core/forms.js';
import { deviceInfoKey, useBasicInfoSave, useRefreshCurrentRun } from '../../basicInfoApi.js';
import { MACHINE_TYPE_KEYS } from '../machineType.js';
import { EditModal } from './EditModal.js';
import { DATE_INPUT_FORMAT, fromNumber, fromPickerDate, fromText, toPickerDate } from './formValues.js';
import { useT } from '../../../../core/i18n.js';

interface EquipmentFormValues {
  tbmCode: string;
  tbmName: string | null;
  manufacturer: string | null;
  cutterheadDiameter: number | null;
  serialNumber: string | null;
  purchaseDate: Dayjs | null;
  deliveryDate: Dayjs | null;
  owner: string | null;
  contractor: string | null;
  responsiblePerson: string | null;
  contactPhone: string | null;
}

const toForm = (d: b.DeviceInfo): EquipmentFormValues => ({
  ...d,
  purchaseDate: toPickerDate(d.purchaseDate),
  deliveryDate: toPickerDate(d.deliveryDate),
});

const toInput = (runId: number, v: EquipmentFormValues) => ({
  runId,
  tbmCode: fromText(v.tbmCode),
  tbmName: fromText(v.tbmName),
  manufacturer: fromText(v.manufacturer),
  cutterheadDiameter: fromNumber(v.cutterheadDiameter),
  serialNumber: fromText(v.serialNumber),
  purchaseDate: fromPickerDate(v.purchaseDate),
  deliveryDate: fromPickerDate(v.deliveryDate),
  owner: fromText(v.owner),
  contractor: fromText(v.contractor),
  responsiblePerson: fromText(v.responsiblePerson),
  contactPhone: fromText(v.contactPhone),
});

const TEXT_FIELDS = ['tbmName', 'manufacturer', 'serialNumber', 'owner', 'contractor', 'responsiblePerson'] as const;
const TEXT_LABELS = {
  tbmName: 'field.tbmName',
  manufacturer: 'field.manufacturer',
  serialNumber: 'field.serialNumber',
  owner: 'field.owner',
  contractor: 'field.contractor',
  responsiblePerson: 'field.responsiblePerson',
} as const satisfies Record<(typeof TEXT_FIELDS)[number], string>;

export interface EquipmentFormProps {
  device: b.DeviceInfo;
  onClose(): void;
}

/** Edits the TBM's equipment data; the machine type is shown but stays: it decides the tag catalogue. */
export function EquipmentForm({ device, onClose }: EquipmentFormProps) {
  const t = useT();
  const [form] = Form.useForm<EquipmentFormValues>();
  const refreshRun = useRefreshCurrentRun();
  const save = useBasicInfoSave({
    save: (input: z.input<typeof b.TbmInfoEditSchema>) => call(b.basicInfoTbmEdit, input),
    key: deviceInfoKey(device.runId),
    // The TBM number shows in the project list, on the board and in the current run.
    invalidate: ['runList', 'runTbmCodes', 'run'],
    form,
    onDone: async () => {
      await refreshRun(device.runId);
      onClose();
    },
  });
  const rule = (path: keyof EquipmentFormValues) => zodFormRule(b.TbmInfoEditSchema, () => toInput(device.runId, form.getFieldsValue(true)), path, t);
  const submit = (values: EquipmentFormValues) => {
    const input = parseForm(b.TbmInfoEditSchema, toInput(device.runId, values), form, t);
    if (input) save.mutate(input);
  };

  return (
    <EditModal title={t('project.basicInfo.editEquipment')} width={860} saving={save.isPending} onSave={() => form.submit()} onClose={onClose}>
      <Form form={form} layout="vertical" initialValues={toForm(device)} onFinish={submit} data-testid="equipment-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="tbmCode" label={t('field.tbmCode')} rules={[rule('tbmCode')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('project.list.machineType')} tooltip={t('project.basicInfo.machineTypeFixed')}>
              <Input value={t(MACHINE_TYPE_KEYS[device.machineType])} readOnly disabled data-testid="machine-type" />
            </Form.Item>
          </Col>
          {TEXT_FIELDS.map((name) => (
            <Col xs={24} md={12} key={name}>
              <Form.Item name={name} label={t(TEXT_LABELS[name])} rules={[rule(name)]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item name="cutterheadDiameter" label={t('field.cutterheadDiameter')} rules={[rule('cutterheadDiameter')]}>
              <InputNumber style={{ width: '100%' }} min={0} suffix="m" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactPhone" label={t('field.contactPhone')} rules={[rule('contactPhone')]}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="purchaseDate" label={t('field.purchaseDate')} rules={[rule('purchaseDate')]}>
              <DatePicker format={DATE_INPUT_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="deliveryDate" label={t('field.deliveryDate')} dependencies={['purchaseDate']} rules={[rule('deliveryDate')]}>
              <DatePicker format={DATE_INPUT_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </EditModal>
  );
}
