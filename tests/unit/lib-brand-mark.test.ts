import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import committed from '@src/assets/brand-mark.json';
import { buildBrandMark } from '../../scripts/brand-mark/generate';

interface Keyframe {
  t: number;
  s: number[];
}

/** Every animated property ({ a: 1, k: [...] }) anywhere in the animation. */
function animatedProperties(node: unknown, found: Keyframe[][] = []): Keyframe[][] {
  if (Array.isArray(node)) {
    for (const child of node) animatedProperties(child, found);
  } else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>;
    if (record.a === 1 && Array.isArray(record.k)) found.push(record.k as Keyframe[]);
    for (const value of Object.values(record)) animatedProperties(value, found);
  }
  return found;
}

describe('the brand-mark Lottie animation', () => {
  it('is what the generator produces (regenerate with npx tsx scripts/brand-mark/generate.ts)', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildBrandMark())));
  });

  it('has the spec canvas and timing: 800×800, 30 fps, 900 frames', () => {
    expect(committed).toMatchObject({ w: 800, h: 800, fr: 30, ip: 0, op: 900 });
  });

  it('is made only of vector shape layers: no images, no expressions', () => {
    expect(committed.assets).toEqual([]);
    expect(committed.layers.length).toBeGreaterThan(0);
    for (const layer of committed.layers) expect(layer.ty).toBe(4);
    expect(JSON.stringify(committed)).not.toMatch(/"x":"|"ty":2|"refId"/);
  });

  it('is animated with keyframes and loops seamlessly: every property ends where it starts', () => {
    const properties = animatedProperties(committed.layers);
    expect(properties.length).toBeGreaterThanOrEqual(6);
    for (const keys of properties) {
      const first = keys[0]!;
      const last = keys[keys.length - 1]!;
      expect(first.t).toBe(0);
      expect(last.t).toBe(900);
      expect(last.s).toEqual(first.s);
    }
  });

  it('stays small', () => {
    const bytes = readFileSync(join(process.cwd(), 'src/assets/brand-mark.json')).length;
    expect(bytes).toBeLessThan(40_000);
  });
});
