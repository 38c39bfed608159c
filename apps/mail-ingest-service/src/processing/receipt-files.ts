import type { ReceiptContentType } from '@snaptrack/contracts';
import { contentTypeOf, detectImageType, extensionOf } from '@snaptrack/storage';
import type { MailAttachment } from '../parsing/parse-mail.js';

export interface ReceiptFile {
  content: Uint8Array;
  contentType: ReceiptContentType;
  extension: string;
}

/**
 * The attachments whose bytes are a receipt type (JPEG, PNG, WebP, HEIC, PDF; never judged by
 * name or header), in message order, at most `max`.
 */
export function receiptFiles(attachments: readonly MailAttachment[], max: number): ReceiptFile[] {
  const files: ReceiptFile[] = [];
  for (const attachment of attachments) {
    if (files.length >= max) break;
    const content = Buffer.from(attachment.content);
    const type = detectImageType(content);
    if (!type) continue;
    files.push({
      content,
      contentType: contentTypeOf(type) as ReceiptContentType,
      extension: extensionOf(type),
    });
  }
  return files;
}
