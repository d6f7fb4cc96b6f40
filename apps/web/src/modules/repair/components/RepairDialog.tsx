import { ToolOutlined } from '@ant-design/icons';
import { FILE_TYPES, LIMITS, repairContract as c } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { type UploadedFile, UploadField } from '../../../ui/UploadField.js';
import { InstantInput } from '../../../ui/form/zonedInputs.js';
import { addRepair, type Repair, REPAIR_KEYS, repairFromAlarm, updateRepair, uploadFor } from '../api.js';
import { FAILURE_MODE_LABELS } from '../labels.js';

const ADD = c.repairAdd.input;
type FormValues = z.input<typeof ADD>;
/** What opens a new repair already filled in: from an alarm (the server's prefill) or an abnormal maintenance record. */
export type RepairPrefill = Partial<Omit<FormValues, 'runId'>>;

const PHOTO_TYPES = ['jpg', 'jpeg', 'png'] as const;
const idsOf = (files: unknown): string[] => (Array.isArray(files) ? (files as UploadedFile[]).map((f) => f.id) : []);
/** A stored file as the upload field holds it (shown as a chip: reading it needs the session). */
const heldFile = (file: Repair['photos'][number]): UploadedFile => ({ id: file.id, name: file.name, size: file.size, contentType: file.contentType });
const toInput = (values: Record<string, unknown>) => ({ ...values, photoIds: idsOf(values.photoIds), videoIds: idsOf(values.videoIds) });

export interface RepairDialogProps {
  run: CurrentRun;
  open: boolean;
  /** The repair edited; null: a new one. */
  repair: Repair | null;
  prefill?: RepairPrefill | undefined;
  /** The time filled in for a new repair (now). */
  now: number;
  onSaved?: (repair: Repair) => void;
  onClose: () => void;
}

/**
 * Records or changes a repair (spec §3 fields, §5 rules checked as the server checks them: finder,
 * time, system, part, title and description required; at most 5 photos and 5 MP4 videos of at most
 * 100 MB, refused in the form before anything is sent).
 */
