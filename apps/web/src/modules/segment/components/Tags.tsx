import { CheckCircleOutlined, CloseCircleOutlined, EditOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../../core/i18n.js';
import type { Band, RecordState } from '../api.js';
import { BAND_LABELS, BAND_TAG_COLOURS, STATE_LABELS } from '../labels.js';

const BAND_ICONS = { ok: <CheckCircleOutlined />, warning: <ExclamationCircleOutlined />, alarm: <CloseCircleOutlined /> };

/** A ring's band: colour, icon and word, so it reads without colour too. */
export function BandTag({ band }: { band: Band }) {
  const t = useT();
  return (
    <Tag color={BAND_TAG_COLOURS[band]} icon={BAND_ICONS[band]} data-testid="band" data-band={band} style={{ marginInlineEnd: 0 }}>
      {t(BAND_LABELS[band])}
    </Tag>
  );
}

/** Draft (filled from the machine at the ring's end, to be confirmed) or confirmed. */
export function StateTag({ state }: { state: RecordState }) {
  const t = useT();
  return state === 'draft' ? (
    <Tooltip title={t('segmentWeb.state.draftHint')}>
      <Tag color="blue" icon={<EditOutlined />} data-testid="record-state" data-state={state} style={{ marginInlineEnd: 0 }}>
        {t(STATE_LABELS.draft)}
      </Tag>
    </Tooltip>
  ) : (
    <span data-testid="record-state" data-state={state}>
      {t(STATE_LABELS.confirmed)}
    </span>
  );
}
