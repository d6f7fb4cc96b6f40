import type { Language } from '@boreline/contracts';

/** The words a demo drawing writes, in one language. */
export interface DrawingWords {
  plan: string;
  section: string;
  alignment: string;
  station: string;
  ticks: string;
  streets: string;
  buildings: string;
  park: string;
  legend: string;
  scale: string;
  drawingNo: string;
  line: string;
  sheet: string;
  level: string;
  chainage: string;
  geologyAtFace: string;
  ground: string;
  tunnel: string;
  equation: string;
  direction: string;
}

export const WORDS: Record<'it' | 'tr' | 'pt' | 'zh' | 'en', DrawingWords> = {
  it: {
    plan: 'Planimetria',
    section: 'Profilo longitudinale',
    alignment: 'Asse galleria',
    station: 'Stazione / pozzo',
    ticks: 'Progressive ogni 100 m',
    streets: 'Viabilità',
    buildings: 'Edifici',
    park: 'Verde pubblico',
    legend: 'Legenda',
    scale: 'Scala grafica',
    drawingNo: 'Tav. n.',
    line: 'Linea',
    sheet: 'Foglio 1 di 1',
    level: 'Quota (m s.l.m.)',
    chainage: 'Progressiva',
    geologyAtFace: 'Geologia al fronte di scavo',
    ground: 'Piano campagna',
    tunnel: 'Galleria',
    equation: 'Equazione di progressiva',
    direction: 'Direzione di scavo',
  },
  tr: {
    plan: 'Vaziyet planı',
    section: 'Boyuna kesit',
    alignment: 'Tünel güzergâhı',
    station: 'İstasyon / şaft',
    ticks: 'Kilometre, her 100 m',
    streets: 'Yollar',
    buildings: 'Binalar',
    park: 'Park',
    legend: 'Lejant',
    scale: 'Grafik ölçek',
    drawingNo: 'Pafta no.',
    line: 'Hat',
    sheet: 'Pafta 1 / 1',
    level: 'Kot (m)',
    chainage: 'Kilometre',
    geologyAtFace: 'Aynadaki jeoloji',
    ground: 'Zemin yüzeyi',
    tunnel: 'Tünel',
    equation: 'Kilometre denklemi',
    direction: 'Kazı yönü',
  },
  pt: {
    plan: 'Planta',
    section: 'Perfil longitudinal',
    alignment: 'Eixo do túnel',
    station: 'Estação / poço',
    ticks: 'PK a cada 100 m',
    streets: 'Arruamentos',
    buildings: 'Edifícios',
    park: 'Espaço verde',
    legend: 'Legenda',
    scale: 'Escala gráfica',
    drawingNo: 'Desenho n.º',
    line: 'Linha',
    sheet: 'Folha 1 de 1',
    level: 'Cota (m)',
    chainage: 'PK',
    geologyAtFace: 'Geologia na frente',
    ground: 'Superfície do terreno',
    tunnel: 'Túnel',
    equation: 'Equação de PK',
    direction: 'Sentido de escavação',
  },
  zh: {
    plan: '平面图',
    section: '纵断面图',
    alignment: '隧道中线',
    station: '车站 / 风井',
    ticks: '里程 (每 100 m)',
    streets: '道路',
    buildings: '建筑',
    park: '绿地',
    legend: '图例',
    scale: '比例尺',
    drawingNo: '图号',
    line: '线路',
    sheet: '第 1 张 共 1 张',
    level: '高程 (m)',
    chainage: '里程',
    geologyAtFace: '掌子面地质',
    ground: '地面线',
    tunnel: '隧道',
    equation: '断链',
    direction: '掘进方向',
  },
  en: {
    plan: 'Floor plan',
    section: 'Longitudinal section',
    alignment: 'Tunnel alignment',
    station: 'Station / shaft',
    ticks: 'Chainage every 100 m',
    streets: 'Streets',
    buildings: 'Buildings',
    park: 'Park',
    legend: 'Legend',
    scale: 'Graphic scale',
    drawingNo: 'Drawing no.',
    line: 'Line',
    sheet: 'Sheet 1 of 1',
    level: 'Level (m a.s.l.)',
    chainage: 'Chainage',
    geologyAtFace: 'Geology at the face',
    ground: 'Ground surface',
    tunnel: 'Tunnel',
    equation: 'Station equation',
    direction: 'Direction of drive',
  },
};

