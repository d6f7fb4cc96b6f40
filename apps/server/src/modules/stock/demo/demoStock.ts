import type { Kysely } from 'kysely';
import { DAY_MS, formatLocalDate, localDateOf, parseLocalDate, shiftLocalDate, zonedMinutesToUtc } from '../../../core/timeZone.js';
import type { Database } from '../../../db/schema.js';
import { type LineMilli, movesOfLines, movesOfSheet, reversalOf, type SheetHeader, toMilli, writeSheet } from '../ledger.js';

/** Who takes the parts: the crew that works on the machine's systems. */
type Group = 'cutters' | 'ring' | 'lube' | 'mech' | 'elec';

/**
 * How a part is used: per ring built (`ring`, expected quantity per ring, issued only on days
 * with rings), on some calendar days (`day`, probability and quantity range), at a maintenance
 * job of the run (`job`, the plan's title and the quantity), or kept as an insurance spare.
 */
type Use = { ring: number } | { day: number; qty: readonly [number, number] } | { job: string; qty: number } | null;

interface DemoPart {
  code: string;
  name: string;
  unit: string;
  system: string;
  component: string;
  spec: string;
  location: string;
  warning: number;
  lead: number;
  first: number;
  lot: number;
  group: Group;
  use: Use;
}

/** The three parts each demo store ends below their warning line (one of them the cutter the demo message names). */
export const DEMO_BELOW_LINE = ['DC-17-432', 'TS-BR-3R', 'HF-RET-25'] as const;

const P = (
  code: string,
  name: string,
  unit: string,
  system: string,
  component: string,
  spec: string,
  location: string,
  stock: { warning: number; lead: number; first: number; lot: number },
  group: Group,
  use: Use,
): DemoPart => ({ code, name, unit, system, component, spec, location, ...stock, group, use });

/**
 * About eighty parts of a TBM site's store (names are data: English, as the maintenance demo's
 * plans), per machine type: a slurry machine bores with 19" cutters, uses much more bentonite
 * and no screw conveyor. Rates per ring are for a 6–7 m EPB building 8–12 rings a day.
 */
