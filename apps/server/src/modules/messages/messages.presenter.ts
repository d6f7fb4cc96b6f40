import { type Language, messagesContract } from '@boreline/contracts';
import { presentMessage, type StoredMessage } from '../../core/messageText.js';
import type { RunLabel } from './messageScope.js';
import type { MessageRow } from './messages.repo.js';

const { MessageObjectSchema, MessageParamsSchema, MessageTypeSchema } = messagesContract;

function paramsOf(json: string): messagesContract.MessageParams {
  try {
    const parsed = MessageParamsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** A stored row as the message it is (a type or kind unknown to this version reads as a system message without object). */
export function storedOf(row: MessageRow, runs: ReadonlyMap<number, RunLabel>): StoredMessage {
  const type = MessageTypeSchema.safeParse(row.type);
  const object = MessageObjectSchema.safeParse({ kind: row.object_kind, id: row.object_id });
  const run = row.run_id === null ? undefined : runs.get(row.run_id);
  return {
    id: row.id,
    type: type.success ? type.data : 'system',
    runId: row.run_id,
    projectName: run?.project_name ?? null,
    tbmCode: run?.tbm_code ?? null,
    content: { key: row.content_key, params: paramsOf(row.content_params), text: row.text },
    object: object.success ? object.data : null,
    at: row.at,
    createdAt: row.created_at,
    readAt: row.read_at,
  };
}

export const presentRows = (rows: readonly MessageRow[], runs: ReadonlyMap<number, RunLabel>, language: Language): messagesContract.Message[] =>
  rows.map((row) => presentMessage(language, storedOf(row, runs)));
