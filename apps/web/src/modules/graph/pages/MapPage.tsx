import { ImportOutlined } from '@ant-design/icons';
import { formatChainage, isGeographic } from '@boreline/contracts';
import { Alert, Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { AlignmentImportDialog } from '../components/AlignmentImport.js';
import { LeafletMap, type MapTiles } from '../components/LeafletMap.js';
import { Swatch, useOverlayWords } from '../components/LongSection.js';
import { type GraphSetting, type MapData, type Overlay, useGraphSetting, useMachineChainage, useMapData, useOverlay, useThirdToken } from '../mapApi.js';
import { gridToLatLng, machineLatLng, overlayPolylines } from '../mapGeometry.js';
import { ALIGNMENT_COLOUR, BAND_COLOURS, driveOf, gridLine, MACHINE_COLOUR, plannedRings, RISK_COLOURS, STATE_COLOURS } from '../overlayGeometry.js';

/** The maps-service map of the current run (spec §2 /fw1/graph/map); without a run the user picks a project first. */
export function MapPage() {
  const run = useFramework((s) => s.run);
  return run ? <RunMap run={run} /> : <ChooseProject />;
}

/** The tile source with its provider's token filled in; null (the grid) without a source or while the token is refused. */
export function useTiles(runId: number, data: MapData | undefined): { tiles: MapTiles | null; refusal: string | null } {
  const source = data?.tiles ?? null;
  const token = useThirdToken(runId, source?.provider ?? null);
  if (!source) return { tiles: null, refusal: null };
  if (!source.provider) return { tiles: { url: source.url, attribution: source.attribution, maxZoom: source.maxZoom }, refusal: null };
  if (token.error) return { tiles: null, refusal: token.error instanceof Error ? token.error.message : String(token.error) };
  if (!token.data) return { tiles: null, refusal: null };
  return { tiles: { url: source.url.split('{token}').join(encodeURIComponent(token.data.token)), attribution: source.attribution, maxZoom: source.maxZoom }, refusal: null };
}

function RunMap({ run }: { run: CurrentRun }) {
  const t = useT();
  const map = useMapData(run.runId);
  const setting = useGraphSetting(run.runId);
  const overlay = useOverlay(run.runId);
  const { tiles, refusal } = useTiles(run.runId, map.data);
  const mayWrite = useFramework((s) => canUse(s, 'graph.drawing.write'));
  const canImport = mayWrite && setting.data?.canEdit !== false;
  const [importing, setImporting] = useState(false);
  const chainage = useMachineChainage(run.runId, map.data?.machine?.chainage ?? overlay.data?.position?.chainage ?? null);

  if (map.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!map.data) return <Alert type="warning" showIcon title={t('graphMap.map.unavailable')} />;
  const data = map.data;
  const importButton = canImport ? (
    <Button icon={<ImportOutlined />} type={data.alignment.length === 0 ? 'primary' : 'default'} onClick={() => setImporting(true)} data-testid="alignment-import-open">
      {data.alignment.length === 0 ? t('graphMap.import.open') : t('graphMap.import.replace')}
    </Button>
  ) : null;
  const dialog = <AlignmentImportDialog runId={run.runId} open={importing} epsg={data.epsg ?? setting.data?.map.epsg ?? null} onClose={() => setImporting(false)} />;

  if (data.alignment.length === 0) {
    return (
      <Card title={t('shell.menu.graphGis')}>
        <Empty
          data-testid="map-empty"
          description={
            <Space orientation="vertical">
              <Typography.Text strong>{t('graphMap.empty.title')}</Typography.Text>
              <Typography.Text type="secondary">{t('graphMap.empty.how')}</Typography.Text>
              {!canImport ? <Typography.Text type="secondary">{t('graphMap.empty.askAdmin')}</Typography.Text> : null}
            </Space>
          }
        >
          {importButton}
        </Empty>
        {dialog}
      </Card>
    );
  }

  return (
    <Card
      title={t('shell.menu.graphGis')}
      extra={
        <Space>
          <Typography.Text type="secondary" data-testid="map-grid-code">
            {data.epsg === null ? t('graphMap.map.noEpsg') : `EPSG:${data.epsg}`}
          </Typography.Text>
          {importButton}
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {!data.tiles ? <Alert type="info" showIcon title={t('graphMap.map.noTiles')} description={t('graphMap.map.noTilesHow')} data-testid="map-no-tiles" /> : null}
        {refusal ? <Alert type="warning" showIcon title={t('graphMap.map.tokenRefused')} description={refusal} data-testid="map-token-refused" /> : null}
        <MapView data={data} setting={setting.data} overlay={overlay.data} chainage={chainage} tiles={tiles} />
      </Space>
      {dialog}
    </Card>
  );
}

export interface MapViewProps {
  data: MapData;
  setting: GraphSetting | undefined;
  overlay: Overlay | undefined;
  chainage: number | null;
  tiles: MapTiles | null;
  /** A picture of the map (the tool pages): no zoom buttons or dragging, told when drawn. */
  interactive?: boolean;
  onDrawn?: () => void;
}

/** The map with its overlay (computed in the grid, shown in WGS84) and the legend. */
export function MapView({ data, setting, overlay, chainage, tiles, interactive = true, onDrawn }: MapViewProps) {
  const t = useT();
  const words = useOverlayWords();
  const colouring = setting?.display.ringColouring ?? 'state';
  const definition = data.definition && !isGeographic(data.definition) ? data.definition : null;
  const alignment = useMemo(() => data.alignment.map((v): [number, number] => [v.lat, v.lng]), [data.alignment]);
  const line = useMemo(() => gridLine(data.alignment), [data.alignment]);
  const toLatLng = useMemo(() => {
    if (!definition) return null;
    try {
      return gridToLatLng(definition);
    } catch {
      return null;
    }
  }, [definition]);
  const drive = useMemo(() => (setting ? driveOf(setting) : null), [setting]);

  const { rings, risks } = useMemo(() => {
    if (!toLatLng || !drive || !overlay || !setting) return { rings: [], risks: [] };
    const built = overlay.rings.filter((r) => r.state !== 'planned');
    const next = plannedRings(overlay, drive, setting.display.nextRings);
    return overlayPolylines(
      line,
      drive,
      { rings: [...built, ...next], risks: overlay.risks },
      toLatLng,
      {
        colouring,
        showRings: setting.display.showRings,
        showRisks: setting.display.showRisks,
        ringLabel: (first, last) =>
          `${first.ring === last.ring ? t('graphMap.section.ring', { ring: first.ring }) : t('graphMap.section.rings', { first: first.ring, last: last.ring })} · ${
            first.state === 'planned' ? t('graphMap.section.planned') : colouring === 'quality' ? words.band(first.band ?? 'none') : ringStateWord(t, first.state)
          }`,
        riskLabel: (risk) => `${risk.name} (${risk.level}) · ${words.riskState(risk.state)} · ${formatChainage(risk.startChainage)} – ${formatChainage(risk.endChainage)}`,
      },
    );
  }, [toLatLng, drive, overlay, setting, line, colouring, t, words]);

  const machine = useMemo(() => {
    if (chainage === null) return null;
    const scale = setting?.display.iconScale ?? 1;
    const label = t('graphMap.section.machineAt', { chainage: formatChainage(chainage) });
    const placed = toLatLng && drive && line.length > 1 ? machineLatLng(line, drive, chainage, toLatLng) : null;
    if (placed) return { latLng: placed, label, scale };
    return data.machine ? { latLng: [data.machine.lat, data.machine.lng] as [number, number], label, scale } : null;
  }, [chainage, setting, toLatLng, drive, line, data.machine, t]);

  return (
    <>
      {!toLatLng ? <Alert type="warning" showIcon title={t('graphMap.map.noDefinition')} data-testid="map-no-definition" /> : null}
      <LeafletMap
        alignment={alignment}
        rings={rings}
        risks={risks}
        machine={machine}
        tiles={tiles}
        label={t('graphMap.map.label')}
        alignmentLabel={t('graphMap.legend.alignment')}
        interactive={interactive}
        onDrawn={onDrawn}
      />
      <MapLegend colouring={colouring} />
    </>
  );
}

const RING_STATE_KEY = { built: 'graphMap.ringState.built', building: 'graphMap.ringState.building', planned: 'graphMap.section.planned' } as const;
const ringStateWord = (t: ReturnType<typeof useT>, state: keyof typeof RING_STATE_KEY) => t(RING_STATE_KEY[state]);

function MapLegend({ colouring }: { colouring: 'state' | 'quality' }) {
  const t = useT();
  const words = useOverlayWords();
  const rings: [string, string][] =
    colouring === 'quality'
      ? (['ok', 'warning', 'alarm', 'none'] as const).map((b) => [words.band(b), BAND_COLOURS[b]])
      : (['built', 'building'] as const).map((s) => [ringStateWord(t, s), STATE_COLOURS[s]]);
  const items: [string, string, boolean][] = [
    [t('graphMap.legend.alignment'), ALIGNMENT_COLOUR, false],
    [t('graphMap.legend.machine'), MACHINE_COLOUR, false],
    ...rings.map(([label, colour]): [string, string, boolean] => [label, colour, false]),
    [t('graphMap.section.planned'), STATE_COLOURS.planned, true],
    ...(['ahead', 'approaching', 'inside', 'passed'] as const).map((s): [string, string, boolean] => [`${t('graphMap.legend.risk')}: ${words.riskState(s)}`, RISK_COLOURS[s], false]),
  ];
  return (
    <div data-testid="map-legend" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, fontSize: 12 }}>
      {items.map(([label, colour, dashed]) => (
        <span key={label}>
          <Swatch colour={colour} dashed={dashed} />
          {label}
        </span>
      ))}
    </div>
  );
}
