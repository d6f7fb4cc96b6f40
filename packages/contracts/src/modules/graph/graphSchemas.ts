import { z } from 'zod';
import { LANGUAGES, type Language } from '../../core/languages.js';
import { LIMITS } from '../../limits.js';
import { FileIdSchema, StoredFileSchema } from '../files.contract.js';
import { RunIdSchema } from '../project/project.contract.js';
import { PositiveIdSchema } from '../../core/primitives.js';

/**
 * Drawings and maps (issue 24, spec §1 "Drawings (floor plan, section view, map) with TBM
 * positioning", §2 `fw1/graph`, §5, §7 Graph and third-party access token, §9).
 *
 * A run has drawings: the floor plan (`plan`), the section / vertical graph (`section`) and a map
 * picture (`map`), each a JPG or PNG of at most 4 MB stored by the file service (purpose `drawing`).
 * A drawing may exist per language (labels in Chinese or Italian) and per variant (`mobile` for the
 * H5 view, `screenshot` for the tool pages); a fetch falls back to the run's default drawing of the
 * same name. A plan or map picture is calibrated by points clicked along the drawn alignment with
 * their chainage (at least two, more for curves); a section by two marks on its chainage axis and
 * two on its level axis. The GIS map draws the alignment the administrator imports (chainage,
 * easting, northing in the project's grid, EPSG code) on tiles of the installation's tile source.
 */

export const GRAPH_LIMITS = {
  calibrationPointsMin: 2,
  calibrationPointsMax: 200,
  profilePointsMax: 2_000,
  geologyBandsMax: 200,
  geologyLabelMaxLength: 60,
  stationEquationsMax: 20,
  alignmentPointsMax: 20_000,
  alignmentImportMaxBytes: 4 * 1024 * 1024,
  proj4MaxLength: 1_000,
  nextRingsMax: 500,
  /** Built rings an overlay answers at most (the newest): a long drive is drawn at its newest. */
  overlayRingsMax: 10_000,
  /** Pixel coordinates of a calibration mark: drawings are at most this wide or high. */
  pixelMax: 100_000,
  chainageAbsMax: LIMITS.chainageAbsMaxMetres,
  levelAbsMax: 10_000,
  /** Lifetime of a third-party map token. */
  thirdTokenSeconds: 10 * 60,
} as const;

export const DRAWING_NAMES = ['plan', 'section', 'map'] as const;
export type DrawingName = (typeof DRAWING_NAMES)[number];

export const DRAWING_VARIANTS = ['default', 'mobile', 'screenshot'] as const;
export type DrawingVariant = (typeof DRAWING_VARIANTS)[number];

/**
 * The key of a drawing (spec §7): run id, drawing name, language suffix and the optional mobile and
 * screenshot suffixes, e.g. `42_plan`, `42_plan_it_IT`, `42_plan_zh_CN_m`, `42_section_s`.
 */
export function drawingKey(parts: { runId: number; name: DrawingName; lang: Language | null; variant: DrawingVariant }): string {
  const suffix = parts.variant === 'mobile' ? '_m' : parts.variant === 'screenshot' ? '_s' : '';
  return `${parts.runId}_${parts.name}${parts.lang ? `_${parts.lang}` : ''}${suffix}`;
}

const KEY_PATTERN = new RegExp(`^(\\d{1,12})_(${DRAWING_NAMES.join('|')})(?:_(${LANGUAGES.join('|')}))?(?:_(m|s))?$`);

/** Reads a drawing key; null when it is not one. */
export function parseDrawingKey(key: string): { runId: number; name: DrawingName; lang: Language | null; variant: DrawingVariant } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, run, name, lang, suffix] = match;
  return {
    runId: Number(run),
    name: name as DrawingName,
    lang: (lang as Language | undefined) ?? null,
    variant: suffix === 'm' ? 'mobile' : suffix === 's' ? 'screenshot' : 'default',
  };
}

