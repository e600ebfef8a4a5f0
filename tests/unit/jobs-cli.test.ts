import { describe, expect, it } from 'vitest';
import { parseJobArgs } from '../../server/jobs/cli-args';

describe('npm run jobs arguments', () => {
  it('daily without --date catches up to today (Jakarta); --date runs that date only', () => {
    expect(parseJobArgs(['daily'], '2026-03-02')).toEqual({ job: 'daily', date: '2026-03-02', catchUp: true });
    expect(parseJobArgs(['daily', '--date=2026-02-28'], '2026-03-02')).toEqual({ job: 'daily', date: '2026-02-28', catchUp: false });
  });

  it('refuses unknown jobs, unknown arguments and impossible dates with an Indonesian message', () => {
    expect(parseJobArgs([], '2026-03-02')).toEqual({ error: expect.stringContaining('Pemakaian') });
    expect(parseJobArgs(['weekly'], '2026-03-02')).toEqual({ error: expect.stringContaining('Proses "weekly" tidak dikenal') });
    expect(parseJobArgs(['daily', '--tanggal=2026-03-01'], '2026-03-02')).toEqual({ error: expect.stringContaining('Argumen "--tanggal=2026-03-01" tidak dikenal') });
    expect(parseJobArgs(['daily', '--date=2026-02-29'], '2026-03-02')).toEqual({ error: expect.stringContaining('Tanggal "2026-02-29" tidak valid') });
  });
});
