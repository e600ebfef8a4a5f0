/**
 * ARO+ rolls the ending period's net interest into the principal (DOMAIN.md "ARO+"). The interest
 * not yet transferred — the installment ending on the maturity date — is closed as paid with this
 * reference instead of being transferred, so it never also lands in the monthly transfer template.
 * Shared by the daily job and the demo data so both write the same thing.
 */
export const ARO_PLUS_REFERENCE = 'ARO+ (dikapitalisasi)';