const finite = (max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') })
    .finite({ error: 'validation.number' })
    .min(-max, { error: 'validation.minValue' })
    .max(max, { error: 'validation.maxValue' });

export const PixelSchema = finite(GRAPH_LIMITS.pixelMax).min(0, { error: 'validation.minValue' });
export const GraphChainageSchema = finite(GRAPH_LIMITS.chainageAbsMax);
export const LevelSchema = finite(GRAPH_LIMITS.levelAbsMax);

/** A mark on a plan or map picture: a pixel of the drawn alignment and its chainage. */
export const CalibrationPointSchema = z.object({ x: PixelSchema, y: PixelSchema, chainage: GraphChainageSchema });
export type CalibrationPoint = z.infer<typeof CalibrationPointSchema>;

/** Marks along the alignment, in driving order, each chainage once. */
export const AlignmentCalibrationSchema = z.object({
  kind: z.literal('alignment'),
  points: z
    .array(CalibrationPointSchema)
    .min(GRAPH_LIMITS.calibrationPointsMin, { error: 'graph.validation.calibrationPoints' })
    .max(GRAPH_LIMITS.calibrationPointsMax, { error: 'validation.maxItems' })
    .refine((points) => new Set(points.map((p) => p.chainage)).size === points.length, { error: 'graph.validation.calibrationDuplicate' }),
});

const AxisMarkSchema = (value: z.ZodType<number>) => z.object({ pixel: PixelSchema, value });
const axis = (value: z.ZodType<number>) =>
  z
    .object({ a: AxisMarkSchema(value), b: AxisMarkSchema(value) })
    .refine((v) => v.a.pixel !== v.b.pixel && v.a.value !== v.b.value, { error: 'graph.validation.axisMarks' });

/** A section drawing: two marks on the horizontal (chainage) axis, two on the vertical (level) axis. */
export const AxesCalibrationSchema = z.object({
  kind: z.literal('axes'),
  chainage: axis(GraphChainageSchema),
  level: axis(LevelSchema),
});

export const CalibrationSchema = z.discriminatedUnion('kind', [AlignmentCalibrationSchema, AxesCalibrationSchema], { error: 'validation.invalid' });
export type Calibration = z.infer<typeof CalibrationSchema>;

export const DrawingIdSchema = PositiveIdSchema;

export const DrawingSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  name: z.enum(DRAWING_NAMES),
  /** null: the run's default drawing of this name, shown for every language without its own. */
  lang: z.enum(LANGUAGES).nullable(),
  variant: z.enum(DRAWING_VARIANTS),
  key: z.string(),
  file: StoredFileSchema,
  /** The picture's size in pixels (read from the file when it was saved). */
  width: z.number().int(),
  height: z.number().int(),
  calibration: CalibrationSchema.nullable(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type Drawing = z.infer<typeof DrawingSchema>;

export const RING_COLOURINGS = ['state', 'quality'] as const;
export type RingColouring = (typeof RING_COLOURINGS)[number];

export const DisplayOptionsSchema = z.object({
  /** Built rings coloured by their state (built / being built) or by the quality band of their segment attitude and tail clearance. */
  ringColouring: z.enum(RING_COLOURINGS, { error: 'validation.invalid' }),
  showRings: z.boolean(),
  showRisks: z.boolean(),
  /** The rings ahead of the machine drawn as planned (the long section's "next N rings"). */
  nextRings: z.number().int({ error: 'validation.integer' }).min(0, { error: 'validation.minValue' }).max(GRAPH_LIMITS.nextRingsMax, { error: 'validation.maxValue' }),
  /** Size of the machine's icon relative to the default. */
  iconScale: z.number().min(0.5, { error: 'validation.minValue' }).max(3, { error: 'validation.maxValue' }),
});
export type DisplayOptions = z.infer<typeof DisplayOptionsSchema>;

export const DEFAULT_DISPLAY_OPTIONS: DisplayOptions = { ringColouring: 'state', showRings: true, showRisks: true, nextRings: 20, iconScale: 1 };

const ProfilePointSchema = z.object({ chainage: GraphChainageSchema, level: LevelSchema });
const GeologyBandSchema = z
  .object({
    from: GraphChainageSchema,
    to: GraphChainageSchema,
    label: z.string().trim().min(1, { error: 'validation.required' }).max(GRAPH_LIMITS.geologyLabelMaxLength, { error: 'validation.maxLength' }),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'graph.validation.colour' }),
  })
  .refine((band) => band.from !== band.to, { error: 'graph.validation.bandEmpty' });

