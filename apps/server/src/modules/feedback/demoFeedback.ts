import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const HOUR = 3_600_000;

/** Demo feedback in the sites' languages, states varied; `fromAdmin` ones were sent signed in. */
const DEMO = [
  { hoursAgo: 2, fromAdmin: false, name: 'Marco Rossi', contact: 'marco.rossi@example.it', content: 'Il grafico di avanzamento non mostra l’ultimo anello dopo il cambio turno.', state: 'new' },
  { hoursAgo: 9, fromAdmin: true, name: '李伟', contact: '13800000001', content: '希望报警列表可以按子系统筛选。', state: 'inProgress' },
  { hoursAgo: 30, fromAdmin: false, name: 'Anna Gruber', contact: 'a.gruber@example.at', content: 'Der Export der Schichtberichte enthält die Stillstandsgründe nicht.', state: 'answered', reply: 'Danke! Die Stillstandsgründe sind ab der nächsten Version im Export enthalten.' },
  { hoursAgo: 54, fromAdmin: true, name: 'João Silva', contact: 'joao.silva@example.pt', content: 'Seria útil receber o aviso de stock também por e-mail.', state: 'closed' },
  { hoursAgo: 80, fromAdmin: false, name: 'Ayşe Yılmaz', contact: '+90 532 000 0000', content: 'Giriş sayfasındaki doğrulama resmi bazen okunmuyor.', state: 'new' },
  { hoursAgo: 120, fromAdmin: true, name: 'Site office', contact: 'site@example.com', content: 'The segment page could remember the last ring range I looked at.', state: 'answered', reply: 'Good idea — the range is now kept in the address, so a bookmark brings it back.' },
] as const;

/** Seeds the demo's feedback once (nothing when any feedback exists). Answers how many were written. */
export async function seedDemoFeedback(db: Kysely<Database>, now: number): Promise<number> {
  const any = await db.selectFrom('feedback_items').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const admin = await db.selectFrom('users').select('id').where('is_sa', '=', 1).orderBy('id').executeTakeFirst();
  for (const f of DEMO) {
    const at = now - f.hoursAgo * HOUR;
    const reply = 'reply' in f ? f.reply : null;
    await db
      .insertInto('feedback_items')
      .values({
        user_id: f.fromAdmin && admin ? admin.id : null,
        name: f.name,
        contact: f.contact,
        content: f.content,
        state: f.state,
        reply,
        replied_at: reply ? at + 3 * HOUR : null,
        replied_by: reply && admin ? admin.id : null,
        submitted_at: at,
        updated_at: reply ? at + 3 * HOUR : at,
      })
      .execute();
  }
  return DEMO.length;
}