export function demoParts(machineType: string, ringWidthM: number): DemoPart[] {
  const slurry = machineType === 'slurry';
  const parts: DemoPart[] = [
    // Cutterhead
    P('DC-17-432', 'Disc cutter 17"', 'pcs', 'Cutterhead', 'Disc cutters', '17" single disc, 250 kN, CCS ring', 'Container C1 – rack A1', { warning: 8, lead: 28, first: 40, lot: 24 }, 'cutters', { ring: slurry ? 0.05 : 0.12 }),
    P('CC-17-T2', 'Centre cutter 17" twin', 'pcs', 'Cutterhead', 'Centre cutters', '17" twin disc, 2 × 250 kN', 'Container C1 – rack A2', { warning: 2, lead: 42, first: 6, lot: 4 }, 'cutters', { ring: 0.015 }),
    P('DC-RG-17', 'Cutter ring 17", replacement', 'pcs', 'Cutterhead', 'Disc cutters', 'CCS ring for rebuilds in the cutter shop', 'Container C1 – shelf A3', { warning: 10, lead: 21, first: 30, lot: 20 }, 'cutters', { ring: 0.05 }),
    P('DC-SK-17', 'Cutter hub seal kit (duo-cone)', 'set', 'Cutterhead', 'Disc cutters', 'Duo-cone seals with O-rings, 17"', 'Container C1 – shelf A3', { warning: 6, lead: 28, first: 20, lot: 12 }, 'cutters', { ring: 0.04 }),
    P('DC-WL-17', 'Cutter wedge lock set 17"', 'set', 'Cutterhead', 'Cutter housings', 'Wedge, clamp block and bolts', 'Container C1 – shelf A4', { warning: 6, lead: 21, first: 20, lot: 12 }, 'cutters', { ring: 0.05 }),
    P('CH-BLT-M30', 'Cutter housing bolt M30 12.9', 'pcs', 'Cutterhead', 'Cutter housings', 'M30 × 120, class 12.9, with washer', 'Container C1 – shelf A5', { warning: 20, lead: 14, first: 80, lot: 40 }, 'cutters', { ring: 0.4 }),
    P('SC-250-HM', 'Scraper 250 mm, carbide', 'pcs', 'Cutterhead', 'Scrapers', '250 mm, tungsten carbide inserts', 'Container C1 – rack B1', { warning: 10, lead: 28, first: 40, lot: 20 }, 'cutters', { ring: 0.08 }),
    P('BK-400', 'Bucket lip 400 mm', 'pcs', 'Cutterhead', 'Buckets', 'Hardfaced bucket lip, 400 mm', 'Container C1 – rack B2', { warning: 4, lead: 35, first: 12, lot: 8 }, 'cutters', { ring: 0.02 }),
    P('SC-BLT-M20', 'Scraper bolt M20 × 90, 10.9 with nut', 'pcs', 'Cutterhead', 'Scrapers', 'M20 × 90, class 10.9', 'Container C1 – shelf B3', { warning: 40, lead: 14, first: 200, lot: 100 }, 'cutters', { ring: 0.4 }),
    P('WP-CH-20', 'Wear plate, cutterhead face', 'pcs', 'Cutterhead', 'Face plates', 'Hardox 500, 20 mm, 300 × 200', 'Container C1 – rack B4', { warning: 4, lead: 21, first: 12, lot: 6 }, 'cutters', { ring: 0.015 }),
    P('WD-GC-01', 'Gauge cutter wear detector', 'pcs', 'Cutterhead', 'Wear detection', 'Hydraulic wear detector, 2 mm', 'Container C2 – shelf E1', { warning: 2, lead: 42, first: 6, lot: 4 }, 'elec', { day: 0.05, qty: [1, 1] }),
    // Shield and tail seal
    P('TS-BR-3R', 'Tail-seal wire brush', 'pcs', 'Shield', 'Tail seal', 'Spring-steel brush, rows 1–3', 'Container C2 – rack C1', { warning: 12, lead: 35, first: 60, lot: 30 }, 'ring', { ring: 0.12 }),
    P('TSG-F200', 'Tail-seal grease, fibrous', 'kg', 'Shield', 'Tail seal', '200 kg barrel, pumpable at 5 °C', 'Grease store – bay 1', { warning: 800, lead: 14, first: 4000, lot: 2000 }, 'lube', { ring: 35 }),
    P('MBG-EP2', 'Main bearing grease EP2', 'kg', 'Main drive', 'Main bearing', 'NLGI 2, lithium complex, 180 kg drum', 'Grease store – bay 2', { warning: 180, lead: 14, first: 720, lot: 360 }, 'lube', { ring: 4 }),
    P('HBW-SG', 'Main drive seal grease (HBW)', 'kg', 'Main drive', 'Outer seal', 'HBW sealing grease, 50 kg pail', 'Grease store – bay 2', { warning: 100, lead: 14, first: 400, lot: 200 }, 'lube', { ring: 2 }),
    P('FOAM-SC', 'Foam agent, soil conditioning', 'L', 'Soil conditioning', 'Foam system', '1,000 L IBC, biodegradable', 'Additive yard – IBC row 1', slurry ? { warning: 200, lead: 10, first: 1000, lot: 1000 } : { warning: 1000, lead: 10, first: 5000, lot: 3000 }, 'lube', { ring: slurry ? 2 : 25 }),
    P('POLY-AC', 'Polymer additive, anti-clay', 'L', 'Soil conditioning', 'Additive system', '200 L drum', 'Additive yard – rack 2', { warning: 200, lead: 10, first: 800, lot: 400 }, 'lube', { ring: 3 }),
    P('BENT-NA', 'Bentonite, sodium activated', 'kg', slurry ? 'Slurry circuit' : 'Soil conditioning', 'Bentonite plant', '1 t big bag, API 13A', 'Additive yard – silo', slurry ? { warning: 10000, lead: 7, first: 40000, lot: 20000 } : { warning: 2000, lead: 7, first: 8000, lot: 5000 }, 'lube', { ring: slurry ? 350 : 60 }),
    P('HYD-46', 'Hydraulic oil HVLP 46', 'L', 'Hydraulics', 'Main tank', '208 L drum', 'Oil store – rack 1', { warning: 400, lead: 10, first: 2000, lot: 1040 }, 'lube', { ring: 6 }),
    P('GO-320', 'Gear oil CLP 320', 'L', 'Main drive', 'Gearboxes', '208 L drum', 'Oil store – rack 2', { warning: 200, lead: 14, first: 624, lot: 416 }, 'mech', { day: 0.15, qty: [10, 40] }),
    P('HF-PRS-10', 'Hydraulic pressure filter element', 'pcs', 'Hydraulics', 'Pressure filters', '10 µm, 420 bar', 'Container C2 – shelf D1', { warning: 4, lead: 21, first: 12, lot: 8 }, 'mech', { job: 'Pressure filters', qty: 4 }),
    P('HF-RET-25', 'Hydraulic return filter element', 'pcs', 'Hydraulics', 'Return filters', '25 µm, changed by operating hours', 'Container C2 – shelf D1', { warning: 6, lead: 21, first: 16, lot: 12 }, 'mech', { ring: 0.04 }),
    P('HF-SUC-125', 'Suction strainer element', 'pcs', 'Hydraulics', 'Main tank', '125 µm', 'Container C2 – shelf D2', { warning: 2, lead: 21, first: 6, lot: 4 }, 'mech', { ring: 0.005 }),
    P('HF-BRE-3', 'Tank breather filter', 'pcs', 'Hydraulics', 'Main tank', '3 µm with desiccant', 'Container C2 – shelf D2', { warning: 2, lead: 21, first: 8, lot: 6 }, 'mech', { ring: 0.01 }),
    P('GP-FIL-01', 'Grease pump filter', 'pcs', 'Main drive', 'Lubrication', 'Inline filter of the grease pumps', 'Container C2 – shelf D3', { warning: 2, lead: 21, first: 8, lot: 6 }, 'mech', { ring: 0.01 }),
    P('MD-GOF-10', 'Gear oil filter element', 'pcs', 'Main drive', 'Gearboxes', '10 µm', 'Container C2 – shelf D3', { warning: 2, lead: 21, first: 6, lot: 4 }, 'mech', { ring: 0.005 }),
    // Segments and ring build
    P('SB-M24-C', 'Segment bolt M24, curved', 'pcs', 'Segment lining', 'Bolts', 'M24 × 400, class 8.8, galvanised, nut and washer', 'Segment yard – bolt store', { warning: 800, lead: 14, first: 3200, lot: 2400 }, 'ring', { ring: 28 }),
    P('SD-40-GR', 'Segment dowel (guiding rod)', 'pcs', 'Segment lining', 'Dowels', 'Ø40 × 250, polyamide', 'Segment yard – bolt store', { warning: 400, lead: 14, first: 1600, lot: 1200 }, 'ring', { ring: 14 }),
    P('GK-EPDM-R', 'EPDM gasket frame, ring set', 'set', 'Segment lining', 'Gaskets', 'Anchored EPDM frames for one ring', 'Segment yard – gasket store', { warning: 30, lead: 21, first: 120, lot: 80 }, 'ring', { ring: 1 }),
    P('HS-20-5', 'Hydrophilic sealing strip 20 × 5', 'm', 'Segment lining', 'Gaskets', 'Swells in water, for segment repairs', 'Segment yard – gasket store', { warning: 100, lead: 21, first: 600, lot: 400 }, 'ring', { ring: 4 }),
    P('PK-BIT-3', 'Packer pad, bitumen', 'pcs', 'Segment lining', 'Joints', '3 mm, radial joints', 'Segment yard – shelf 3', { warning: 400, lead: 14, first: 1600, lot: 1200 }, 'ring', { ring: 14 }),
    P('GRT-PLG', 'Grout plug with non-return valve', 'pcs', 'Segment lining', 'Grout holes', 'For the segment grout sockets', 'Segment yard – shelf 4', { warning: 200, lead: 14, first: 800, lot: 600 }, 'ring', { ring: 7 }),
    P('ER-VS-01', 'Erector vacuum plate seal', 'pcs', 'Segment erector', 'Vacuum plate', 'Neoprene lip seal', 'Container C2 – shelf F1', { warning: 2, lead: 28, first: 6, lot: 4 }, 'ring', { ring: 0.01 }),
    P('ER-GP-02', 'Erector gripper pad', 'pcs', 'Segment erector', 'Gripper', 'Polyurethane pad', 'Container C2 – shelf F1', { warning: 4, lead: 28, first: 12, lot: 8 }, 'ring', { ring: 0.02 }),
    P('RL-SLP-S', 'Track sleeper, steel', 'pcs', 'Backup', 'Track', 'For the 900 mm gauge track', 'Yard – stack 2', { warning: 30, lead: 14, first: 150, lot: 100 }, 'ring', { ring: 1 }),
    P('WP-DN100', 'Water pipe DN100, 6 m', 'pcs', 'Water system', 'Tunnel pipes', 'Victaulic ends', 'Yard – stack 3', { warning: 20, lead: 14, first: 100, lot: 60 }, 'ring', { ring: ringWidthM / 6 }),
    P('VD-1000', 'Ventilation duct cassette Ø1000, 100 m', 'pcs', 'Ventilation', 'Duct cassette', 'Flame retardant PVC', 'Yard – stack 4', { warning: 1, lead: 21, first: 4, lot: 3 }, 'ring', { ring: ringWidthM / 100 }),
    // Conveyor
    P('BI-C133', 'Belt idler roller, carrying', 'pcs', 'Belt conveyor', 'Idlers', 'Ø133 × 380', 'Container C3 – rack G1', { warning: 10, lead: 21, first: 40, lot: 20 }, 'mech', { ring: 0.15 }),
    P('BI-R133', 'Belt return roller', 'pcs', 'Belt conveyor', 'Idlers', 'Ø133 × 1150', 'Container C3 – rack G1', { warning: 6, lead: 21, first: 20, lot: 10 }, 'mech', { ring: 0.05 }),
    P('BS-CV-800', 'Conveyor belt splice kit, cold vulcanising', 'set', 'Belt conveyor', 'Belt', 'For EP630/4, 800 mm', 'Container C3 – shelf G2', { warning: 2, lead: 21, first: 6, lot: 4 }, 'mech', { ring: 0.012 }),
    ...(slurry ? [] : [P('BELT-800', 'Conveyor belt EP630/4, 800 mm', 'm', 'Belt conveyor', 'Belt cassette', 'EP630/4, 5 + 2 mm covers', 'Yard – belt reel', { warning: 100, lead: 28, first: 600, lot: 400 }, 'mech', { ring: 2 * ringWidthM })]),
    P('BSC-800', 'Belt scraper blade 800 mm', 'pcs', 'Belt conveyor', 'Scrapers', 'Polyurethane', 'Container C3 – shelf G3', { warning: 2, lead: 21, first: 8, lot: 6 }, 'mech', { ring: 0.015 }),
    slurry
      ? P('SP-WR-12', 'Slurry pump wear ring', 'pcs', 'Slurry circuit', 'Feed pump', 'Hi-chrome, P1 pump', 'Container C3 – rack H1', { warning: 1, lead: 42, first: 4, lot: 2 }, 'mech', { ring: 0.01 })
      : P('SCW-WP-16', 'Screw conveyor wear plate', 'pcs', 'Screw conveyor', 'Casing', 'Hardox 500, 16 mm', 'Container C3 – rack H1', { warning: 4, lead: 28, first: 16, lot: 8 }, 'mech', { ring: 0.03 }),
    // Grouting
    P('GP-PST-02', 'Grout pump piston', 'pcs', 'Grouting', 'Grout pumps', 'Two-component grout pump, Ø100', 'Container C2 – shelf H2', { warning: 2, lead: 28, first: 8, lot: 6 }, 'mech', { job: 'Grout pumps overhaul', qty: 2 }),
    P('GP-BV-SET', 'Grout pump ball valve set', 'set', 'Grouting', 'Grout pumps', 'Balls, seats and springs', 'Container C2 – shelf H2', { warning: 2, lead: 28, first: 6, lot: 4 }, 'mech', { ring: 0.01 }),
    P('GP-SK-100', 'Grout pump piston seal kit', 'set', 'Grouting', 'Grout pumps', 'For Ø100 pistons', 'Container C2 – shelf H2', { warning: 4, lead: 28, first: 12, lot: 8 }, 'mech', { ring: 0.02 }),
    P('GH-DN50-5', 'Grout hose DN50 high pressure, 5 m', 'pcs', 'Grouting', 'Grout lines', '100 bar, with couplings', 'Container C3 – rack H3', { warning: 2, lead: 21, first: 8, lot: 6 }, 'mech', { ring: 0.02 }),
    P('GL-CB-50', 'Grout line cleaning ball', 'pcs', 'Grouting', 'Grout lines', 'Sponge ball, DN50', 'Container C3 – shelf H4', { warning: 10, lead: 14, first: 40, lot: 30 }, 'mech', { ring: 0.05 }),
    // Hydraulics and thrust
    P('HH-12-15', 'Hydraulic hose 1/2" 2SN, 1.5 m', 'pcs', 'Hydraulics', 'Hoses', 'Crimped, JIC ends', 'Container C2 – rack D4', { warning: 6, lead: 7, first: 20, lot: 10 }, 'mech', { day: 0.3, qty: [1, 2] }),
    P('HH-1-20', 'Hydraulic hose 1" 4SH, 2 m', 'pcs', 'Hydraulics', 'Hoses', 'Crimped, SAE flanges', 'Container C2 – rack D4', { warning: 4, lead: 7, first: 12, lot: 6 }, 'mech', { day: 0.15, qty: [1, 1] }),
    P('OR-NBR-KIT', 'O-ring kit NBR, metric', 'set', 'Hydraulics', 'Seals', '382 O-rings, 30 sizes', 'Container C2 – shelf D5', { warning: 2, lead: 14, first: 6, lot: 4 }, 'mech', { day: 0.2, qty: [1, 1] }),
    P('QC-12-FF', 'Quick coupling 1/2" flat face', 'pcs', 'Hydraulics', 'Couplings', 'Male and female pair', 'Container C2 – shelf D5', { warning: 6, lead: 14, first: 20, lot: 10 }, 'mech', { day: 0.2, qty: [1, 2] }),
    P('PRV-CART', 'Pressure relief valve cartridge', 'pcs', 'Hydraulics', 'Valves', '350 bar', 'Container C2 – shelf D6', { warning: 1, lead: 42, first: 3, lot: 2 }, 'mech', null),
    P('TC-SK-01', 'Thrust cylinder seal kit', 'set', 'Thrust system', 'Thrust cylinders', 'Piston and rod seals', 'Container C2 – shelf F2', { warning: 2, lead: 42, first: 4, lot: 2 }, 'mech', { day: 0.04, qty: [1, 1] }),
    P('TC-SHOE-PU', 'Thrust shoe pad, polyurethane', 'pcs', 'Thrust system', 'Thrust shoes', '90 Shore A', 'Container C2 – shelf F2', { warning: 4, lead: 28, first: 16, lot: 8 }, 'mech', { ring: 0.02 }),
    P('AC-SEAL-S', 'Articulation seal segment', 'pcs', 'Thrust system', 'Articulation', 'Inflatable seal segment', 'Container C2 – shelf F3', { warning: 2, lead: 56, first: 6, lot: 4 }, 'mech', null),
    // Main drive and auxiliaries
    P('MD-CPL-IN', 'Motor coupling insert', 'pcs', 'Main drive', 'Motors', 'Elastomer spider', 'Container C2 – shelf F4', { warning: 2, lead: 28, first: 6, lot: 4 }, 'mech', null),
    P('MD-LAB-LIP', 'Labyrinth seal lip, main bearing', 'pcs', 'Main drive', 'Main bearing', 'Polyurethane lip, split', 'Container C2 – rack F5', { warning: 1, lead: 70, first: 2, lot: 1 }, 'mech', null),
    P('WP-MSEAL', 'Water pump mechanical seal', 'pcs', 'Water system', 'Cooling pumps', 'SiC/SiC, Ø45', 'Container C3 – shelf J1', { warning: 1, lead: 28, first: 3, lot: 2 }, 'mech', null),
    P('CMP-AF', 'Compressor air filter element', 'pcs', 'Compressed air', 'Compressor', 'For the 75 kW screw compressor', 'Container C3 – shelf J2', { warning: 1, lead: 21, first: 4, lot: 2 }, 'mech', null),
    P('GRS-C400', 'Grease cartridge EP2, 400 g', 'pcs', 'Workshop', 'Hand greasing', '400 g cartridge', 'Container C3 – shelf K1', { warning: 24, lead: 7, first: 96, lot: 48 }, 'mech', { day: 0.3, qty: [2, 6] }),
    P('SPR-PEN', 'Penetrating oil spray, 400 ml', 'pcs', 'Workshop', 'Consumables', '400 ml can', 'Container C3 – shelf K1', { warning: 6, lead: 7, first: 24, lot: 12 }, 'mech', { day: 0.2, qty: [1, 3] }),
    P('ABS-PAD', 'Oil absorbent pads, bale of 100', 'pcs', 'Workshop', 'Consumables', '40 × 50 cm', 'Container C3 – shelf K2', { warning: 2, lead: 7, first: 8, lot: 4 }, 'mech', { day: 0.1, qty: [1, 1] }),
    P('SLG-2T-2', 'Round sling 2 t, 2 m', 'pcs', 'Backup', 'Lifting gear', 'EN 1492-2, green', 'Container C3 – rack K3', { warning: 2, lead: 14, first: 8, lot: 4 }, 'mech', { day: 0.05, qty: [1, 1] }),
    P('FE-6KG', 'Fire extinguisher, 6 kg powder', 'pcs', 'Safety', 'Fire protection', 'ABC powder', 'Container C3 – rack K4', { warning: 2, lead: 14, first: 10, lot: 6 }, 'mech', null),
    P('ML-DSEAL', 'Man lock door seal', 'pcs', 'Man lock', 'Lock chambers', 'Silicone profile, main chamber', 'Container C2 – shelf F6', { warning: 1, lead: 56, first: 2, lot: 1 }, 'mech', null),
    // Electrical, PLC and sensors
    P('PLC-DI32', 'PLC input module 32 DI', 'pcs', 'Electrical', 'PLC', '6ES7521-1BL00-0AB0', 'Electrical container – cabinet 1', { warning: 1, lead: 56, first: 2, lot: 1 }, 'elec', null),
    P('PLC-AI8', 'PLC analog input module 8 AI', 'pcs', 'Electrical', 'PLC', '6ES7531-7KF00-0AB0', 'Electrical container – cabinet 1', { warning: 1, lead: 56, first: 2, lot: 1 }, 'elec', null),
    P('PLC-IM155', 'PLC remote I/O interface module', 'pcs', 'Electrical', 'PLC', '6ES7155-6AU01-0CN0', 'Electrical container – cabinet 1', { warning: 1, lead: 56, first: 2, lot: 1 }, 'elec', null),
    P('SNS-EP-6', 'Earth pressure sensor 0–6 bar', 'pcs', 'Cutterhead', 'Chamber sensors', '4–20 mA, flush diaphragm', 'Electrical container – shelf 2', { warning: 1, lead: 42, first: 3, lot: 2 }, 'elec', { job: 'Earth pressure sensors', qty: 1 }),
    P('SNS-PT-400', 'Pressure transmitter 0–400 bar', 'pcs', 'Hydraulics', 'Sensors', '4–20 mA, G1/4', 'Electrical container – shelf 2', { warning: 2, lead: 28, first: 6, lot: 4 }, 'elec', { day: 0.04, qty: [1, 1] }),
    P('SNS-IND-18', 'Inductive proximity sensor M18', 'pcs', 'Electrical', 'Sensors', 'PNP, 8 mm', 'Electrical container – shelf 3', { warning: 4, lead: 14, first: 12, lot: 8 }, 'elec', { day: 0.1, qty: [1, 1] }),
    P('SNS-STK-MS', 'Cylinder stroke sensor, magnetostrictive', 'pcs', 'Thrust system', 'Stroke sensors', '0–2,500 mm, CANopen', 'Electrical container – shelf 3', { warning: 1, lead: 42, first: 3, lot: 2 }, 'elec', { day: 0.02, qty: [1, 1] }),
    P('GAS-CH4-C', 'Gas detector head CH4', 'pcs', 'Safety', 'Gas detectors', 'Catalytic bead, 0–100 % LEL', 'Electrical container – shelf 4', { warning: 1, lead: 28, first: 4, lot: 2 }, 'elec', { job: 'Gas detectors bump test', qty: 1 }),
    P('LMP-LED40', 'LED tunnel lamp 40 W', 'pcs', 'Electrical', 'Lighting', 'IP66, 230 V', 'Electrical container – rack 5', { warning: 10, lead: 14, first: 60, lot: 40 }, 'elec', { day: 0.5, qty: [1, 4] }),
    P('LMP-EXIT', 'Emergency exit light', 'pcs', 'Safety', 'Lighting', '3 h battery', 'Electrical container – rack 5', { warning: 4, lead: 21, first: 12, lot: 8 }, 'elec', { day: 0.08, qty: [1, 1] }),
    P('CBL-5G25', 'Power cable H07RN-F 5G2.5', 'm', 'Electrical', 'Cables', 'Rubber, 450/750 V', 'Electrical container – drum 1', { warning: 50, lead: 14, first: 300, lot: 200 }, 'elec', { day: 0.15, qty: [10, 30] }),
    P('FUSE-NH63', 'Fuse NH00 63 A', 'pcs', 'Electrical', 'Distribution', 'gG, 500 V', 'Electrical container – shelf 6', { warning: 6, lead: 14, first: 24, lot: 12 }, 'elec', { day: 0.1, qty: [1, 3] }),
    P('CT-40-24', 'Contactor 40 A, 24 V DC coil', 'pcs', 'Electrical', 'Motor starters', '3 NO + 1 NO/1 NC', 'Electrical container – shelf 6', { warning: 2, lead: 21, first: 6, lot: 4 }, 'elec', { day: 0.03, qty: [1, 1] }),
    P('HV-TERM-20', 'Cable termination kit 20 kV', 'set', 'Electrical', 'Transformer 20 kV', 'Cold shrink, 95 mm²', 'Electrical container – shelf 7', { warning: 1, lead: 42, first: 3, lot: 2 }, 'elec', null),
    P('RC-BAT-ER', 'Erector radio control battery', 'pcs', 'Segment erector', 'Control', 'Li-ion pack', 'Electrical container – shelf 8', { warning: 2, lead: 21, first: 6, lot: 4 }, 'elec', { day: 0.05, qty: [1, 1] }),
  ];
  if (slurry) {
    parts.unshift(
      P('DC-19-510', 'Disc cutter 19"', 'pcs', 'Cutterhead', 'Disc cutters', '19" single disc, 315 kN, back-loading', 'Container C1 – rack A0', { warning: 6, lead: 35, first: 36, lot: 20 }, 'cutters', { ring: 0.12 }),
      P('SL-PIPE-300', 'Slurry pipe DN300, 6 m', 'pcs', 'Slurry circuit', 'Tunnel pipes', 'Flanged, 16 bar', 'Yard – stack 5', { warning: 10, lead: 21, first: 50, lot: 30 }, 'ring', { ring: (2 * ringWidthM) / 6 }),
    );
  }
  return parts;
}