/** The long section's data: ground levels, the tunnel axis' levels and the geology bands along the chainage. */
export const SectionProfileSchema = z.object({
  ground: z.array(ProfilePointSchema).max(GRAPH_LIMITS.profilePointsMax, { error: 'validation.maxItems' }),
  axis: z.array(ProfilePointSchema).max(GRAPH_LIMITS.profilePointsMax, { error: 'validation.maxItems' }),
  geology: z.array(GeologyBandSchema).max(GRAPH_LIMITS.geologyBandsMax, { error: 'validation.maxItems' }),
});
export type SectionProfile = z.infer<typeof SectionProfileSchema>;

export const StationEquationSchema = z.object({ back: GraphChainageSchema, ahead: GraphChainageSchema });

/** The installation's tile source (configuration, never set through the API): none by default. */
export const TileSourceSchema = z.object({
  /** `https://…/{z}/{x}/{y}.png`; `{token}` is filled with the third-party token of `provider`. */
  url: z.string(),
  attribution: z.string(),
  maxZoom: z.number().int(),
  /** The map provider whose short-lived token the URL needs, or null. */
  provider: z.string().nullable(),
});

export const MapSettingsSchema = z.object({
  /** EPSG code of the project's grid (the alignment's easting and northing). */
  epsg: z.number().int().nullable(),
  /** The grid's proj4 definition when the product does not know the code. */
  proj4: z.string().nullable(),
});

export const GraphSettingSchema = z.object({
  runId: z.number().int(),
  drawings: z.array(DrawingSchema),
  display: DisplayOptionsSchema,
  profile: SectionProfileSchema,
  stationEquations: z.array(StationEquationSchema),
  map: MapSettingsSchema.extend({
    /** The definition used (the code's known one or the typed one); null when neither. */
    definition: z.string().nullable(),
    alignmentPoints: z.number().int(),
    tiles: TileSourceSchema.nullable(),
  }),
  /** The run's drive: start and end chainage (direction), first ring, ring width (m). */
  drive: z.object({ startChainage: z.number(), endChainage: z.number(), startRing: z.number().int(), ringWidthM: z.number() }),
  /** Whether the caller may change the settings and drawings. */
  canEdit: z.boolean(),
});
export type GraphSetting = z.infer<typeof GraphSettingSchema>;

export const GraphSettingInputSchema = z.object({
  runId: RunIdSchema,
  display: DisplayOptionsSchema,
  profile: SectionProfileSchema,
  stationEquations: z.array(StationEquationSchema).max(GRAPH_LIMITS.stationEquationsMax, { error: 'validation.maxItems' }),
  epsg: z.number().int({ error: 'validation.integer' }).min(1024, { error: 'graph.validation.epsg' }).max(999_999, { error: 'graph.validation.epsg' }).nullable(),
  proj4: z.string().trim().max(GRAPH_LIMITS.proj4MaxLength, { error: 'validation.maxLength' }).nullable(),
});
export type GraphSettingInput = z.infer<typeof GraphSettingInputSchema>;

export const DrawingFetchInputSchema = z.object({
  runId: RunIdSchema,
  key: z.string({ error: 'validation.required' }).max(60, { error: 'validation.invalid' }),
});

