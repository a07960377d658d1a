import puppeteer from 'puppeteer-core';
import fs from 'fs';
const dir = fs.mkdtempSync('/tmp/chromium-profile-');
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${dir}`] });
const page = await browser.newPage();
await page.setViewport({ width: +process.argv[4] || 1200, height: +process.argv[5] || 800 });
page.on('console', m => console.log('console:', m.type(), m.text()));
page.on('pageerror', e => console.log('pageerror:', e.message));
await page.goto(process.argv[2]);
await page.waitForSelector('body[data-ready]', { timeout: 20000 }).catch(e => console.log('not ready', e.message));
await new Promise(r => setTimeout(r, 1500));
await page.screenshot({ path: process.argv[3] });
console.log(await page.$eval('#status', e => e.textContent), '|', await page.$eval('#engine-info', e => e.textContent));
await browser.close();
