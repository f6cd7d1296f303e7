// Headless Chromium from Debian's `chromium` package, driven by playwright-core (which never
// downloads a browser of its own). The flags keep Chromium from reaching for Google's services,
// which this machine's closed network refuses.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of each run, for people to look at; never committed (.tmp/ is ignored). */
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', '..', '.tmp', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install chromium, as .ci/run does) or set CHROMIUM_PATH.`,
    );
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