export const DrawingSaveInputSchema = z.object({
  runId: RunIdSchema,
  name: z.enum(DRAWING_NAMES, { error: 'validation.invalid' }),
  lang: z.enum(LANGUAGES, { error: 'validation.invalid' }).nullable(),
  variant: z.enum(DRAWING_VARIANTS, { error: 'validation.invalid' }),
  /** A file uploaded with purpose `drawing` for this run. */
  fileId: FileIdSchema,
  /** Kept from the drawing it replaces when absent (a new picture of the same plan). */
  calibration: CalibrationSchema.nullable().optional(),
});
export type DrawingSaveInput = z.infer<typeof DrawingSaveInputSchema>;

export const DrawingCalibrateInputSchema = z.object({ runId: RunIdSchema, id: DrawingIdSchema, calibration: CalibrationSchema.nullable() });
export const DrawingRefSchema = z.object({ runId: RunIdSchema, id: DrawingIdSchema });

export const RING_STATES = ['built', 'building', 'planned'] as const;
export const QUALITY_BANDS = ['ok', 'warning', 'alarm'] as const;

export const OverlayRingSchema = z.object({
  ring: z.number().int(),
  /** Distance from the drive's start of the ring's start and end (m), and their chainages. */
  fromDistance: z.number(),
  toDistance: z.number(),
  startChainage: z.number(),
  endChainage: z.number(),
  state: z.enum(RING_STATES),
  /** Worst band of the ring's segment attitude and tail clearance; null without records. */
  band: z.enum(QUALITY_BANDS).nullable(),
  horizontalDev: z.number().nullable(),
  elevationDev: z.number().nullable(),
});
export type OverlayRing = z.infer<typeof OverlayRingSchema>;

export const RISK_ZONE_STATES = ['ahead', 'approaching', 'inside', 'passed'] as const;

export const OverlayRiskSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.string(),
  startChainage: z.number(),
  endChainage: z.number(),
  fromDistance: z.number(),
  toDistance: z.number(),
  state: z.enum(RISK_ZONE_STATES),
});

export const MachinePositionSchema = z.object({
  ring: z.number().int().nullable(),
  chainage: z.number(),
  distance: z.number(),
  /** Machine time of the value. */
  at: z.number().int().nullable(),
  state: z.string().nullable(),
});
export type MachinePosition = z.infer<typeof MachinePositionSchema>;

export const OverlaySchema = z.object({
  position: MachinePositionSchema.nullable(),
  rings: z.array(OverlayRingSchema),
  risks: z.array(OverlayRiskSchema),
  /** Whether older built rings were left out (more than GRAPH_LIMITS.overlayRingsMax). */
  ringsTruncated: z.boolean(),
});
export type Overlay = z.infer<typeof OverlaySchema>;

export const OverlayInputSchema = z.object({ runId: RunIdSchema });

/** A vertex of the imported alignment, in the grid and in WGS84 (for the map's display only). */
export const AlignmentVertexSchema = z.object({ chainage: z.number(), easting: z.number(), northing: z.number(), lat: z.number(), lng: z.number() });

export const MapDataSchema = z.object({
  epsg: z.number().int().nullable(),
  definition: z.string().nullable(),
  alignment: z.array(AlignmentVertexSchema),
  /** The machine in the grid (interpolated there) and in WGS84; null without a position or an alignment. */
  machine: z.object({ chainage: z.number(), ring: z.number().int().nullable(), easting: z.number(), northing: z.number(), lat: z.number(), lng: z.number() }).nullable(),
  tiles: TileSourceSchema.nullable(),
});
export type MapData = z.infer<typeof MapDataSchema>;

export const AlignmentImportReportSchema = z.object({
  points: z.number().int(),
  /** Length of the imported line in the grid (m). */
  length: z.number(),
  firstChainage: z.number(),
  lastChainage: z.number(),
  epsg: z.number().int().nullable(),
});

export const ThirdTokenSchema = z.object({ provider: z.string(), token: z.string(), expiresAt: z.number().int() });