export function RepairDialog({ run, open, repair, prefill, now, onSaved, onClose }: RepairDialogProps) {
  const t = useT();
  const client = useQueryClient();
  const user = useFramework((s) => s.user);
  const initial: Partial<FormValues> = repair
    ? {
        finder: repair.finder,
        foundAt: repair.foundAt,
        system: repair.system,
        component: repair.component,
        title: repair.title,
        description: repair.description,
        failureMode: repair.failureMode,
        cause: repair.cause ?? '',
        result: repair.result ?? '',
        repairers: repair.repairers ?? '',
        repairedAt: repair.repairedAt,
        photoIds: repair.photos.map(heldFile) as unknown as string[],
        videoIds: repair.videos.map(heldFile) as unknown as string[],
      }
    : { finder: user?.nickname ?? '', foundAt: now, photoIds: [], videoIds: [], ...prefill };
  const hidden: Partial<FormValues> = repair
    ? { runId: run.runId, alarmId: repair.alarm?.id ?? null, maintenanceRecordId: repair.maintenanceRecordId }
    : { runId: run.runId, alarmId: prefill?.alarmId ?? null, maintenanceRecordId: prefill?.maintenanceRecordId ?? null };
  return (
    <FormDialog
      open={open}
      name="repair"
      title={repair ? t('repairWeb.repair.edit') : t('repairWeb.repair.add')}
      schema={ADD}
      initialValues={initial}
      hiddenValues={hidden}
      toInput={toInput}
      successText={t('repairWeb.repair.saved')}
      onSubmit={async (input) => {
        const saved = await (repair ? updateRepair({ ...input, id: repair.id }) : addRepair(input));
        await client.invalidateQueries({ queryKey: REPAIR_KEYS.run(run.runId) });
        onSaved?.(saved);
      }}
      onClose={onClose}
      width={860}
      data-testid="repair-dialog"
    >
      {(Field) => (
        <>
          {prefill?.alarmId ? (
            <Typography.Paragraph type="secondary" data-testid="repair-from-alarm">
              {t('repairWeb.repair.fromAlarm')}
            </Typography.Paragraph>
          ) : null}
          {prefill?.maintenanceRecordId ? (
            <Typography.Paragraph type="secondary" data-testid="repair-from-record">
              {t('repairWeb.repair.fromRecord')}
            </Typography.Paragraph>
          ) : null}
          <Space size={12} wrap align="start">
            <Field name="finder" label={t('repairWeb.field.finder')}>
              <Input style={{ width: 200 }} autoComplete="off" data-testid="repair-finder" />
            </Field>
            <Field name="foundAt" label={t('repairWeb.field.foundAt')}>
              <InstantInput timeZone={run.timeZone} data-testid="repair-found-at" />
            </Field>
            <Field name="system" label={t('repairWeb.field.system')}>
              <Input style={{ width: 180 }} autoComplete="off" data-testid="repair-system" />
            </Field>
            <Field name="component" label={t('repairWeb.field.component')}>
              <Input style={{ width: 180 }} autoComplete="off" data-testid="repair-component" />
            </Field>
          </Space>
          <Field name="title" label={t('repairWeb.field.title')}>
            <Input autoComplete="off" data-testid="repair-title" />
          </Field>
          <Field name="description" label={t('repairWeb.field.description')}>
            <Input.TextArea rows={3} data-testid="repair-description" />
          </Field>
          <Field name="photoIds" label={t('repairWeb.field.photos')} extra={t('repairWeb.repair.photosHint', { max: LIMITS.repairPhotosMax })}>
            <UploadField types={PHOTO_TYPES} maxBytes={LIMITS.repairPhotoMaxBytes} maxCount={LIMITS.repairPhotosMax} upload={uploadFor('repairPhoto', run.runId)} />
          </Field>
          <Space size={12} wrap align="start">
            <Field name="failureMode" label={t('repairWeb.field.failureMode')}>
              <Select allowClear style={{ width: 220 }} options={c.FAILURE_MODES.map((mode) => ({ value: mode, label: t(FAILURE_MODE_LABELS[mode]) }))} data-testid="repair-failure-mode" />
            </Field>
            <Field name="repairers" label={t('repairWeb.field.repairers')}>
              <Input style={{ width: 260 }} autoComplete="off" data-testid="repair-repairers" />
            </Field>
            <Field name="repairedAt" label={t('repairWeb.field.repairedAt')}>
              <InstantInput timeZone={run.timeZone} data-testid="repair-repaired-at" />
            </Field>
          </Space>
          <Field name="cause" label={t('repairWeb.field.cause')}>
            <Input.TextArea rows={2} data-testid="repair-cause" />
          </Field>
          <Field name="result" label={t('repairWeb.field.result')}>
            <Input.TextArea rows={2} data-testid="repair-result" />
          </Field>
          <Field name="videoIds" label={t('repairWeb.field.videos')} extra={t('repairWeb.repair.videosHint', { max: LIMITS.repairVideosMax })}>
            <UploadField types={FILE_TYPES.repairVideo} maxBytes={LIMITS.repairVideoMaxBytes} maxCount={LIMITS.repairVideosMax} upload={uploadFor('repairVideo', run.runId)} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

export interface RepairCreateButtonProps {
  /** The alarm of the run the repair is made from: the server fills the form from it. */
  alarmId?: number;
  /** Values a maintenance record puts in (system, part, its content, its id). */
  prefill?: RepairPrefill;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/**
 * "Create repair record" for another page (an alarm, an abnormal maintenance record): opens the repair
 * form filled from its source. Hidden without the repair write code or outside a run.
 */
export function RepairCreateButton({ alarmId, prefill, size = 'small', type = 'default' }: RepairCreateButtonProps) {
  const t = useT();
  const run = useFramework((s) => s.run);
  const canWrite = useFramework((s) => canUse(s, 'maintenance.repair.write'));
  const [opening, setOpening] = useState(false);
  const [form, setForm] = useState<{ prefill: RepairPrefill; now: number } | null>(null);
  // A fresh form for each opening; closing keeps the same one so its window closes as windows do
  // (a new key on closing would swap the open window for another mid-way, leaving it on screen).
  const [openings, setOpenings] = useState(0);
  if (!run || !canWrite) return null;
  const open = async () => {
    setOpenings((n) => n + 1);
    if (alarmId === undefined) {
      setForm({ prefill: prefill ?? {}, now: Date.now() });
      return;
    }
    setOpening(true);
    try {
      const filled = await repairFromAlarm(run.runId, alarmId);
      setForm({
        prefill: { foundAt: filled.foundAt, system: filled.system, component: filled.component, title: filled.title, description: filled.description, alarmId: filled.alarmId, ...prefill },
        now: filled.foundAt,
      });
    } catch (error) {
      showApiError(error);
    } finally {
      setOpening(false);
    }
  };
  return (
    <>
      <Button size={size} type={type} icon={<ToolOutlined />} loading={opening} onClick={() => void open()} data-testid="create-repair-record">
        {t('repairWeb.repair.create')}
      </Button>
      <RepairDialog key={openings} run={run} open={form !== null} repair={null} prefill={form?.prefill} now={form?.now ?? 0} onClose={() => setForm(null)} />
    </>
  );
}
