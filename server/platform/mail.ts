import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The link the mail carries, logged when mail goes to the outbox so a developer can follow it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real mail through nodemailer to SMTP_URL. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

let outboxSequence = 0;

/**
 * Without SMTP: each mail becomes an .eml file in `outboxDir` (names sort in sending order) and its
 * link is logged. The body is written as 8bit text, so a link in it stays on one line, verbatim.
 * The writes are synchronous on purpose: the file exists as soon as send() is called, even when
 * the caller does not wait for the promise.
 */
export function outboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  return {
    async send(message) {
      mkdirSync(outboxDir, { recursive: true });
      const sentAt = new Date();
      outboxSequence += 1;
      const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${String(outboxSequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}.eml`;
      writeFileSync(join(outboxDir, name), renderEml(message, from, sentAt));
      logger.info({ to: message.to, subject: message.subject, link: message.link, file: name }, 'mail written to outbox');
    },
  };
}

function renderEml(message: MailMessage, from: string, sentAt: Date): string {
  const headers = [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${sentAt.toUTCString()}`,
    `Message-ID: <${randomUUID()}@berjangka.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${message.text.replace(/\r?\n/g, '\r\n')}\r\n`;
}

function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The raw .eml texts in an outbox directory, oldest first (file names sort in sending order). */
export function readOutbox(outboxDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(outboxDir).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(outboxDir, name), 'utf8'));
}
