import { simpleParser, type AddressObject, type EmailAddress } from 'mailparser';
import type { Subscriptions } from './subscriptions.service.ts';

/**
 * What a message mailed back to us means (docs/newsletter.md#bounces): a delivery status
 * notification (RFC 3464) says an address bounced, a feedback report (ARF, RFC 5965) that a
 * reader marked us as spam, and a message to the List-Unsubscribe mailto asks to leave.
 */
export type InboundVerdict =
  | { kind: 'bounce'; email: string; bounce: 'hard' | 'soft'; detail: string }
  | { kind: 'complaint'; email: string; detail: string }
  | { kind: 'unsubscribe'; token: string }
  | { kind: 'ignored'; reason: string };

/** Splits an mbox file into its messages (lines "From " start one; ">From " in a body is unquoted). */
export function splitMbox(mbox: string): string[] {
  const messages: string[] = [];
  let current: string[] | null = null;
  for (const line of mbox.replace(/\r\n/g, '\n').split('\n')) {
    if (line.startsWith('From ') && (current === null || current[current.length - 1] === '')) {
      if (current) messages.push(current.join('\n'));
      current = [];
      continue;
    }
    current ??= [];
    current.push(/^>+From /.test(line) ? line.slice(1) : line);
  }
  if (current && current.some((line) => line.trim() !== '')) messages.push(current.join('\n'));
  return messages;
}

/**
 * The fields of a delivery-status block or feedback report (RFC 3464 §2.1, RFC 5965 §3: header
 * syntax, one block per recipient), names lower case. mailparser gives these parts as raw text.
 */
function fields(block: string): Map<string, string> {
  const result = new Map<string, string>();
  let last = '';
  for (const line of block.split('\n')) {
    if (/^\s/.test(line) && last) {
      result.set(last, `${result.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    result.set(last, line.slice(colon + 1).trim());
  }
  return result;
}

/** `rfc822; someone@example.com` → someone@example.com. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const cleaned = address.trim().replace(/^<|>$/g, '').toLowerCase();
  return cleaned.includes('@') ? cleaned : null;
}

/** Every address of a parsed To field, lower case. */
function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat = (list: EmailAddress[]): string[] =>
    list.flatMap((entry) => (entry.group ? flat(entry.group) : [entry.address ?? '']));
  return objects.flatMap((object) => flat(object.value)).map((email) => email.toLowerCase());
}

/**
 * The verdicts of one message; a report about several recipients gives one each. mailparser
 * reads the MIME structure (encodings, folding, nested parts); `keepDeliveryStatus` keeps a
 * delivery report as its own part instead of showing it as the message's text, and the report's
 * parts are what tell a bounce from a reply.
 */
export async function readInbound(
  raw: string | Buffer,
  unsubscribeMailbox: string,
): Promise<InboundVerdict[]> {
  const message = await simpleParser(raw, { keepDeliveryStatus: true, skipImageLinks: true });
  const part = (type: string) =>
    message.attachments
      .find((attachment) => attachment.contentType === type)
      ?.content.toString('utf8') ?? null;

  const status = part('message/delivery-status');
  if (status !== null) {
    // The first block is about the message; each following block is one recipient's.
    const blocks = status
      .replace(/\r\n/g, '\n')
      .split(/\n\s*\n/)
      .map(fields)
      .slice(1);
    const verdicts: InboundVerdict[] = [];
    for (const block of blocks) {
      const email = addressOf(block.get('final-recipient') ?? block.get('original-recipient'));
      const action = (block.get('action') ?? '').toLowerCase();
      const code = block.get('status') ?? '';
      if (!email) continue;
      // "delayed" and "delivered" are not bounces; a failure with a 4.x.x status is a soft one.
      if (action !== 'failed') {
        verdicts.push({ kind: 'ignored', reason: `action ${action || 'missing'} for ${email}` });
        continue;
      }
      const detail = [code, block.get('diagnostic-code')].filter(Boolean).join(' ').slice(0, 500);
      verdicts.push({
        kind: 'bounce',
        email,
        bounce: code.startsWith('4') ? 'soft' : 'hard',
        detail,
      });
    }
    return verdicts.length > 0
      ? verdicts
      : [{ kind: 'ignored', reason: 'a delivery report naming no recipient' }];
  }

  const feedback = part('message/feedback-report');
  if (feedback !== null) {
    const report = fields(feedback.replace(/\r\n/g, '\n'));
    // The reader is named by the report, else by the To of the original message it carries.
    let email = addressOf(report.get('original-rcpt-to'));
    if (!email) {
      const original = part('message/rfc822') ?? part('text/rfc822-headers');
      email = original ? (addressesOf((await simpleParser(original)).to)[0] ?? null) : null;
    }
    if (!email) return [{ kind: 'ignored', reason: 'a feedback report naming no recipient' }];
    return [
      {
        kind: 'complaint',
        email,
        detail: `feedback-type ${report.get('feedback-type') ?? 'unknown'}`,
      },
    ];
  }

  if (addressesOf(message.to).includes(unsubscribeMailbox.toLowerCase())) {
    const token = /unsubscribe\s+(\S+)/i.exec(message.subject ?? '')?.[1];
    return token
      ? [{ kind: 'unsubscribe', token }]
      : [{ kind: 'ignored', reason: 'an unsubscribe request without its token' }];
  }
  return [{ kind: 'ignored', reason: 'not a bounce, a complaint or an unsubscribe request' }];
}

/** Acts on verdicts: suppresses, counts a soft bounce, or unsubscribes; returns what each did. */
export async function applyInbound(
  subscriptions: Pick<Subscriptions, 'recordBounce' | 'unsubscribe'>,
  verdicts: readonly InboundVerdict[],
  source: 'webhook' | 'dsn' | 'arf' | 'mbox',
): Promise<string[]> {
  const outcomes: string[] = [];
  for (const verdict of verdicts) {
    if (verdict.kind === 'bounce' || verdict.kind === 'complaint') {
      const kind = verdict.kind === 'complaint' ? 'complaint' : verdict.bounce;
      outcomes.push(
        `${verdict.email}: ${await subscriptions.recordBounce({ email: verdict.email, kind, source, detail: verdict.detail })}`,
      );
    } else if (verdict.kind === 'unsubscribe') {
      try {
        outcomes.push(
          (await subscriptions.unsubscribe(verdict.token, 'mailto'))
            ? 'unsubscribed'
            : 'already unsubscribed',
        );
      } catch {
        outcomes.push('an unsubscribe request with a token not made here');
      }
    } else outcomes.push(`ignored: ${verdict.reason}`);
  }
  return outcomes;
}
