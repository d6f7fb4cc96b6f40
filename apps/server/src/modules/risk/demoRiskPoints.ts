import { formatChainage, type riskContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../../db/schema.js';
import type { FilesService } from '../files/index.js';
import { RiskRepo } from './risk.repo.js';
import { geometryOf, type RiskService } from './risk.service.js';
import { directionOf } from './riskState.js';

interface DemoZone {
  code: string;
  name: string;
  /** Rings from the machine's position now to the zone's near edge (negative: behind it). */
  ringsAhead: number;
  /** The zone's length in rings. */
  lengthRings: number;
  settlement: riskContract.RiskLevel;
  vibration: riskContract.RiskLevel;
  remark: string;
  description: string;
  /** The sketch's ground: soil colour and what sits above the tunnel. */
  sketch: 'river' | 'building' | 'fault' | 'metro' | 'utility';
  pictures: number;
}

/** The demo drives' zones: one passed, one approaching a few rings ahead, the rest further on. */
const ZONES: readonly DemoZone[] = [
  {
    code: 'R-01',
    name: 'Gas main and sewer crossing',
    ringsAhead: -40,
    lengthRings: 12,
    settlement: 'medium',
    vibration: 'low',
    remark: 'Utility owner informed; monitoring points MP-12 to MP-18',
    description: 'DN600 gas main 6 m above the crown and a brick sewer; settlement limit 10 mm at the pipes.',
    sketch: 'utility',
    pictures: 1,
  },
  {
    code: 'R-02',
    name: 'Underpass of a residential building',
    ringsAhead: 4,
    lengthRings: 18,
    settlement: 'high',
    vibration: 'high',
    remark: 'Night shifts at reduced advance speed; residents notified',
    description: 'Five-storey masonry building on shallow footings, 9 m cover. Face pressure +0.2 bar, grout volume checked every ring.',
    sketch: 'building',
    pictures: 2,
  },
  {
    code: 'R-03',
    name: 'River crossing',
    ringsAhead: 45,
    lengthRings: 40,
    settlement: 'medium',
    vibration: 'low',
    remark: 'Minimum cover 1.5 diameters under the riverbed',
    description: 'Saturated sand and gravel under the river; risk of face instability and blow-out. Bentonite on stand-by.',
    sketch: 'river',
    pictures: 2,
  },
  {
    code: 'R-04',
    name: 'Fault zone',
    ringsAhead: 110,
    lengthRings: 25,
    settlement: 'low',
    vibration: 'medium',
    remark: 'Probe drilling ahead of the face before entry',
    description: 'Fractured rock with water inflow expected; cutter wear and torque peaks likely.',
    sketch: 'fault',
    pictures: 1,
  },
  {
    code: 'R-05',
    name: 'Crossing under an existing metro line',
    ringsAhead: 170,
    lengthRings: 15,
    settlement: 'veryHigh',
    vibration: 'veryHigh',
    remark: 'Operator approval and track monitoring required',
    description: 'Existing line 4.5 m above the crown; settlement limit 5 mm, vibration limit 2 mm/s at the track.',
    sketch: 'metro',
    pictures: 2,
  },
];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A ground section sketch of a zone: the ground, what sits above, the tunnel, the zone's name. */
export function sketchSvg(zone: Pick<DemoZone, 'code' | 'name' | 'sketch'>, variant: number): string {
  const above: Record<DemoZone['sketch'], string> = {
    river: '<path d="M0 120 Q 160 170 320 150 T 640 125 L640 160 L0 160 Z" fill="#5b9bd5"/>',
    building: '<rect x="230" y="40" width="170" height="90" fill="#c9b79c" stroke="#6b5b45"/><rect x="250" y="60" width="30" height="25" fill="#eee"/><rect x="300" y="60" width="30" height="25" fill="#eee"/><rect x="350" y="60" width="30" height="25" fill="#eee"/>',
    fault: '<path d="M280 130 L360 400" stroke="#7a2e1a" stroke-width="6" stroke-dasharray="14 8"/>',
    metro: '<rect x="120" y="190" width="400" height="46" rx="23" fill="#9aa5b1" stroke="#4a5560"/><text x="320" y="220" font-size="18" text-anchor="middle" fill="#1f2933">existing line</text>',
    utility: '<circle cx="260" cy="190" r="16" fill="#f2c14e" stroke="#8a6d1c"/><circle cx="380" cy="175" r="22" fill="#a67c52" stroke="#5c4027"/>',
  };
  const tint = variant % 2 === 0 ? '#b08d57' : '#a1804c';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420" viewBox="0 0 640 420">
  <rect width="640" height="130" fill="#dbe9f6"/>
  <rect y="130" width="640" height="290" fill="${tint}"/>
  <line x1="0" y1="130" x2="640" y2="130" stroke="#4f6b2f" stroke-width="4"/>
  ${above[zone.sketch]}
  <rect x="0" y="290" width="640" height="70" fill="#505a64" opacity="0.85"/>
  <circle cx="${variant % 2 === 0 ? 470 : 180}" cy="325" r="35" fill="#f39c12" stroke="#7f4b00" stroke-width="3"/>
  <text x="20" y="395" font-family="sans-serif" font-size="22" fill="#fff">${escapeXml(`${zone.code} ${zone.name}`)}</text>
  <text x="20" y="30" font-family="sans-serif" font-size="16" fill="#1f2933">${variant === 0 ? 'Longitudinal section' : 'Monitoring layout'}</text>
</svg>`;
}

/** A zone's picture: its sketch as JPEG (first) or PNG. */
export async function demoPicture(zone: Pick<DemoZone, 'code' | 'name' | 'sketch'>, variant: number): Promise<Buffer> {
  const image = sharp(Buffer.from(sketchSvg(zone, variant)));
  return variant === 0 ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

async function* once(data: Buffer): AsyncGenerator<Uint8Array> {
  yield data;
}

/**
 * The demo risk zones of a run, placed from where its machine is now (seed after its history):
 * one passed, one approaching a few rings ahead, three further on; each with one or two pictures
 * drawn here. A run that already holds zones is left as it is. Answers the zones made.
 */
export async function seedDemoRiskPoints(db: Kysely<Database>, files: FilesService, service: Pick<RiskService, 'position'>, runId: number, now: number): Promise<number> {
  const repo = new RiskRepo(db);
  if ((await repo.countOf(runId)) > 0) return 0;
  const run = await db.selectFrom('runs').select(['id', 'start_chainage', 'end_chainage', 'start_ring', 'ring_width_mm']).where('id', '=', runId).executeTakeFirst();
  if (!run) return 0;
  const uploader = await db.selectFrom('users').select('id').where('is_sa', '=', 1).orderBy('id').executeTakeFirst();
  if (!uploader) return 0;
  const drive = geometryOf(run);
  const direction = directionOf(drive);
  const { chainage } = await service.position(run);
  const round = (m: number) => Math.round(m * 1000) / 1000;
  for (const zone of ZONES) {
    const near = chainage + direction * zone.ringsAhead * drive.ringWidthM;
    const far = near + direction * zone.lengthRings * drive.ringWidthM;
    const [start, end] = [round(Math.min(near, far)), round(Math.max(near, far))];
    const id = await repo.insert({
      run_id: runId,
      code: zone.code,
      position: round((start + end) / 2),
      name: zone.name,
      start_chainage: start,
      end_chainage: end,
      remark: `${zone.remark} (${formatChainage(start, 1)} – ${formatChainage(end, 1)})`,
      settlement_level: zone.settlement,
      vibration_level: zone.vibration,
      description: zone.description,
      notified_state: null,
      created_by: uploader.id,
      created_at: now,
      updated_at: now,
    });
    const ids: string[] = [];
    for (let variant = 0; variant < zone.pictures; variant += 1) {
      const data = await demoPicture(zone, variant);
      const stored = await files.put(once(data), { purpose: 'riskPicture', runId, uploaderId: uploader.id, name: `${zone.code}-${variant + 1}.${variant === 0 ? 'jpg' : 'png'}` });
      ids.push(stored.id);
    }
    await files.attach(ids, { kind: 'riskPoint', id }, { runId });
  }
  return ZONES.length;
}
