import { randomBytes } from 'node:crypto';
import type { BilyetStatus, DepositStatus } from '../../contract/deposit';

/**
 * What the public verification of a bilyet may say (API.md: bank, number, masked holder, amount,
 * maturity, inForce — nothing else personal). Pure, so the rules are tested by hand.
 */

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: read aloud over the phone
/** 20 characters of a 32-letter alphabet: 100 bits, so codes cannot be guessed or enumerated. */
export function newVerificationCode(): string {
  const bytes = randomBytes(20);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % 32]).join('');
}

export function isVerificationCodeShaped(code: string): boolean {
  return /^[A-HJ-NP-Z2-9]{20}$/.test(code);
}

/** "Budi Santoso" → "B*** S******": each word keeps its first letter. */
export function maskHolderName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const letters = Array.from(word);
      return letters[0] + '*'.repeat(Math.max(letters.length - 1, 1));
    })
    .join(' ');
}

/** Deposit states in which an issued bilyet still stands for money the bank owes. */
const STANDING: readonly DepositStatus[] = ['approved', 'active', 'breakRequested', 'matured', 'disbursing'];
const HELD_BY_CUSTOMER: readonly BilyetStatus[] = ['issued', 'shipped', 'received'];

type VerificationVerdict = { inForce: boolean; awaitingIssue: boolean; note: string };

const PRINTED_AWAITING_ISSUE =
  'Dicetak, menunggu penerbitan: bilyet ini asli dan sudah dicetak oleh bank, tetapi baru berlaku setelah bank menerbitkannya (bilyet yang ditandatangani belum dicatat). Hubungi bank penerbit bila ragu.';
const NEVER_ISSUED = 'Bilyet ini dicetak oleh bank tetapi tidak pernah diterbitkan: depositonya sudah dicairkan atau ditutup.';

/**
 * Whether the paper with `number` is in force, and the sentence the page shows. A paper printed
 * from Berjangka whose signed scan is not uploaded yet (`issued: false`) is genuine but awaits issue.
 */
export function verdictOf(paper: { number: string; issued: boolean; currentNumber: string | null; bilyetStatus: BilyetStatus; depositStatus: DepositStatus; held?: boolean }): VerificationVerdict {
  const verdict = paperVerdict(paper);
  // DOMAIN.md "Holds": a held bilyet says so (never why), so one pledged once is not pledged again unnoticed.
  if (paper.held && verdict.inForce) return { ...verdict, note: HELD };
  if (paper.held && verdict.awaitingIssue) return { ...verdict, note: `${verdict.note} Depositonya sedang diblokir.` };
  return verdict;
}

const HELD = 'Bilyet ini asli dan berlaku, tetapi depositonya sedang diblokir oleh bank: tidak dapat dicairkan atau dijaminkan lagi. Hubungi bank penerbit.';

function paperVerdict(paper: { number: string; issued: boolean; currentNumber: string | null; bilyetStatus: BilyetStatus; depositStatus: DepositStatus }): VerificationVerdict {
  if (!paper.issued) {
    return STANDING.includes(paper.depositStatus) ? { inForce: false, awaitingIssue: true, note: PRINTED_AWAITING_ISSUE } : { inForce: false, awaitingIssue: false, note: NEVER_ISSUED };
  }
  return { ...issuedVerdict(paper), awaitingIssue: false };
}

function issuedVerdict(paper: { number: string; currentNumber: string | null; bilyetStatus: BilyetStatus; depositStatus: DepositStatus }): { inForce: boolean; note: string } {
  if (paper.currentNumber !== paper.number) return { inForce: false, note: 'Bilyet ini sudah tidak berlaku: telah dilaporkan hilang dan diganti dengan bilyet baru.' };
  if (paper.bilyetStatus === 'lost') return { inForce: false, note: 'Bilyet ini sudah tidak berlaku: telah dilaporkan hilang.' };
  if (paper.bilyetStatus === 'returned' || !STANDING.includes(paper.depositStatus)) {
    return { inForce: false, note: 'Bilyet ini asli, tetapi depositonya sudah dicairkan atau ditutup.' };
  }
  if (HELD_BY_CUSTOMER.includes(paper.bilyetStatus)) return { inForce: true, note: 'Bilyet ini asli dan berlaku.' };
  return { inForce: false, note: 'Bilyet ini belum diterbitkan.' };
}