/** Store keepers and crews per site country (the crew names: cutter fitters, ring builders, fitter, electrician). */
const PEOPLE: Record<string, { keepers: readonly string[]; crew: Record<Group, readonly string[]> }> = {
  IT: { keepers: ['Roberta Colombo', 'Davide Marchetti'], crew: { cutters: ['Stefano Ricci', 'Alessandro Moretti'], ring: ['Giorgio Fontana', 'Matteo Greco'], lube: ['Marco Bianchi'], mech: ['Marco Bianchi', 'Francesco Lombardi'], elec: ['Luca Ferri'] } },
  TR: { keepers: ['Hatice Kaya', 'Serkan Öztürk'], crew: { cutters: ['Mehmet Çelik', 'Burak Aydın'], ring: ['Oğuz Koç', 'Hakan Şen'], lube: ['Ahmet Yılmaz'], mech: ['Ahmet Yılmaz', 'Emre Demir'], elec: ['Volkan Aksoy'] } },
  PT: { keepers: ['Ana Rodrigues', 'Paulo Sousa'], crew: { cutters: ['Tiago Martins', 'Nuno Ferreira'], ring: ['Miguel Santos', 'Bruno Carvalho'], lube: ['João Pereira'], mech: ['João Pereira', 'Rui Costa'], elec: ['Hugo Lopes'] } },
  CN: { keepers: ['刘芳', '陈磊'], crew: { cutters: ['张强', '王磊'], ring: ['赵军', '周涛'], lube: ['李伟'], mech: ['李伟', '孙浩'], elec: ['吴刚'] } },
  XX: { keepers: ['Karen Walsh', 'Tom Fletcher'], crew: { cutters: ['Dan Hughes', 'Sam Porter'], ring: ['Ryan Cole', 'Mark Ellis'], lube: ['Chris Ward'], mech: ['Chris Ward', 'Neil Grant'], elec: ['Paul Reid'] } },
};

