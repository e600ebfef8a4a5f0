import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newRowId, uuidV7From } from '../../server/platform/row-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('row ids (UUID version 7)', () => {
  it("lays out RFC 9562's example: 2022-02-22 19:22:22 UTC with its random bits gives 017f22e2-79b0-7cc3-98c4-dc0c0c07398f", () => {
    // RFC 9562 appendix A.6: unix_ts_ms 0x017F22E279B0, rand_a 0xCC3, rand_b 0x18C4DC0C0C07398F.
    const random = Uint8Array.from([0x0c, 0xc3, 0x18, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f]);
    expect(uuidV7From(Date.UTC(2022, 1, 22, 19, 22, 22), random)).toBe('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
  });

  it('keeps the version and variant bits whatever the random bytes', () => {
    expect(uuidV7From(0, new Uint8Array(10).fill(0xff))).toBe('00000000-0000-7fff-bfff-ffffffffffff');
    expect(uuidV7From(0, new Uint8Array(10))).toBe('00000000-0000-7000-8000-000000000000');
  });

  it('makes ids that sort in the order they were made, within one millisecond and across a clock that steps back', () => {
    const made = [...Array.from({ length: 5000 }, () => newRowId(1_600_000_000_000)), newRowId(1_500_000_000_000), newRowId(1_600_000_000_001)];
    for (const id of made) expect(id).toMatch(UUID_V7);
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
  });

  it('starts with the time it was made, so it sorts after ids made before it', () => {
    const before = Date.now();
    const id = newRowId();
    const after = Date.now();
    const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after + 1);
  });

  it('is a UUID to the contract: the API schemas accept it', () => {
    expect(z.uuid().safeParse(newRowId()).success).toBe(true);
  });
});
