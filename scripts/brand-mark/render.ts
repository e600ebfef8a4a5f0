/**
 * Renders frames of src/assets/brand-mark.json in Chromium with lottie-web's light build (the one
 * the app uses), on the overlay's grey, to look at the mark: `npx tsx scripts/brand-mark/render.ts
 * [outDir] [frame...]`. Needs Debian's Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { OUTPUT } from './generate';

const require = createRequire(import.meta.url);
const outDir = process.argv[2] ?? 'test-artifacts/brand-mark';
const frames = process.argv.slice(3).map(Number);
const wanted = frames.length > 0 ? frames : [0, 30, 60, 110, 130, 145];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 400, height: 400 } });
  await page.setContent(
    '<body style="margin:0;background:rgba(211,211,211,0.8)"><div id="mark" style="width:300px;height:300px;margin:50px"></div></body>',
  );
  await page.addScriptTag({ path: require.resolve('lottie-web/build/player/lottie_light.min.js') });
  const animationData = JSON.parse(readFileSync(OUTPUT, 'utf8'));
  await page.evaluate((data) => {
    const player = (window as unknown as { lottie: { loadAnimation(options: object): unknown } }).lottie;
    (window as unknown as { anim: unknown }).anim = player.loadAnimation({
      container: document.getElementById('mark'),
      renderer: 'svg',
      loop: true,
      autoplay: false,
      animationData: data,
    });
  }, animationData);
  for (const frame of wanted) {
    await page.evaluate((f) => (window as unknown as { anim: { goToAndStop(v: number, isFrame: boolean): void } }).anim.goToAndStop(f, true), frame);
    const file = join(outDir, `frame-${String(frame).padStart(3, '0')}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
} finally {
  await browser.close();
}
