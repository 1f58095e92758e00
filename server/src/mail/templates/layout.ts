import { serverTexts } from '@tools-factory/contract';
import type { MailContent } from '../mailer.ts';

/**
 * What an e-mail says, in order: paragraphs, label-value rows (an order's figures) and one
 * button-like link. Each template lists its blocks; this file turns them into the plain-text and
 * HTML parts, so every e-mail looks alike and every value is escaped in one place.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'action'; label: string; url: string };

/** Text made safe for HTML: a tool name or address with `<script>` arrives as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escaped, keeping the writer's line breaks (an address on several lines). */
const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** A moment as e-mails show it: 'Tuesday, November 24, 2026 at 12:46 AM UTC'. */
export function formatMailDateTime(iso: string): string {
  return serverTexts.mail.dateTime(dateTimeFormat.format(new Date(iso)));
}

const wholeNumberFormat = new Intl.NumberFormat('en-US');

/** A count as e-mails show it: '1,500'. */
export function formatCount(count: number): string {
  return wholeNumberFormat.format(count);
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'facts':
      // A value on several lines (an address) stays under its label, indented.
      return block.rows
        .map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n  ')}`)
        .join('\n');
    case 'action':
      return `${block.label}: ${block.url}`;
  }
}

const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left';

function htmlOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeLines(block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="${cell};font-weight:600">${escapeHtml(label)}</th><td style="${cell}">${escapeLines(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'action':
      return `<p><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(block.label)}</a></p><p style="font-size:13px;color:#555555;overflow-wrap:anywhere;word-break:break-all">${escapeHtml(block.url)}</p>`;
  }
}

/** An e-mail from its blocks: greeting first (by name when known), signature last, in both parts. */
export function composeMail(options: {
  to: string;
  subject: string;
  blocks: readonly MailBlock[];
  name?: string;
}): MailContent {
  const { greeting, signature } = serverTexts.mail;
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: greeting(options.name ?? '') },
    ...options.blocks,
    { kind: 'paragraph', text: signature },
  ];
  const text = blocks.map(textOf).join('\n\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:600px;margin:0 auto;padding:16px">${blocks.map(htmlOf).join('')}</body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}
