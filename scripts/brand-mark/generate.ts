/**
 * Generates Berjangka's brand-mark animation as Lottie JSON (src/assets/brand-mark.json).
 *
 * The mark: a deep-teal rounded tile holding a clock ring and three rising bars — a deposit's
 * term running out while its value grows. Each 5-second cycle the gold progress arc sweeps the
 * ring with a gold "hand" at its head, the bars rise one after another, then all wipe away and the
 * cycle starts again. Six cycles make the 900 frames (30 fps) the spec asks for; the last frame
 * equals the first, so the loop is seamless.
 *
 * Only vector shape layers with keyframes: no images, no expressions, no effects, so lottie-web's
 * light (SVG) build draws it. Run: `npx tsx scripts/brand-mark/generate.ts`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CANVAS = 800;
export const FRAME_RATE = 30;
export const CYCLE_FRAMES = 150;
export const CYCLES = 6;
export const TOTAL_FRAMES = CYCLE_FRAMES * CYCLES;

/** The brand colours of src/styles/tokens.css. */
export const brandColours = {
  brand: '#0e5a6b',
  brandStrong: '#0a4250',
  accent: '#e2a23b',
  white: '#ffffff',
} as const;

type Rgba = [number, number, number, number];

function rgba(hex: string, alpha = 1): Rgba {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round((((value >> shift) & 0xff) / 255) * 1000) / 1000;
  return [channel(16), channel(8), channel(0), alpha];
}

type Easing = { i: { x: number[]; y: number[] }; o: { x: number[]; y: number[] } };
const easeInOut: Easing = { o: { x: [0.45], y: [0] }, i: { x: [0.25], y: [1] } };
const easeOutBack: Easing = { o: { x: [0.3], y: [0] }, i: { x: [0.35], y: [1.35] } };
const easeIn: Easing = { o: { x: [0.5], y: [0] }, i: { x: [0.9], y: [0.6] } };

interface Key {
  t: number;
  s: number[];
  easing?: Easing;
  /** Jump to the next key instead of interpolating. */
  hold?: boolean;
}

const still = (k: number | number[]) => ({ a: 0, k });

/** An animated property; every key but the last carries the easing of the segment it starts. */
function animated(keys: Key[]) {
  return {
    a: 1,
    k: keys.map((key, index) => {
      const isLast = index === keys.length - 1;
      if (isLast) return { t: key.t, s: key.s };
      if (key.hold) return { t: key.t, s: key.s, h: 1 };
      const easing = key.easing ?? easeInOut;
      return { t: key.t, s: key.s, i: easing.i, o: easing.o };
    }),
  };
}

/** Repeats one cycle's keys over every cycle of the loop. */
function everyCycle(cycleKeys: Key[]): Key[] {
  const keys: Key[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    for (const key of cycleKeys) keys.push({ ...key, t: key.t + cycle * CYCLE_FRAMES });
  }
  keys.push({ ...cycleKeys[0]!, t: TOTAL_FRAMES });
  return keys;
}

function transform(overrides: Record<string, unknown> = {}) {
  return {
    ty: 'tr',
    p: still([0, 0]),
    a: still([0, 0]),
    s: still([100, 100]),
    r: still(0),
    o: still(100),
    sk: still(0),
    sa: still(0),
    ...overrides,
  };
}

const fill = (colour: Rgba) => ({ ty: 'fl', c: still(colour), o: still(100), r: 1 });
const stroke = (colour: Rgba, width: number) => ({ ty: 'st', c: still(colour), o: still(100), w: still(width), lc: 2, lj: 2 });
const group = (name: string, items: unknown[]) => ({ ty: 'gr', nm: name, it: items });

function shapeLayer(index: number, name: string, shapes: unknown[], layerTransform: Record<string, unknown> = {}) {
  return {
    ddd: 0,
    ind: index,
    ty: 4,
    nm: name,
    sr: 1,
    ks: {
      o: still(100),
      r: still(0),
      p: still([CANVAS / 2, CANVAS / 2, 0]),
      a: still([0, 0, 0]),
      s: still([100, 100, 100]),
      ...layerTransform,
    },
    ao: 0,
    shapes,
    ip: 0,
    op: TOTAL_FRAMES,
    st: 0,
    bm: 0,
  };
}

const TILE = 600;
const TILE_RADIUS = 140;
const RING_RADIUS = 200;
const RING_WIDTH = 34;
const SWEEP_END = 110;
const WIPE_START = 122;
const WIPE_END = 142;

