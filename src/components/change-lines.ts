import { genderLabels, legalFormLabels } from '@contract/customers';
import { customerFieldLabels, type CustomerIdentityField } from '@machines/customer-rules/customer-change';
import { formatNpwp } from '@machines/customer-rules/tax-ids';
import type { ChangeRequest } from '../lib/deposit-api';
import { formatDate } from '../lib/format';
import { instructionLabels } from '../lib/deposit-labels';

/** One line of a change request as a supervisor reads it: what changes, from what, to what. */
interface ChangeLine {
  label: string;
  before: string;
  after: string;
}

type Values = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : '-');

function accountText(value: Values | null): string {
  if (!value || typeof value.accountNumber !== 'string') return '-';
  return [value.bankName, value.accountNumber, value.accountName].filter((part) => typeof part === 'string' && part).join(' · ');
}

function identityText(field: CustomerIdentityField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (field === 'gender') return genderLabels[value as keyof typeof genderLabels] ?? text(value);
  if (field === 'legalForm') return legalFormLabels[value as keyof typeof legalFormLabels] ?? text(value);
  if (field === 'birthDate' || field === 'establishedOn') return formatDate(text(value));
  if (field === 'npwp') return formatNpwp(text(value));
  if (field === 'representatives' && Array.isArray(value)) {
    return (value as Array<{ name?: string; position?: string; nik?: string }>).map((person) => `${person.name ?? '-'} (${person.position ?? '-'}, NIK ${person.nik ?? '-'})`).join('; ');
  }
  return text(value);
}

/** The request as lines of before and after; a request kept before its "before" was recorded says so. */
export function changeLines(request: ChangeRequest): ChangeLine[] {
  const after = request.requestedValue;
  const before = request.previousValue;
  const unknownBefore = 'tidak tercatat';
  if (request.kind === 'instruction') {
    const label = (value: unknown) => instructionLabels[value as keyof typeof instructionLabels] ?? text(value);
    return [{ label: 'Instruksi jatuh tempo', before: before ? label(before.instruction) : request.currentInstruction ? label(request.currentInstruction) : unknownBefore, after: label(after.instruction) }];
  }
  if (request.kind === 'payoutAccount') return [{ label: 'Rekening pencairan', before: before ? accountText(before) : unknownBefore, after: accountText(after) }];
  return Object.keys(after).map((field) => ({
    label: customerFieldLabels[field as CustomerIdentityField] ?? field,
    before: before ? identityText(field as CustomerIdentityField, before[field]) : unknownBefore,
    after: identityText(field as CustomerIdentityField, after[field]),
  }));
}
