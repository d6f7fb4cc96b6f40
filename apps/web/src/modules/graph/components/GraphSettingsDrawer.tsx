import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatChainage, graphContract as g } from '@boreline/contracts';
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Space, Switch } from 'antd';
import { useState } from 'react';
import { antdFields, type FieldProblem, issueText, showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { type GraphSetting, saveGraphSetting } from '../api.js';
import { chainageFromText } from './Calibrator.js';

interface SettingsFields {
  display: GraphSetting['display'];
  stationEquations: { back: string; ahead: string }[];
  epsg: number | null;
  proj4: string;
}

/**
 * The run's drawing settings for writers: what the drawings show (ring colouring, rings, risk zones,
 * next rings, icon size), the station equations (back and ahead chainage), and the map's grid
 * (EPSG code, or a proj4 definition for a code the product does not know). The long-section
 * profile is kept as it is. The server's refusals go onto their fields.
 */
export function GraphSettingsDrawer({ open, setting, onClose, onSaved }: { open: boolean; setting: GraphSetting; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [form] = Form.useForm<SettingsFields>();
  const [saving, setSaving] = useState(false);
  const initial: SettingsFields = {
    display: setting.display,
    stationEquations: setting.stationEquations.map((e) => ({ back: formatChainage(e.back, 3), ahead: formatChainage(e.ahead, 3) })),
    epsg: setting.map.epsg,
    proj4: setting.map.proj4 ?? '',
  };

  const submit = async (values: SettingsFields) => {
    const equations: { back: number; ahead: number }[] = [];
    const wrong: FieldProblem[] = [];
    (values.stationEquations ?? []).forEach((e, i) => {
      const back = chainageFromText(e.back ?? '');
      const ahead = chainageFromText(e.ahead ?? '');
      if (back === null) wrong.push({ field: `stationEquations.${i}.back`, message: t('validation.chainage') });
      if (ahead === null) wrong.push({ field: `stationEquations.${i}.ahead`, message: t('validation.chainage') });
      if (back !== null && ahead !== null) equations.push({ back, ahead });
    });
    if (wrong.length > 0) {
      antdFields(form)(wrong);
      return;
    }
    const input = {
      runId: setting.runId,
      display: { ...setting.display, ...values.display },
      profile: setting.profile,
      stationEquations: equations,
      epsg: values.epsg ?? null,
      proj4: values.proj4?.trim() ? values.proj4.trim() : null,
    };
    const checked = g.GraphSettingInputSchema.safeParse(input);
    if (!checked.success) {
      antdFields(form)(checked.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issueText(issue, t) })));
      return;
    }
    setSaving(true);
    try {
      await saveGraphSetting(input);
      notify.show('success', t('graphWeb.settings.saved'));
      onSaved();
    } catch (error) {
      showApiError(error, antdFields(form));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('graphWeb.settings.title')}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('graphWeb.settings.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="settings-save">
            {t('graphWeb.settings.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)} data-testid="graph-settings-form">
        <h4>{t('graphWeb.settings.display')}</h4>
        <Form.Item name={['display', 'ringColouring']} label={t('graphWeb.settings.ringColouring')}>
          <Radio.Group
            options={[
              { value: 'state', label: t('graphWeb.settings.colourByState') },
              { value: 'quality', label: t('graphWeb.settings.colourByQuality') },
            ]}
          />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name={['display', 'showRings']} label={t('graphWeb.settings.showRings')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name={['display', 'showRisks']} label={t('graphWeb.settings.showRisks')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name={['display', 'nextRings']} label={t('graphWeb.settings.nextRings')} extra={t('graphWeb.settings.nextRingsHelp', { max: g.GRAPH_LIMITS.nextRingsMax })}>
            <InputNumber min={0} max={g.GRAPH_LIMITS.nextRingsMax} precision={0} />
          </Form.Item>
          <Form.Item name={['display', 'iconScale']} label={t('graphWeb.settings.iconScale')} extra={t('graphWeb.settings.iconScaleHelp')}>
            <InputNumber min={0.5} max={3} step={0.25} />
          </Form.Item>
        </Space>

        <h4>{t('graphWeb.settings.equations')}</h4>
        <p className="graph-hint">{t('graphWeb.settings.equationsHelp')}</p>
        <Form.List name="stationEquations">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item name={[field.name, 'back']} label={t('graphWeb.settings.back')}>
                    <Input placeholder="1+250.000" aria-label={t('graphWeb.settings.backOf', { n: i + 1 })} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'ahead']} label={t('graphWeb.settings.ahead')}>
                    <Input placeholder="1+300.000" aria-label={t('graphWeb.settings.aheadOf', { n: i + 1 })} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button icon={<DeleteOutlined />} aria-label={t('graphWeb.settings.removeEquation', { n: i + 1 })} onClick={() => remove(field.name)} />
                  </Form.Item>
                </Space>
              ))}
              {fields.length < g.GRAPH_LIMITS.stationEquationsMax && (
                <Button icon={<PlusOutlined />} onClick={() => add({ back: '', ahead: '' })}>
                  {t('graphWeb.settings.addEquation')}
                </Button>
              )}
            </>
          )}
        </Form.List>

        <h4 style={{ marginTop: 24 }}>{t('graphWeb.settings.grid')}</h4>
        <Form.Item name="epsg" label={t('graphWeb.settings.epsg')} extra={setting.map.definition ? t('graphWeb.settings.definitionKnown') : t('graphWeb.settings.epsgHelp')}>
          <InputNumber min={1024} max={999999} precision={0} style={{ width: 200 }} placeholder="32632" />
        </Form.Item>
        <Form.Item name="proj4" label={t('graphWeb.settings.proj4')} extra={t('graphWeb.settings.proj4Help')}>
          <Input.TextArea rows={3} maxLength={g.GRAPH_LIMITS.proj4MaxLength} placeholder="+proj=utm +zone=32 +datum=WGS84 +units=m +no_defs" />
        </Form.Item>
        {setting.map.alignmentPoints > 0 && <Alert type="info" showIcon title={t('graphWeb.settings.alignmentPoints', { points: setting.map.alignmentPoints })} />}
      </Form>
    </Drawer>
  );
}
