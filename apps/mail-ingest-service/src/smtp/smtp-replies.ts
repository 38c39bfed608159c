/** An error smtp-server turns into an SMTP reply with this code. */
export type SmtpReplyError = Error & { responseCode: number };

function reply(code: number, text: string): SmtpReplyError {
  return Object.assign(new Error(text), { responseCode: code });
}

import { EntitlementMessages } from '@snaptrack/contracts';

export const SmtpReplies = {
  unknownRecipient: () => reply(550, '5.1.1 No such receipt address here'),
  lookupUnavailable: () =>
    reply(451, '4.4.3 Cannot check the recipient right now, try again later'),
  tooLarge: (maxBytes: number) =>
    reply(552, `5.3.4 Message too large (limit ${Math.floor(maxBytes / (1024 * 1024))} MB)`),
  /** The address's account may not add receipts (billing): final, the sender should not retry. */
  noSubscription: () => reply(550, EntitlementMessages.smtpRefusal),
  /** The address has had its hour's mail: temporary, a real sender retries later. */
  mailQuota: (perHour: number) =>
    reply(
      452,
      `4.2.2 This receipt address has received ${perHour} mails in the last hour, try again later`,
    ),
  /** One client (IPv4 address, IPv6 /64) already holds its share of the connections. */
  tooManyConnections: () =>
    reply(421, '4.7.0 Too many connections from your address, try again later'),
  notStored: () => reply(451, '4.3.0 Could not store the message, try again later'),
} as const;
