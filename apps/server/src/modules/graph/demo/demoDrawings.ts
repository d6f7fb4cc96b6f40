import { type DriveStationing, graphContract, type Language, type StationEquation } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../../db/schema.js';
import type { FilesService } from '../../files/index.js';
import { demoAlignment } from './demoAlignment.js';
import { cityOfCountry, type DemoCity, WORDS, type WordsKey } from './demoCities.js';
import { LANDSCAPE, planDrawing, type PlanLayout, PORTRAIT } from './planDrawing.js';
import { sectionDrawing } from './sectionDrawing.js';

/** A drawing the demo makes for a run: its name, language ('' the default), variant and how it is drawn. */
interface DrawingPlan {
  name: 'plan' | 'section';
  lang: Language | '';
  variant: 'default' | 'mobile';
  words: WordsKey;
  layout?: PlanLayout;
}

/** The drawings of a city's run: a plan and a section; Milan's plan also in English, Lisbon's also for the H5 view. */
function drawingsOf(city: DemoCity): DrawingPlan[] {
  const plans: DrawingPlan[] = [
    { name: 'plan', lang: '', variant: 'default', words: city.words, layout: LANDSCAPE },
    { name: 'section', lang: '', variant: 'default', words: city.words },
  ];
  if (city.key === 'milan') plans.push({ name: 'plan', lang: 'en_US', variant: 'default', words: 'en', layout: LANDSCAPE });
  if (city.key === 'lisbon') plans.push({ name: 'plan', lang: '', variant: 'mobile', words: city.words, layout: PORTRAIT });
  return plans;
}

/**
 * The city's station equation, 20 m of chainage skipped at a round hundred far along the drive
 * (well beyond where the demo's machine is, since the ring records count chainage without it).
 */
function equationsOf(city: DemoCity, start: number, end: number): StationEquation[] {
  if (city.equationAt === undefined) return [];
  const dir = end >= start ? 1 : -1;
  const back = Math.round((start + dir * Math.abs(end - start) * city.equationAt) / 100) * 100;
  if ((back - start) * dir <= 0 || (end - back) * dir <= 20) return [];
  return [{ back, ahead: back + dir * 20 }];
}

async function* once(data: Buffer): AsyncGenerator<Uint8Array> {
  yield data;
}

const toPng = (svg: string) => sharp(Buffer.from(svg)).png({ palette: true, colours: 64, dither: 0, effort: 1, compressionLevel: 6 }).toBuffer();

export interface DemoDrawingsSeeded {
  drawings: number;
  alignmentPoints: number;
}

/**
 * Demo drawings of a run (issue 24): its floor plan and long section drawn for the city its country
 * stands for (Milan, Istanbul, Lisbon, Wuhan), with labels in the site's language, rendered from SVG
 * to PNG and stored as the run's drawings with their calibration (the plan's drawn alignment
 * vertices with their chainages; the section's axes); the graph settings with the section's profile
 * and the grid's EPSG code; and the GIS alignment along a route in that city, a vertex every 25 m.
 * A run that already has drawings is left as it is.
 */
export async function seedDemoDrawings(db: Kysely<Database>, files: FilesService, runId: number, now: number): Promise<DemoDrawingsSeeded> {
  const none = { drawings: 0, alignmentPoints: 0 };
  const existing = await db.selectFrom('graph_drawings').select('id').where('run_id', '=', runId).limit(1).executeTakeFirst();
  if (existing) return none;
  const run = await db
    .selectFrom('runs')
    .select(['id', 'project_name', 'project_code', 'line_name', 'country', 'machine_type', 'start_chainage', 'end_chainage'])
    .where('id', '=', runId)
    .executeTakeFirst();
  const uploader = await db.selectFrom('users').select('id').where('is_sa', '=', 1).orderBy('id').executeTakeFirst();
  if (!run || !uploader || run.start_chainage === run.end_chainage) return none;
  const tbm = await db.selectFrom('tbm_info').select('excavation_diameter').where('run_id', '=', runId).executeTakeFirst();
  const diameter = tbm?.excavation_diameter ?? (run.machine_type === 'slurry' ? 15.8 : 6.5);
  const city = cityOfCountry(run.country);
  const equations = equationsOf(city, run.start_chainage, run.end_chainage);
  const drive: DriveStationing = { startChainage: run.start_chainage, endChainage: run.end_chainage, equations };
  const project = { name: run.project_name, code: run.project_code, line: run.line_name };

  let profile = null as ReturnType<typeof sectionDrawing>['profile'] | null;
  let drawings = 0;
  for (const plan of drawingsOf(city)) {
    const words = WORDS[plan.words];
    let svg: string;
    let size: { width: number; height: number };
    let calibration: graphContract.Calibration;
    if (plan.name === 'plan') {
      const drawn = planDrawing({ city, words, project, drive, layout: plan.layout ?? LANDSCAPE });
      svg = drawn.svg;
      size = drawn;
      calibration = { kind: 'alignment', points: drawn.marks };
    } else {
      const drawn = sectionDrawing({ city, words, project, drive, diameter });
      svg = drawn.svg;
      size = drawn;
      calibration = { kind: 'axes', ...drawn.axes };
      profile = drawn.profile;
    }
    const png = await toPng(svg);
    const suffix = `${plan.name}${plan.lang ? `_${plan.lang}` : ''}${plan.variant === 'mobile' ? '_m' : ''}`;
    const stored = await files.put(once(png), { purpose: 'drawing', runId, uploaderId: uploader.id, name: `${run.project_code}-${suffix}.png` });
    const row = await db
      .insertInto('graph_drawings')
      .values({ run_id: runId, name: plan.name, lang: plan.lang, variant: plan.variant, file_id: stored.id, width: size.width, height: size.height, calibration: JSON.stringify(calibration), updated_by: null, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await files.attach([stored.id], { kind: 'drawing', id: row.id }, { runId });
    drawings += 1;
  }

  const settings = await db.selectFrom('graph_settings').select('run_id').where('run_id', '=', runId).executeTakeFirst();
  if (!settings) {
    const display: graphContract.DisplayOptions = { ...graphContract.DEFAULT_DISPLAY_OPTIONS, ringColouring: city.ringColouring };
    await db
      .insertInto('graph_settings')
      .values({
        run_id: runId,
        display: JSON.stringify(display),
        profile: JSON.stringify(profile ?? { ground: [], axis: [], geology: [] }),
        station_equations: JSON.stringify(equations),
        epsg: city.epsg,
        proj4: null,
        updated_by: null,
        updated_at: now,
      })
      .execute();
  }

  let alignmentPoints = 0;
  const hasAlignment = await db.selectFrom('graph_alignment_points').select('seq').where('run_id', '=', runId).limit(1).executeTakeFirst();
  if (!hasAlignment) {
    const vertices = demoAlignment(city, drive);
    for (let from = 0; from < vertices.length; from += 500) {
      await db
        .insertInto('graph_alignment_points')
        .values(vertices.slice(from, from + 500).map((v, i) => ({ run_id: runId, seq: from + i, chainage: v.chainage, easting: v.easting, northing: v.northing })))
        .execute();
    }
    alignmentPoints = vertices.length;
  }
  return { drawings, alignmentPoints };
}
