import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope recipients, lower case. */
  to: string[];
  messageId: string;
  mail: ParsedMail;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts, parsed (the tests' mail
 * catcher). A sender killed mid-message drops its connection: that is expected, not a failure.
 */
export async function startSmtpCatcher(): Promise<{
  port: number;
  url: string;
  caught: CaughtMail[];
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}> {
  const caught: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A reverse DNS lookup of 127.0.0.1 per connection would make the catcher the slow part.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          caught.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            messageId: mail.messageId ?? '',
            mail,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    caught,
    to: (address) => caught.filter((message) => message.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
