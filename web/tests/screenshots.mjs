// Screenshots of a game in each language, for docs/web/: the page served with the
// isolation headers, a game in progress with a hint shown, a reviewed game, and a phone.
// Usage: node web/tests/screenshots.mjs [OUTDIR]   (after scripts/build-web.sh; default docs/web)
import path from 'node:path';
import fs from 'node:fs';
import { serve, launch, openPage } from './browser.mjs';

const out = path.resolve(process.argv[2] || 'docs/web');
fs.mkdirSync(out, { recursive: true });
const game = (moves, extra = {}) => ({
  'vazir.game.v1': { startFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', moves, player: 'w',
    level: 1600, clockSpec: { base: 300000, increment: 3000 }, left: { w: 241300, b: 255800 }, result: null,
    orientation: 'white', review: null, ...extra },
});
const italian = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'f8c5', 'c2c3', 'g8f6', 'd2d3', 'd7d6', 'e1g1', 'e8g8'];

const server = await serve();
const browser = await launch();
try {
  for (const lang of ['en', 'hi', 'fa']) {
    const page = await openPage(browser, server.url, { storage: { ...game(italian), 'vazir.settings.v1': { lang } } });
    await page.click('#hint');
    await page.waitForFunction(() => window.vazirPage.hint !== null, { timeout: 30000 });
    await new Promise((r) => setTimeout(r, 400));
    await page.screenshot({ path: path.join(out, `game-${lang}.png`) });
    console.log(`game-${lang}.png`);
    await page.close();
  }
  // A short game that ended, reviewed (English), and the same on a phone in Persian.
  const blunder = ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'];
  for (const [name, lang, viewport] of [['review-en.png', 'en', { width: 1200, height: 900 }],
    ['phone-fa.png', 'fa', { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true }]]) {
    const page = await openPage(browser, server.url, {
      viewport,
      storage: { ...game(blunder, { player: 'b', orientation: 'black', result: { result: '1-0', reason: 'checkmate' } }),
        'vazir.settings.v1': { lang } },
    });
    await page.click('#review');
    await page.waitForSelector('#review-graph svg', { timeout: 60000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(out, name), fullPage: lang === 'fa' });
    console.log(name);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