export type WordsKey = keyof typeof WORDS;

export const WORDS_OF_LANGUAGE: Record<WordsKey, Language> = { it: 'it_IT', tr: 'tr_TR', pt: 'pt_PT', zh: 'zh_CN', en: 'en_US' };

/** A ground layer of the long section: its label, colour and the level of its base along the drive (0..1). */
export interface DemoLayer {
  label: string;
  colour: string;
  /** Base level (m) at a fraction of the drive; the last layer runs to the drawing's bottom. */
  base: (f: number, ground: number) => number;
}

export interface DemoCity {
  key: 'milan' | 'istanbul' | 'lisbon' | 'wuhan';
  /** The runs' country this city stands for. */
  country: string;
  words: WordsKey;
  centre: { lat: number; lng: number };
  epsg: number;
  /** Waypoints of the route in driving order (WGS84); longer than the drive, cut at its length. */
  route: readonly (readonly [lat: number, lng: number])[];
  /** Stations along the drive: name and fraction of the drive. */
  stations: readonly (readonly [name: string, at: number, kind: 'station' | 'shaft'])[];
  /** Names of the street the tunnel follows, on its first and last straight. */
  mainStreets: readonly [string, string];
  /** Streets crossing the line, in driving order. */
  crossStreets: readonly string[];
  /** Streets parallel to the line, on its left and right. */
  parallelStreets: readonly [string, string];
  park: { name: string; at: number; side: 1 | -1 };
  /** A river crossing the line between two fractions of the drive, with its name and levels. */
  river?: { name: string; from: number; to: number; bed: number; water: number };
  /** Ground level (m) along the drive (fraction 0..1). */
  ground: (f: number) => number;
  /** Tunnel axis vertices: fraction of the drive and level (m). */
  axis: readonly (readonly [at: number, level: number])[];
  /** Levels shown on the section's axis (bottom, top), multiples of 10. */
  levels: readonly [number, number];
  layers: readonly DemoLayer[];
  /** A station equation this far along the drive (fraction), 20 m long, or none. */
  equationAt?: number;
  /** The long section's display of rings: by quality band or by state. */
  ringColouring: 'state' | 'quality';
  seed: number;
}

const wave = (f: number, period: number, phase: number) => Math.sin((f / period + phase) * Math.PI * 2);