/** A small deterministic generator: the same demo each time for the same seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 0x1_0000_0000;
  };
}

const GROUPS: readonly Group[] = ['cutters', 'ring', 'lube', 'mech', 'elec'];
/** Wall time (minutes) at which each crew's stock-out is written; restocks arrive at the end of the day. */
const OUT_AT: Record<Group, number> = { cutters: 7 * 60 + 40, ring: 9 * 60 + 15, lube: 11 * 60, mech: 13 * 60 + 30, elec: 15 * 60 + 10 };
const RESTOCK_AT = 17 * 60 + 30;

interface PlannedSheet {
  kind: 'in' | 'out';
  inType: 'first' | 'restock' | null;
  date: string;
  reorderDate: string | null;
  minutes: number;
  handler: string;
  recipient: string | null;
  remark: string | null;
  mtceRecordId: number | null;
  lines: { index: number; milli: number }[];
}

/**
 * A demo run's spare-part store: about eighty parts with three weeks of sheets (fewer when the
 * recorded history is shorter) that follow the rings the machine built: a first delivery at the
 * start, daily stock-outs per crew proportional to the day's rings (none of the ring-bound parts
 * on days without rings), restocks when a part reaches its warning line, stock-outs for the
 * maintenance jobs of the run's records, and one stock-out corrected the next day. Three parts
 * (DEMO_BELOW_LINE) end at or below their warning line and none below zero. Every sheet goes
 * through the ledger. Runs that already have parts are left alone. Answers what was written.
 */
