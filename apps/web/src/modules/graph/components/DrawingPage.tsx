import { AimOutlined, DeleteOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_TYPES, formatChainage, type Language, LANGUAGES, LIMITS } from '@boreline/contracts';
import { Alert, Button, Empty, Form, Modal, Result, Select, Skeleton, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../core/api/client.js';
import { antdFields, showApiError } from '../../../core/forms.js';
import { LANGUAGE_NAMES, useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.js';
import { type UploadedFile, UploadField } from '../../../ui/UploadField.js';
import {
  deleteDrawing,
  type Drawing,
  type DrawingName,
  type DrawingVariant,
  keyOf,
  saveDrawing,
  uploadDrawing,
  useDrawing,
  useGraphRefresh,
  useGraphSetting,
  useLiveChainage,
  useOverlay,
} from '../api.js';
import { ringAtChainage } from '../geometry.js';
import { AlignmentCalibrator, AxesCalibrator } from './Calibrator.js';
import { DrawingView } from './DrawingView.js';
import { GraphSettingsDrawer } from './GraphSettingsDrawer.js';
import '../graph.css';

/** `?variant=mobile` or `?variant=screenshot`: the H5 view's and the tool pages' drawings, without the frame. */
export function useVariant(): DrawingVariant {
  const [params] = useSearchParams();
  const asked = params.get('variant');
  return asked === 'mobile' || asked === 'screenshot' ? asked : 'default';
}

/** The plan or section page of the current run. */
export function DrawingPage({ name, below }: { name: Exclude<DrawingName, 'map'>; below?: (runId: number) => ReactNode }) {
  const run = useFramework((s) => s.run);
  return run ? <DrawingOfRun run={run} name={name} below={below} /> : <ChooseProject />;
}

const NOT_PERMITTED = 2;

function DrawingOfRun({ run, name, below }: { run: CurrentRun; name: Exclude<DrawingName, 'map'>; below?: (runId: number) => ReactNode }) {
  const t = useT();
  const runId = run.runId;
  const variant = useVariant();
  const chromeless = variant !== 'default';
  const language = useFramework((s) => s.language);
  const setting = useGraphSetting(runId);
  // The reader's language first; the server falls back to the run's default drawing.
  const [lang, setLang] = useState<Language | null>(language);
  const key = keyOf(runId, name, lang, variant);
  const drawing = useDrawing(runId, key, setting.isSuccess);
  const overlay = useOverlay(runId);
  const live = useLiveChainage(runId, overlay.data);
  const refresh = useGraphRefresh(runId);
  const [calibrating, setCalibrating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (setting.isPending) return <Skeleton active data-testid="graph-loading" />;
  if (setting.isError) {
    const refused = setting.error instanceof ApiError && setting.error.code === NOT_PERMITTED;
    return refused ? (
      <Result status="warning" title={t('graphWeb.page.notPermitted')} data-testid="graph-not-permitted" />
    ) : (
      <Alert type="error" showIcon title={setting.error.message} data-testid="graph-error" />
    );
  }
  const settings = setting.data;
  const canEdit = settings.canEdit && !chromeless;
  const refused = drawing.error instanceof ApiError && drawing.error.code === NOT_PERMITTED;
  const shown = drawing.data ?? null;
  const machine = live ? { chainage: live.chainage, ring: live.ring ?? ringAtChainage(settings, live.chainage) } : null;
  // The languages with a drawing of their own, for the reader to switch.
  const own = settings.drawings.filter((d) => d.name === name && d.variant === 'default');
  const languages = LANGUAGES.filter((l) => own.some((d) => d.lang === l) || l === language);

  const body = (() => {
    if (drawing.isPending && drawing.fetchStatus !== 'idle') return <Skeleton active />;
    if (refused) return <Alert type="warning" showIcon title={t('graphWeb.page.notPermitted')} data-testid="graph-not-permitted" />;
    if (!shown) {
      return (
        <Empty
          data-testid="graph-empty"
          description={
            <>
              <p>{t(name === 'plan' ? 'graphWeb.empty.plan' : 'graphWeb.empty.section')}</p>
              {!canEdit && <p>{t('graphWeb.empty.askWriter')}</p>}
            </>
          }
        >
          {canEdit && (
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="graph-upload-empty">
              {t('graphWeb.upload.button')}
            </Button>
          )}
        </Empty>
      );
    }
    const props = { runId, drawing: shown, setting: settings, overlay: overlay.data, machine };
    const done = (saved: Drawing | null) => {
      setCalibrating(false);
      if (saved) void refresh();
    };
    if (calibrating && canEdit) return name === 'plan' ? <AlignmentCalibrator {...props} onDone={done} /> : <AxesCalibrator {...props} onDone={done} />;
    return (
      <>
        {!shown.calibration && (
          <Alert
            type="info"
            showIcon
            data-testid="graph-uncalibrated"
            title={t('graphWeb.page.uncalibrated')}
            action={
              canEdit ? (
                <Button size="small" onClick={() => setCalibrating(true)}>
                  {t('graphWeb.calibrate.start')}
                </Button>
              ) : undefined
            }
          />
        )}
        {shown.calibration && !machine && <Alert type="info" showIcon title={t('graphWeb.page.noPosition')} />}
        {overlay.data?.ringsTruncated && <Alert type="info" showIcon title={t('graphWeb.page.ringsTruncated')} />}
        <DrawingView drawing={shown} setting={settings} overlay={overlay.data} machine={machine} />
      </>
    );
  })();

  return (
    <div className={chromeless ? 'graph-page graph-chromeless' : 'graph-page'} data-testid={`graph-page-${name}`}>
      {!chromeless && (
        <div className="graph-toolbar">
          <Select<Language | ''>
            style={{ width: 200 }}
            value={lang ?? ''}
            aria-label={t('graphWeb.page.language')}
            data-testid="graph-language"
            onChange={(value) => setLang(value === '' ? null : value)}
            options={[{ value: '' as const, label: t('graphWeb.page.defaultDrawing') }, ...languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))]}
          />
          {machine && (
            <span className="graph-num" data-testid="graph-position">
              {t('graphWeb.page.position', { ring: machine.ring ?? '—', chainage: formatChainage(machine.chainage, 3) })}
            </span>
          )}
          {canEdit && (
            <Space className="graph-toolbar-end" wrap>
              {shown && !calibrating && (
                <Button icon={<AimOutlined />} onClick={() => setCalibrating(true)} data-testid="graph-calibrate">
                  {t('graphWeb.calibrate.start')}
                </Button>
              )}
              <Button icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="graph-upload">
                {t('graphWeb.upload.button')}
              </Button>
              <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="graph-settings">
                {t('graphWeb.settings.button')}
              </Button>
              {shown && (
                <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)} data-testid="graph-delete">
                  {t('graphWeb.page.delete')}
                </Button>
              )}
            </Space>
          )}
        </div>
      )}
      {body}
      {!chromeless && below?.(runId)}
      {canEdit && uploading && (
        <UploadDialog
          runId={runId}
          name={name}
          variant={variant}
          lang={lang}
          onClose={() => setUploading(false)}
          onSaved={(saved) => {
            setUploading(false);
            setLang(saved.lang ?? language);
            void refresh();
          }}
        />
      )}
      {canEdit && settingsOpen && (
        <GraphSettingsDrawer
          open
          setting={settings}
          onClose={() => setSettingsOpen(false)}
          onSaved={() => {
            setSettingsOpen(false);
            void refresh();
          }}
        />
      )}
      {canEdit && shown && (
        <ConfirmDelete
          open={deleting}
          title={t('graphWeb.page.deleteConfirm', { name: shown.file.name })}
          description={shown.lang === null ? t('graphWeb.page.deleteDefault') : LANGUAGE_NAMES[shown.lang]}
          onConfirm={async () => {
            try {
              await deleteDrawing(runId, shown.id);
              notify.show('success', t('graphWeb.page.deleted'));
              setDeleting(false);
              await refresh();
            } catch (error) {
              showApiError(error);
            }
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </div>
  );
}

interface UploadFields {
  lang: Language | '';
  files: UploadedFile[];
}

/** A new picture for the drawing: JPG or PNG of at most 4 MB, for every language or one. */
function UploadDialog({
  runId,
  name,
  variant,
  lang,
  onClose,
  onSaved,
}: {
  runId: number;
  name: DrawingName;
  variant: DrawingVariant;
  lang: Language | null;
  onClose: () => void;
  onSaved: (saved: Drawing) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<UploadFields>();
  const [saving, setSaving] = useState(false);
  const submit = async (values: UploadFields) => {
    const file = values.files?.[0];
    if (!file) {
      form.setFields([{ name: 'files', errors: [t('graphWeb.upload.choose')] }]);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveDrawing({ runId, name, lang: values.lang === '' ? null : values.lang, variant, fileId: file.id });
      notify.show('success', t('graphWeb.upload.saved'));
      onSaved(saved);
    } catch (error) {
      showApiError(error, (problems) => antdFields(form)(problems.map((p) => (p.field === 'fileId' ? { ...p, field: 'files' } : p))));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(name === 'plan' ? 'graphWeb.upload.titlePlan' : 'graphWeb.upload.titleSection')}
      okText={t('graphWeb.upload.save')}
      cancelText={t('graphWeb.settings.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'graph-upload-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" initialValues={{ lang: lang ?? '', files: [] }} onFinish={(values) => void submit(values)}>
        <Form.Item name="lang" label={t('graphWeb.upload.language')} extra={t('graphWeb.upload.languageHelp')}>
          <Select<Language | ''> options={[{ value: '' as const, label: t('graphWeb.page.defaultDrawing') }, ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))]} />
        </Form.Item>
        <Form.Item name="files" label={t('graphWeb.upload.picture')} extra={t('graphWeb.upload.hint', { size: LIMITS.drawingImageMaxBytes / (1024 * 1024) })}>
          <UploadField types={FILE_TYPES.drawingImage} maxBytes={LIMITS.drawingImageMaxBytes} maxCount={1} upload={uploadDrawing(runId)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