/** Three bars rising left to right, baseline below the centre, inside the ring. */
const bars = [
  { x: -84, height: 96 },
  { x: 0, height: 156 },
  { x: 84, height: 216 },
];
const BAR_WIDTH = 56;
const BASELINE = 108;

function barGroup(bar: { x: number; height: number }, order: number) {
  const rise = 14 + order * 14;
  const scale = animated(
    everyCycle([
      { t: 0, s: [100, 0], hold: true },
      { t: rise, s: [100, 0], easing: easeOutBack },
      { t: rise + 34, s: [100, 100] },
      { t: WIPE_START + order * 3, s: [100, 100], easing: easeIn },
      { t: WIPE_END, s: [100, 0], hold: true },
    ]),
  );
  return group(`bar ${order + 1}`, [
    { ty: 'rc', d: 1, s: still([BAR_WIDTH, bar.height]), p: still([0, -bar.height / 2]), r: still(14) },
    fill(rgba(brandColours.white)),
    transform({ p: still([bar.x, BASELINE]), s: scale }),
  ]);
}

const sweep = (from: number, to: number) =>
  everyCycle([
    { t: 0, s: [from], easing: easeInOut },
    { t: SWEEP_END, s: [to] },
    { t: WIPE_START, s: [to], easing: easeIn },
    { t: WIPE_END, s: [to], hold: true },
  ]);

/** Builds the animation; pure, so a test can compare it with the committed JSON. */
export function buildBrandMark() {
  const gold = rgba(brandColours.accent);

  const handRotation = animated(
    everyCycle([
      { t: 0, s: [0], easing: easeInOut },
      { t: SWEEP_END, s: [360], hold: true },
      { t: WIPE_END, s: [360], hold: true },
    ]),
  );
  const handOpacity = animated(
    everyCycle([
      { t: 0, s: [100], hold: true },
      { t: WIPE_START, s: [100], easing: easeIn },
      { t: WIPE_END, s: [0], hold: true },
    ]),
  );
  const trimEnd = animated(sweep(0, 100));
  const trimStart = animated(
    everyCycle([
      { t: 0, s: [0], hold: true },
      { t: WIPE_START, s: [0], easing: easeIn },
      { t: WIPE_END, s: [100], hold: true },
    ]),
  );
  const breathe = animated(
    everyCycle([
      { t: 0, s: [100, 100, 100], easing: easeInOut },
      { t: 75, s: [103, 103, 100], easing: easeInOut },
    ]),
  );

  const ring = { ty: 'el', d: 1, s: still([RING_RADIUS * 2, RING_RADIUS * 2]), p: still([0, 0]) };

  return {
    v: '5.12.0',
    meta: { g: 'scripts/brand-mark/generate.ts', a: 'Berjangka' },
    fr: FRAME_RATE,
    ip: 0,
    op: TOTAL_FRAMES,
    w: CANVAS,
    h: CANVAS,
    nm: 'Berjangka brand mark',
    ddd: 0,
    assets: [],
    layers: [
      shapeLayer(1, 'hand', [
        group('hand', [
          { ty: 'el', d: 1, s: still([54, 54]), p: still([0, -RING_RADIUS]) },
          fill(gold),
          stroke(rgba(brandColours.brand), 10),
          transform({ r: handRotation, o: handOpacity }),
        ]),
      ]),
      shapeLayer(2, 'progress arc', [
        group('arc', [ring, { ty: 'tm', s: trimStart, e: trimEnd, o: still(0), m: 1 }, stroke(gold, RING_WIDTH), transform()]),
      ]),
      shapeLayer(3, 'bars', bars.map((bar, order) => barGroup(bar, order))),
      shapeLayer(4, 'ring track', [group('track', [ring, stroke(rgba(brandColours.white, 1), RING_WIDTH), transform({ o: still(22) })])]),
      shapeLayer(
        5,
        'tile',
        [
          group('tile', [
            { ty: 'rc', d: 1, s: still([TILE, TILE]), p: still([0, 0]), r: still(TILE_RADIUS) },
            fill(rgba(brandColours.brand)),
            stroke(rgba(brandColours.brandStrong), 12),
            transform(),
          ]),
        ],
        { s: breathe },
      ),
    ],
    markers: [],
  };
}

export const OUTPUT = fileURLToPath(new URL('../../src/assets/brand-mark.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const json = `${JSON.stringify(buildBrandMark())}\n`;
  writeFileSync(OUTPUT, json);
  console.log(`wrote ${OUTPUT} (${json.length} bytes)`);
}
