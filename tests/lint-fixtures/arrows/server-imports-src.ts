// as: server/lint-fixture.ts
import * as format from '../src/lib/format';

export const formatting = format;
