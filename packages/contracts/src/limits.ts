/** Every size, count and time limit of spec §9 (and the few the product adds), named once. */
const KB = 1024;
const MB = 1024 * KB;

export const LIMITS = {
  requestTimeoutMs: 30_000,
  chunkLoadTimeoutMs: 120_000,
  realtimeReconnectDelayMs: 5_000,

  /** Announcements: the title, and the body's HTML before and after the server's cleaning. */
  announcementTitleMaxLength: 100,
  announcementContentMaxLength: 20_000,
  /** Organizations and runs one announcement may address. */
  announcementAudienceMax: 50,
  /** The collection (favourites): entries per user, a title's and a target's length. */
  collectionMaxPerUser: 200,
  collectionTitleMaxLength: 100,
  collectionTargetMaxLength: 500,

  phoneMaxLength: 20,
  emailMaxLength: 254,
  nicknameMaxLength: 50,
  orgNameMaxLength: 50,
  maintenancePersonNameMaxLength: 50,
  sortNumberMin: 1,
  passwordMinLength: 8,
  passwordMaxLength: 64,

  riskPicturesMax: 6,
  avatarMaxBytes: 1 * MB,
  drawingImageMaxBytes: 4 * MB,
  segmentImportMaxBytes: 2 * MB,
  maintenanceImportMaxBytes: 500 * KB,
  repairPhotosMax: 5,
  repairVideosMax: 5,
  repairVideoMaxBytes: 100 * MB,

  ringSelectionMaxMultiRing: 10,
  ringSelectionMaxShortView: 50,
  ringSelectionMaxLongView: 200,
  tunnellingRangeMaxMetres: 10,
  /** Tags one ring-curve chart may draw, and one ring-statistics query may aggregate. */
  statisticCurveTagsMax: 8,
  statisticTagsMax: 50,

  minimumAgeYears: 18,
  numberDefaultDecimals: 2,
  messageZIndex: 3000,

  /** Product limits beyond spec §9. */
  tagCodeMaxLength: 64,
  thresholdAbsMax: 1_000_000_000,
  warnDelayMaxSeconds: 3_600,
  runsPerUserMax: 200,
  ingestFramesPerBatchMax: 600,
  seriesTagsMax: 20,
  seriesPointsMax: 5_000,
  seriesPointsDefault: 2_000,
  tagMappingsMax: 2_000,
  /** Unmapped gateway names listed on the tag-mapping page (most recent first). */
  unmappedNamesListedMax: 500,
  /** Unmapped names kept per run: a gateway sending ever new names cannot grow the table without end. */
  unmappedNamesKeptMax: 2_000,
  /** Names asked for suggestions at once, and suggestions answered per name. */
  tagSuggestNamesMax: 25,
  tagSuggestionsPerName: 5,
  tagUnitMaxLength: 16,
  tagMapImportMaxBytes: 2 * MB,
  /** Project basic info, TBM equipment and shifts. */
  projectNameMaxLength: 100,
  projectCodeMaxLength: 50,
  projectTextMaxLength: 100,
  personNameMaxLength: 50,
  segmentSpecMaxLength: 200,
  projectContactsMaxLength: 500,
  /** Upper bound of a physical quantity typed in a form (kN, kW, t, m…): catches unit slips. */
  measureMax: 1_000_000,
  chainageAbsMaxMetres: 1_000_000,
  ringWidthMmMax: 5_000,
  ringsTotalMax: 1_000_000,
  shiftsMin: 1,
  shiftsMax: 6,
  shiftNameMaxLength: 50,
  progressDaysMax: 1_000,
  /** Largest message a client may send to the message server. */
  wsMessageMaxBytes: 16 * 1024,
  /** Tags one `data` subscription may name (a catalogue holds ~750). */
  wsSubscribeTagsMax: 1_000,
  /** How long a one-time H5 link stays valid before it is exchanged. */
  h5TicketTtlMs: 5 * 60_000,
  /** How long a tool page's render ticket stays valid before it is exchanged. */
  renderTicketTtlMs: 5 * 60_000,
  /** How long a tool page's session (opened from a ticket) lives: long enough to load and be captured. */
  renderSessionTtlMs: 15 * 60_000,
  /** Server renders running at once; more wait their turn (up to the time limit). */
  renderConcurrencyMax: 2,
  /** One render's time limit (page load, data, capture). */
  renderTimeoutMs: 45_000,
  /** Largest rendered file kept for a delivery. */
  renderFileMaxBytes: 20 * 1024 * 1024,
  /** Last rings shown by the guidance tool. */
  guideRingsMax: 10,
  /** Report subscriptions. */
  subscriptionNameMaxLength: 100,
  subscriptionsPerUserRunMax: 20,
  deliveryEmailsMax: 10,
  webhookUrlMaxLength: 500,
  /** A shift's delivery waits this long after the shift ends (its last records land). */
  deliveryAfterShiftMs: 15 * 60_000,
  /** Waits before the 2nd, 3rd and 4th try of a failed channel; after the last, the failure is logged. */
  deliveryRetryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000] as readonly number[],
  /** How long a webhook's file link downloads without signing in. */
  deliveryLinkTtlMs: 7 * 24 * 3_600_000,
  /** Delivery log (and its files) kept this many days. */
  deliveryLogDays: 90,
  /** Time limit of one e-mail or webhook call. */
  deliveryChannelTimeoutMs: 20_000,
  /** How long a file ticket (a video's streaming link) may be used; a player asks for a new one after. */
  fileTicketTtlMs: 10 * 60_000,
  /** Shift reports. */
  shiftHeadcountMax: 500,
  shiftRemarkMaxLength: 500,
  shiftRecordsMax: 300,
  /** Risk points (preset risk zones along the drive). */
  riskCodeMaxLength: 50,
  riskNameMaxLength: 100,
  riskRemarkMaxLength: 500,
  riskDescriptionMaxLength: 2_000,
  riskPointsPerRunMax: 500,
  /** Rings ahead of the machine a zone is announced as approaching (a run's own setting). */
  riskWarnRingsDefault: 10,
  riskWarnRingsMax: 1_000,
  /** Rings one ring report or its export may hold. */
  ringReportMax: 2_000,

  /** Files (files.contract.ts purposes): sizes spec §9 leaves open, and the uploads' own bounds. */
  riskPictureMaxBytes: 10 * MB,
  repairPhotoMaxBytes: 10 * MB,
  knowledgeFileMaxBytes: 200 * MB,
  tailImportMaxBytes: 2 * MB,
  stockImportMaxBytes: 2 * MB,
  /** Ring history (rings built before the console): a sheet of a whole drive's rings. */
  ringHistoryImportMaxBytes: 4 * MB,
  /** A ring's imported durations, minutes each (a week). */
  ringHistoryMinutesMax: 10_080,
  feedbackScreenshotMaxBytes: 4 * MB,
  /** Feedback (spec §3, §5): the sender's name, contact, the content and an administrator's reply. */
  feedbackNameMaxLength: 50,
  feedbackContactMaxLength: 100,
  feedbackContentMaxLength: 2_000,
  feedbackReplyMaxLength: 2_000,
  /** Feedback one address may send per hour (counted in the shared counter store, captcha failures included). */
  feedbackPerAddressPerHour: 10,
  feedbackScreenshotsMax: 5,
  /** Files one `uploads` request may carry. */
  uploadFilesPerRequestMax: 10,
  /** Shown names are cut to this many characters (the stored name is the server's). */
  fileNameMaxLength: 200,
  /** Longest side of an image's thumbnail. */
  thumbnailMaxPx: 320,
  /** Images larger than this many pixels are refused before decoding (a small PNG can expand to gigabytes). */
  imageMaxPixels: 50_000_000,
  /** An upload not attached to anything within this time is removed. */
  fileOrphanAfterMs: 24 * 60 * 60_000,

  /** Spreadsheet imports (templates in `modules/imports/importTemplates.ts`): data rows one sheet may hold. */
  importRowsMax: 100_000,
  /** Problems one import report lists; beyond, a notice gives their number. */
  importRefusalsListedMax: 1_000,
  /** Segment attitude: deviation from the design axis, signed whole millimetres. */
  segmentDeviationMmAbsMax: 2_000,
  /** Tail gap and tail clearance, whole millimetres. */
  tailClearanceMmMax: 1_000,
  kBlockPositionMaxLength: 20,
  segmentTypeMaxLength: 50,
  remarkMaxLength: 500,
  maintenanceTitleMaxLength: 100,
  maintenanceSystemMaxLength: 50,
  maintenanceContentMaxLength: 500,
  partNameMaxLength: 100,
  partCodeMaxLength: 50,
  partUnitMaxLength: 20,
} as const;

/** Accepted file types by use (spec §5). */
export const FILE_TYPES = {
  avatar: ['jpg', 'jpeg', 'png'],
  drawingImage: ['jpg', 'jpeg', 'png'],
  spreadsheetImport: ['xls', 'xlsx'],
  knowledge: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'png', 'jpg', 'mp4', 'avi'],
  repairVideo: ['mp4'],
} as const;

/** Privacy policy: last update (spec §1, §9). */
export const PRIVACY_POLICY_UPDATED = '2023-10-18';

/** Weekday reminders start on Monday (spec §9). */
export const WEEK_STARTS_ON = 'monday';

/** The side menu starts collapsed (spec §2, §9). */
export const SIDE_MENU_COLLAPSED_AT_START = true;
