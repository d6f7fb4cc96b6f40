import { joinedTagNameKey, type messagesContract, type TagDef } from '@boreline/contracts';

/**
 * A monitored point's name as a message parameter: rendered from the catalogue's parts in each
 * reader's language (the word order is the language's, see `tagDisplayName`), never frozen in the
 * sender's. For the alarm senders.
 */
export function tagNameParam(tag: TagDef): messagesContract.MessageParamValue {
  const joined = joinedTagNameKey(tag.name);
  if (joined !== undefined) return { key: joined };
  const subject = { key: tag.name.subject };
  const quantity = { key: tag.name.quantity };
  return tag.name.index === undefined
    ? { key: 'telemetry.tagNameNoIndex', params: { subject, quantity } }
    : { key: 'telemetry.tagName', params: { subject, index: tag.name.index, quantity } };
}