export const DEMO_CITIES: readonly DemoCity[] = [
  {
    key: 'milan',
    country: 'IT',
    words: 'it',
    centre: { lat: 45.4642, lng: 9.19 },
    epsg: 32632,
    // M4 westbound under Corso Indipendenza, Piazza Tricolore, San Babila and Via Francesco Sforza.
    route: [
      [45.468, 9.2183],
      [45.4684, 9.2063],
      [45.4664, 9.1977],
      [45.4595, 9.1955],
      [45.456, 9.1895],
      [45.4585, 9.183],
    ],
    stations: [
      ['Dateo', 0.02, 'station'],
      ['Tricolore', 0.35, 'station'],
      ['San Babila', 0.62, 'station'],
      ['Sforza-Policlinico', 0.97, 'station'],
    ],
    mainStreets: ['Corso Indipendenza', 'Via Francesco Sforza'],
    crossStreets: ['Via Morosini', 'Viale Piave', 'Via Conservatorio', 'Corso Venezia', 'Via Durini', 'Corso Europa', 'Via Larga', 'Via della Commenda', 'Corso di Porta Romana', 'Via Bellezza'],
    parallelStreets: ['Corso di Porta Vittoria', 'Via Mascagni'],
    park: { name: 'Giardini della Guastalla', at: 0.78, side: -1 },
    ground: (f) => 121.5 - 3 * f + 0.8 * wave(f, 0.37, 0.1),
    axis: [
      [0, 103.5],
      [0.35, 100.8],
      [0.62, 99.6],
      [1, 101.2],
    ],
    levels: [70, 130],
    layers: [
      { label: 'Riporto', colour: '#c9b48a', base: (f, g) => g - 2.5 - 0.8 * wave(f, 0.23, 0.3) },
      { label: 'Sabbie e ghiaie', colour: '#e6cd84', base: (f) => 102 + 3 * wave(f, 0.8, 0.05) },
      { label: 'Limi sabbiosi', colour: '#bba784', base: (f) => 93 + 2 * wave(f, 0.6, 0.4) },
      { label: 'Ghiaie cementate (Ceppo)', colour: '#a08a6c', base: () => -1000 },
    ],
    ringColouring: 'quality',
    seed: 11,
  },
  {
    key: 'istanbul',
    country: 'TR',
    words: 'tr',
    centre: { lat: 41.0082, lng: 28.9784 },
    epsg: 5254,
    // M12 from Göztepe north through Merdivenköy and Ünalan towards Küçükçamlıca.
    route: [
      [40.981, 29.0555],
      [40.9912, 29.0707],
      [41.0035, 29.077],
      [41.0136, 29.0714],
    ],
    stations: [
      ['Göztepe', 0.02, 'station'],
      ['Merdivenköy', 0.46, 'station'],
      ['Ünalan', 0.85, 'station'],
      ['Küçükçamlıca Şaftı', 0.99, 'shaft'],
    ],
    mainStreets: ['Fahrettin Kerim Gökay Caddesi', 'Tütüncü Mehmet Efendi Caddesi'],
    crossStreets: ['Bağdat Caddesi', 'Ethem Efendi Caddesi', 'Mandıra Caddesi', 'Şemsettin Günaltay Caddesi', 'Tanzimat Sokak', 'Kayışdağı Caddesi', 'Ressam Salih Ermez Caddesi', 'Kuyubaşı Sokak', 'Sahrayıcedit Yolu', 'Kısıklı Caddesi', 'Ünalan Sokak'],
    parallelStreets: ['Ziverbey Sokak', 'Hüseyin Bey Sokak'],
    park: { name: 'Göztepe 60. Yıl Parkı', at: 0.16, side: -1 },
    ground: (f) => 38 + 62 * f + 3 * wave(f, 0.3, 0.2),
    axis: [
      [0, 14],
      [0.46, 38],
      [0.85, 62],
      [1, 70],
    ],
    levels: [-10, 120],
    layers: [
      { label: 'Dolgu', colour: '#c9b48a', base: (f, g) => g - 3 - wave(f, 0.2, 0.1) },
      { label: 'Siltli kil', colour: '#aeb08a', base: (f, g) => g - 12 - 3 * wave(f, 0.5, 0.3) },
      { label: 'Şeyl ve kireçtaşı (Kartal Fm.)', colour: '#9f9a86', base: (f) => 8 + 62 * f + 10 * wave(f, 0.5, 0) },
      { label: 'Kumtaşı (Kurtköy Fm.)', colour: '#b58e68', base: () => -1000 },
    ],
    ringColouring: 'state',
    seed: 23,
  },
  {
    key: 'lisbon',
    country: 'PT',
    words: 'pt',
    centre: { lat: 38.7223, lng: -9.1393 },
    epsg: 3763,
    // Red line extension from São Sebastião south-west by Amoreiras to Campo de Ourique.
    route: [
      [38.7346, -9.1545],
      [38.724, -9.161],
      [38.7175, -9.1665],
      [38.7085, -9.164],
    ],
    stations: [
      ['São Sebastião', 0.02, 'station'],
      ['Amoreiras', 0.64, 'station'],
      ['Campo de Ourique', 0.98, 'station'],
    ],
    mainStreets: ['Rua Marquês de Fronteira', 'Rua Silva Carvalho'],
    crossStreets: ['Avenida António Augusto de Aguiar', 'Rua Castilho', 'Rua Joaquim António de Aguiar', 'Av. Eng. Duarte Pacheco', 'Rua de Campolide', 'Rua das Amoreiras', 'Rua Tomás da Anunciação', 'Rua Ferreira Borges', 'Rua Saraiva de Carvalho'],
    parallelStreets: ['Rua Professor Sousa da Câmara', 'Rua Dom João V'],
    park: { name: 'Parque Eduardo VII', at: 0.14, side: 1 },
    ground: (f) => 88 + 14 * wave(f, 1.4, 0.05) + 4 * wave(f, 0.35, 0.5),
    axis: [
      [0, 74],
      [0.64, 66],
      [1, 58],
    ],
    levels: [20, 120],
    layers: [
      { label: 'Aterro', colour: '#c9b48a', base: (f, g) => g - 3 - wave(f, 0.25, 0.2) },
      { label: 'Argilas e calcários (Miocénico)', colour: '#d8c58e', base: (f) => 72 + 8 * wave(f, 0.9, 0.7) },
      { label: 'Complexo Vulcânico de Lisboa', colour: '#8d8f7a', base: (f) => 52 + 6 * wave(f, 0.6, 0.1) },
      { label: 'Calcários e margas (Cretácico)', colour: '#c4bda5', base: () => -1000 },
    ],
    ringColouring: 'state',
    seed: 37,
  },
  {
    key: 'wuhan',
    country: 'CN',
    words: 'zh',
    centre: { lat: 30.5928, lng: 114.3055 },
    epsg: 4547,
    // Line 12 from Shouyi Road under the Yangtze to Yingwuzhou on the Hanyang bank.
    route: [
      [30.5405, 114.3065],
      [30.5385, 114.2935],
      [30.5345, 114.2785],
      [30.53, 114.269],
    ],
    stations: [
      ['首义路站', 0.02, 'station'],
      ['武昌江滩风井', 0.33, 'shaft'],
      ['汉阳江滩风井', 0.82, 'shaft'],
      ['鹦鹉洲站', 0.98, 'station'],
    ],
    mainStreets: ['武珞路', '鹦鹉大道'],
    crossStreets: ['解放路', '彭刘杨路', '复兴路', '临江大道', '滨江大道', '拦江路', '洲头街', '江城大道', '墨水湖北路'],
    parallelStreets: ['紫阳路', '晴川大道'],
    park: { name: '首义广场', at: 0.12, side: 1 },
    river: { name: '长江', from: 0.42, to: 0.74, bed: -6, water: 19 },
    ground: (f) => (f < 0.42 ? 26 - 2 * f : f > 0.74 ? 25 + 1.5 * (f - 0.74) : -6 + 3 * wave(f, 0.16, 0.3)),
    axis: [
      [0, 6],
      [0.36, -22],
      [0.58, -33],
      [0.78, -24],
      [1, 4],
    ],
    levels: [-60, 40],
    layers: [
      { label: '杂填土', colour: '#c9b48a', base: (f, g) => g - 3 - wave(f, 0.2, 0.1) },
      { label: '粉质黏土', colour: '#aeb08a', base: (f) => 12 + 2 * wave(f, 0.5, 0.2) },
      { label: '粉细砂', colour: '#e6d48f', base: (f) => -16 + 3 * wave(f, 0.6, 0.4) },
      { label: '中粗砂夹砾石', colour: '#d8b26e', base: (f) => -29 + 3 * wave(f, 0.7, 0.1) },
      { label: '强风化泥质粉砂岩', colour: '#a5866d', base: (f) => -40 + 3 * wave(f, 0.5, 0.6) },
      { label: '中风化泥质粉砂岩', colour: '#8a6e5a', base: () => -1000 },
    ],
    equationAt: 0.84,
    ringColouring: 'state',
    seed: 53,
  },
];

/** The city a run's drawings show: by its country, Milan for any other. */
export const cityOfCountry = (country: string): DemoCity => DEMO_CITIES.find((c) => c.country === country.toUpperCase()) ?? (DEMO_CITIES[0] as DemoCity);
