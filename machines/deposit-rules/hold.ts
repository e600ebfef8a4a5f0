/**
 * What a hold (blokir) means to the deposit it freezes (DOMAIN.md "Holds (blokir)"): while one is
 * in force the deposit is not broken, paid out, marked paid, extended, stopped from ARO, nor has
 * its payout account changed, and each refusal names the hold. The hold's own life (release
 * with four eyes, expiry) is machines/hold.ts.
 */

type HoldReasonCode = 'COLLATERAL' | 'LEGAL' | 'DECEASED' | 'LOST_BILYET' | 'OTHER';

/** How a reason reads in a sentence ("Deposito diblokir: agunan kredit KR-2026-0113"). */
const holdReasonPhrases: Record<HoldReasonCode, string> = {
  COLLATERAL: 'agunan kredit',
  LEGAL: 'perintah hukum',
  DECEASED: 'nasabah meninggal dunia',
  LOST_BILYET: 'bilyet hilang',
  OTHER: 'blokir lainnya',
};

/** Labels of the reasons in forms and lists. */
export const holdReasonLabels: Record<HoldReasonCode, string> = {
  COLLATERAL: 'Agunan kredit',
  LEGAL: 'Perintah hukum (pengadilan, kepolisian, PPATK)',
  DECEASED: 'Nasabah meninggal dunia',
  LOST_BILYET: 'Bilyet hilang',
  OTHER: 'Lainnya',
};

/** The hold in force on a deposit, as the deposit machine needs it. */
export interface HoldInForce {
  /** `holdLabel` of the earliest hold still in force (there may be several). */
  label: string;
  /** Some hold in force also stops interest payouts (a legal hold's flag). */
  stopsInterestPayout: boolean;
}

/** "agunan kredit KR-2026-0113" */
export function holdLabel(reason: HoldReasonCode, reference: string): string {
  return `${holdReasonPhrases[reason]} ${reference.trim()}`;
}

/** The refusal every frozen action gets. */
export function heldMessage(hold: Pick<HoldInForce, 'label'>): string {
  return `Deposito diblokir: ${hold.label}.`;
}

/**
 * The same refusal as a channel partner hears it: that the deposit is held, never why (a legal
 * hold must not be disclosed to the customer's side: PPATK's anti-tipping-off rule).
 */
export const HELD_FOR_PARTNER = 'Deposito sedang diblokir oleh bank; hubungi bank penerbit.';

/** The refusal of an interest payout while a hold that stops them is in force. */
export function interestHeldMessage(hold: Pick<HoldInForce, 'label'>): string {
  return `Pembayaran bunga dihentikan selama deposito diblokir: ${hold.label}.`;
}
