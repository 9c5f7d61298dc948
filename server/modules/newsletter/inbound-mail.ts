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

/** Header fields of a status block ("Name: value", continuation lines folded in), names lower case. */
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

/** `Mei <mei@example.com>` → mei@example.com. */
function bareAddress(value: string | undefined): string {
  return (value ?? '').replace(/^.*</, '').replace(/>.*$/, '').trim().toLowerCase();
}

/** `rfc822; someone@example.com` → someone@example.com. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const cleaned = address.trim().replace(/^<|>$/g, '').toLowerCase();
  return cleaned.includes('@') ? cleaned : null;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Splits a message into its header fields (unfolded, names lower case) and its body. */
function mimePart(raw: string): MimePart {
  const split = raw.search(/\n\s*\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body =
    split < 0
      ? ''
      : raw
          .slice(split)
          .replace(/^\s*\n/, '')
          .replace(/^\n/, '');
  return { headers: fields(head), body };
}

/** The parameter of a header value (`boundary="b1"`). */
function parameter(value: string, name: string): string | null {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * Every leaf part of a MIME message, depth first, with its content type and decoded text. Reports
 * are small and plain, so this walks them directly: mail parsers show a delivery status as the
 * message's text, and the report's parts are what tell a bounce from a reply.
 */
function leafParts(raw: string, depth = 0): { type: string; text: string }[] {
  const part = mimePart(raw);
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  const boundary = parameter(contentType, 'boundary');
  if (type.startsWith('multipart/') && boundary && depth < 5) {
    const pieces = part.body
      .split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?\\s*$`, 'm'))
      .slice(1, -1);
    return pieces.flatMap((piece) => leafParts(piece.replace(/^\n/, ''), depth + 1));
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? part.body
            .replace(/=\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        : part.body;
  return [{ type, text }];
}

/** The verdicts of one message; a report about several recipients gives one each. */
export function readInbound(raw: string | Buffer, unsubscribeMailbox: string): InboundVerdict[] {
  const message = (typeof raw === 'string' ? raw : raw.toString('utf8')).replace(/\r\n/g, '\n');
  const parts = leafParts(message);
  const partText = (type: string) => parts.find((part) => part.type === type)?.text ?? null;

  const status = partText('message/delivery-status');
  if (status !== null) {
    // The first block is about the message; each following block is one recipient's.
    const blocks = status
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

  const feedback = partText('message/feedback-report');
  if (feedback !== null) {
    const report = fields(feedback);
    // The reader is named by the report, else by the To of the original message it carries.
    let email = addressOf(report.get('original-rcpt-to'));
    if (!email) {
      const original = partText('message/rfc822') ?? partText('text/rfc822-headers');
      email = original ? addressOf(bareAddress(mimePart(original).headers.get('to'))) : null;
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

  const top = mimePart(message).headers;
  const to = (top.get('to') ?? '').split(',').map(bareAddress);
  if (to.includes(unsubscribeMailbox.toLowerCase())) {
    const token = /unsubscribe\s+(\S+)/i.exec(top.get('subject') ?? '')?.[1];
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
