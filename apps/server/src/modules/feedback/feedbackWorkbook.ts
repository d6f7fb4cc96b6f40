import { DATE_FORMATS, type feedbackContract, type Language } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type ExcelColumn, formatInZone, ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';

type FeedbackItem = feedbackContract.FeedbackItem;

const STATE_KEYS: Record<feedbackContract.FeedbackState, MessageKey> = {
  new: 'feedback.state.new',
  inProgress: 'feedback.state.inProgress',
  answered: 'feedback.state.answered',
  closed: 'feedback.state.closed',
};

/** The feedback as one sheet, headers and states in the caller's language, times in `timeZone`. */
export async function feedbackWorkbook(items: readonly FeedbackItem[], language: Language, timeZone: string): Promise<Buffer> {
  const at = (ts: number | null) => (ts === null ? '' : formatInZone(ts, timeZone, DATE_FORMATS.dateTime));
  const columns: ExcelColumn<FeedbackItem>[] = [
    { header: 'feedback.field.submittedAt', width: 18, value: (f) => at(f.submittedAt) },
    { header: 'feedback.field.name', width: 18, value: (f) => f.name },
    { header: 'feedback.field.contact', width: 22, value: (f) => f.contact },
    { header: 'feedback.field.content', width: 60, value: (f) => f.content },
    { header: 'feedback.field.user', width: 16, value: (f) => f.userName },
    { header: 'feedback.field.state', width: 14, value: (f) => t(language, STATE_KEYS[f.state]) },
    { header: 'feedback.field.reply', width: 50, value: (f) => f.reply },
    { header: 'feedback.field.repliedAt', width: 18, value: (f) => at(f.repliedAt) },
    { header: 'feedback.field.repliedBy', width: 16, value: (f) => f.repliedBy },
  ];
  const book = new ReportWorkbook(language);
  const sheet = book.sheet({ name: t(language, 'feedback.export.sheet'), widths: columns.map((c) => c.width), orientation: 'landscape', frozenRows: 1, fitTo: { width: 1, height: 0 } });
  await sheet.table(columns, items);
  sheet.commit();
  return book.toBuffer();
}