export async function seedDemoStock(
  db: Kysely<Database>,
  run: { runId: number; seed: number },
  now: number,
  historyDays = 21,
): Promise<{ parts: number; sheets: number }> {
  const held = await db.selectFrom('stock_parts').select('id').where('run_id', '=', run.runId).executeTakeFirst();
  if (held) return { parts: 0, sheets: 0 };
  const info = await db.selectFrom('runs').select(['time_zone', 'machine_type', 'country', 'ring_width_mm']).where('id', '=', run.runId).executeTakeFirstOrThrow();
  const zone = info.time_zone;
  const rnd = random(run.seed * 4099 + 29);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const people = PEOPLE[info.country ?? ''] ?? (PEOPLE.XX as (typeof PEOPLE)[string]);
  const catalogue = demoParts(info.machine_type, Number(info.ring_width_mm) / 1000);

  // The days of the store's history: three weeks, or the recorded history when it is shorter.
  const days = Math.max(1, Math.min(21, Math.floor(historyDays)));
  const from = now - days * DAY_MS;
  const first = parseLocalDate(localDateOf(from, zone));
  const today = localDateOf(now, zone);
  const dates: string[] = [];
  for (let d = first; formatLocalDate(d) <= today; d = shiftLocalDate(d, 1)) dates.push(formatLocalDate(d));

  // Rings built per local day (a ring counts for the day it ends in).
  const rings = await db.selectFrom('rings').select(['ring_no', 'end_ts']).where('run_id', '=', run.runId).where('end_ts', '>=', from).where('end_ts', '<=', now).orderBy('end_ts').execute();
  const ringsOn = new Map<string, number[]>();
  for (const ring of rings) {
    const date = localDateOf(Number(ring.end_ts), zone);
    ringsOn.set(date, [...(ringsOn.get(date) ?? []), Number(ring.ring_no)]);
  }
  // The run's maintenance records of those days, by plan title and date (parts issued for the job).
  const records = await db
    .selectFrom('mtce_records')
    .innerJoin('mtce_plans', 'mtce_plans.id', 'mtce_records.plan_id')
    .select(['mtce_records.id', 'mtce_records.time', 'mtce_plans.title'])
    .where('mtce_records.run_id', '=', run.runId)
    .where('mtce_records.time', '>=', from)
    .where('mtce_records.time', '<=', now)
    .orderBy('mtce_records.time')
    .execute();
  const recordOn = new Map<string, number>();
  for (const record of records) {
    const key = `${record.title}|${localDateOf(Number(record.time), zone)}`;
    if (!recordOn.has(key)) recordOn.set(key, Number(record.id));
  }

  // Each day's use per part, drawn first: the parts that end below their line get a first
  // delivery sized to end there (the reorder is still on its way), the others are restocked.
  const units = (part: DemoPart, quantity: number): number => (part.unit === 'kg' || part.unit === 'L' || part.unit === 'm' ? Math.max(0, Math.round(quantity)) : Math.max(0, Math.floor(quantity + rnd())));
  const use: number[][] = dates.map((date) => {
    const built = ringsOn.get(date)?.length ?? 0;
    return catalogue.map((part) => {
      const how = part.use;
      if (!how) return 0;
      if ('ring' in how) return built === 0 ? 0 : units(part, how.ring * built * (part.unit === 'pcs' || part.unit === 'set' ? 1 : 0.85 + rnd() * 0.3));
      if ('day' in how) return rnd() < how.day ? how.qty[0] + Math.floor(rnd() * (how.qty[1] - how.qty[0] + 1)) : 0;
      return recordOn.has(`${how.job}|${date}`) ? how.qty : 0;
    });
  });
  const below = new Set<string>(DEMO_BELOW_LINE);
  const stock = catalogue.map((part) => {
    if (!below.has(part.code)) return Math.max(part.first, part.warning + part.lot);
    const total = use.reduce((sum, day) => sum + (day[catalogue.indexOf(part)] ?? 0), 0);
    return total + Math.max(1, Math.ceil(part.warning * (0.4 + rnd() * 0.4)));
  });

  const sheets: PlannedSheet[] = [];
  // The store keepers work a weekly rota.
  const keeper = (date: string) => people.keepers[Math.floor(Math.max(0, dates.indexOf(date)) / 7) % people.keepers.length] as string;
  const startDate = dates[0] as string;
  sheets.push({
    kind: 'in',
    inType: 'first',
    date: startDate,
    reorderDate: formatLocalDate(shiftLocalDate(parseLocalDate(startDate), -30)),
    minutes: 7 * 60,
    handler: keeper(startDate),
    recipient: null,
    remark: 'Initial store of the drive',
    mtceRecordId: null,
    lines: catalogue.map((part, index) => ({ index, milli: toMilli(stock[index] as number) })),
  });
  let correction: { sheet: number; index: number; wrong: number; right: number; ring: number | null } | null = null;
  const correctionDay = Math.floor(dates.length / 2);
  for (const [d, date] of dates.entries()) {
    const dayRings = ringsOn.get(date) ?? [];
    const day = use[d] as number[];
    for (const group of GROUPS) {
      const jobLines: Map<number, { index: number; milli: number }[]> = new Map();
      const lines: { index: number; milli: number }[] = [];
      for (const [index, part] of catalogue.entries()) {
        if (part.group !== group) continue;
        const floor = below.has(part.code) ? 1 : 0;
        const wanted = Math.min(day[index] as number, (stock[index] as number) - floor);
        if (wanted <= 0) continue;
        stock[index] = (stock[index] as number) - wanted;
        const how = part.use;
        const job = how && 'job' in how ? recordOn.get(`${how.job}|${date}`) : undefined;
        if (job !== undefined) jobLines.set(job, [...(jobLines.get(job) ?? []), { index, milli: toMilli(wanted) }]);
        else lines.push({ index, milli: toMilli(wanted) });
      }
      const recipient = pick(people.crew[group]);
      if (lines.length > 0) {
        // The lubrication crew's issue of a greasing day goes to that day's main bearing greasing record now and then.
        const greasing = group === 'lube' && rnd() < 0.35 ? (recordOn.get(`Main bearing greasing|${date}`) ?? null) : null;
        const span = dayRings.length === 1 ? `Ring ${dayRings[0]}` : `Rings ${dayRings[0]}–${dayRings.at(-1)}`;
        const remark = group === 'ring' && dayRings.length > 0 ? span : group === 'cutters' ? 'Worn tools changed after the cutter inspection' : null;
        sheets.push({ kind: 'out', inType: null, date, reorderDate: null, minutes: OUT_AT[group], handler: keeper(date), recipient, remark, mtceRecordId: greasing, lines });
        // One ring-build sheet in the middle of the history was saved with a ring's bolts missing: corrected the next day.
        const bolts = lines.findIndex((line) => catalogue[line.index]?.code === 'SB-M24-C');
        if (!correction && group === 'ring' && d >= correctionDay && bolts >= 0 && (lines[bolts]?.milli ?? 0) > toMilli(28)) {
          const right = lines[bolts]?.milli ?? 0;
          const wrong = right - toMilli(28);
          correction = { sheet: sheets.length - 1, index: bolts, wrong, right, ring: dayRings.at(-1) ?? null };
        }
      }
      for (const [recordId, jobParts] of jobLines) {
        sheets.push({ kind: 'out', inType: null, date, reorderDate: null, minutes: OUT_AT[group] + 20, handler: keeper(date), recipient, remark: 'Parts for the maintenance job', mtceRecordId: recordId, lines: jobParts });
      }
    }
    // Parts at their warning line are restocked at the end of the day, by supplier lead time.
    const byLead = new Map<number, { index: number; milli: number }[]>();
    for (const [index, part] of catalogue.entries()) {
      if (below.has(part.code)) continue;
      const level = stock[index] as number;
      if (level > part.warning) continue;
      const quantity = part.lot * Math.max(1, Math.ceil((part.warning + 1 - level) / part.lot));
      stock[index] = level + quantity;
      byLead.set(part.lead, [...(byLead.get(part.lead) ?? []), { index, milli: toMilli(quantity) }]);
    }
    for (const [lead, lines] of [...byLead.entries()].sort((a, b) => a[0] - b[0])) {
      sheets.push({ kind: 'in', inType: 'restock', date, reorderDate: formatLocalDate(shiftLocalDate(parseLocalDate(date), -lead)), minutes: RESTOCK_AT, handler: keeper(date), recipient: null, remark: null, mtceRecordId: null, lines });
    }
  }
  // Without a ring-build sheet to correct (a short history), the first stock-out of two or more pieces is the one.
  if (!correction) {
    const at = sheets.findIndex((sheet) => sheet.kind === 'out' && sheet.lines.some((line) => line.milli >= toMilli(2)));
    const sheet = sheets[at];
    const index = sheet ? sheet.lines.findIndex((line) => line.milli >= toMilli(2)) : -1;
    if (sheet && index >= 0) {
      const right = sheet.lines[index]?.milli ?? 0;
      correction = { sheet: at, index, wrong: right - toMilli(1), right, ring: null };
    }
  }

  // The catalogue, then every sheet through the ledger in the order they happened.
  const createdAt = Math.min(now, zonedMinutesToUtc(parseLocalDate(startDate), 6 * 60, zone)) - 3 * DAY_MS;
  await db
    .insertInto('stock_parts')
    .values(
      catalogue.map((part) => ({
        run_id: run.runId,
        name: part.name,
        code: part.code,
        code_key: part.code.toLowerCase(),
        unit: part.unit,
        system: part.system,
        component: part.component,
        spec: part.spec,
        location: part.location,
        warning_milli: toMilli(part.warning),
        lead_time_days: part.lead,
        remark: null,
        created_by: null,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .execute();
  const ids = new Map((await db.selectFrom('stock_parts').select(['id', 'code']).where('run_id', '=', run.runId).execute()).map((row) => [row.code, Number(row.id)]));
  const partId = (index: number): number => ids.get(catalogue[index]?.code ?? '') as number;
  const numbers = new Map<string, number>();
  const numberOf = (kind: 'in' | 'out', date: string): string => {
    const key = `${kind}|${date}`;
    const next = (numbers.get(key) ?? 0) + 1;
    numbers.set(key, next);
    return `${kind === 'in' ? 'IN' : 'OUT'}-${date.replaceAll('-', '')}-${String(next).padStart(3, '0')}`;
  };
  const enteredAt = (date: string, minutes: number): number => Math.min(now - 60_000, zonedMinutesToUtc(parseLocalDate(date), minutes, zone));
  const header = (sheet: PlannedSheet, at: number): SheetHeader => ({
    runId: run.runId,
    kind: sheet.kind,
    number: numberOf(sheet.kind, sheet.date),
    inType: sheet.inType,
    date: sheet.date,
    reorderDate: sheet.reorderDate,
    handler: sheet.handler,
    recipient: sheet.recipient,
    remark: sheet.remark,
    mtceRecordId: sheet.mtceRecordId,
    correctsId: null,
    reason: null,
    enteredBy: null,
    enteredAt: at,
  });
  const writeCorrection = async (sheetId: number, sheet: PlannedSheet, fix: NonNullable<typeof correction>, at: number) => {
    const lines: LineMilli[] = sheet.lines.map((line) => ({ partId: partId(line.index), quantityMilli: line.milli }));
    const part = catalogue[sheet.lines[fix.index]?.index ?? 0] as DemoPart;
    const reason =
      fix.ring !== null
        ? `Bolts of ring ${fix.ring} missing from the sheet: ${fix.right / 1000} ${part.unit} issued, not ${fix.wrong / 1000}`
        : `${part.name}: ${fix.right / 1000} ${part.unit} issued, ${fix.wrong / 1000} entered`;
    const moves = [...reversalOf(await movesOfSheet(db, sheetId)), ...movesOfLines('out', sheet.date, lines)];
    await writeSheet(db, { ...header(sheet, at), correctsId: sheetId, reason }, lines, moves);
  };

  let pending: { sheetId: number; sheet: PlannedSheet; fix: NonNullable<typeof correction> } | null = null;
  for (const [position, sheet] of sheets.entries()) {
    if (pending && pending.sheet.date < sheet.date) {
      await writeCorrection(pending.sheetId, pending.sheet, pending.fix, enteredAt(sheet.date, 6 * 60 + 45));
      pending = null;
    }
    const fix = correction?.sheet === position ? correction : null;
    const lines: LineMilli[] = sheet.lines.map((line, i) => ({ partId: partId(line.index), quantityMilli: fix && i === fix.index ? fix.wrong : line.milli }));
    const { sheetId } = await writeSheet(db, header(sheet, enteredAt(sheet.date, sheet.minutes)), lines, movesOfLines(sheet.kind, sheet.date, lines));
    if (fix) pending = { sheetId, sheet, fix };
  }
  if (pending) await writeCorrection(pending.sheetId, pending.sheet, pending.fix, enteredAt(pending.sheet.date, 19 * 60));
  return { parts: catalogue.length, sheets: sheets.length + (correction ? 1 : 0) };
}
