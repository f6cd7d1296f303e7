// `npm run bench -- console`: how fast the console opens in headless Chromium (Debian's, as the
// end-to-end tests use) from the local server: a first visit with an empty cache until the sign-in
// form shows, then sign-in until the overview shows its numbers, then a second visit with a warm
// cache. BENCH_ROUNDS fresh browser contexts (default 10); bytes are what crossed the wire.
import type { Page, Response } from 'playwright-core';
import { buildConsoleIfStale } from '../console/build.ts';
import { launchBrowser } from '../test/support/browser.ts';
import { startTestServer } from '../test/support/test-server.ts';
import { createUser } from '../src/domain/users/create-user.ts';
import { createScryptPasswordHasher } from '../src/providers/crypto/scrypt-password-hasher.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PASSWORD = 'a long enough password';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Counts the bytes of every response body that came over the network (cache hits count 0). */
function countBytes(page: Page): () => number {
  let bytes = 0;
  const add = async (response: Response) => {
    bytes += (await response.request().sizes()).responseBodySize;
  };
  page.on('response', (response) => void add(response));
  return () => bytes;
}

export async function benchConsole(): Promise<void> {
  await buildConsoleIfStale();
  const server = await startTestServer();
  const { account, ctx } = await server.seedAccount('starter', 500);
  await server.seedAgent(ctx, 'Help desk');
  await createUser({ ...server.deps, passwords: createScryptPasswordHasher() }, account.id, {
    email: 'bench@example.com',
    password: PASSWORD,
  });
  const browser = await launchBrowser();
  const cold: number[] = [];
  const coldBytes: number[] = [];
  const signIn: number[] = [];
  const warm: number[] = [];
  const warmBytes: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let bytes = countBytes(page);
      let started = performance.now();
      await page.goto(`${server.baseUrl}/console/`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      cold.push(performance.now() - started);
      await page.waitForLoadState('networkidle');
      coldBytes.push(bytes());

      await page.getByLabel('Email').fill('bench@example.com');
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      started = performance.now();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Credit balance', { exact: false }).first().waitFor();
      signIn.push(performance.now() - started);

      const second = await context.newPage();
      bytes = countBytes(second);
      started = performance.now();
      await second.goto(`${server.baseUrl}/console/a/${account.id}/agents`);
      await second.getByRole('link', { name: 'Help desk' }).waitFor();
      warm.push(performance.now() - started);
      await second.waitForLoadState('networkidle');
      warmBytes.push(bytes());
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
  const kb = (values: number[]) => `${(median(values) / 1024).toFixed(0)} KiB`;
  console.log(`${ROUNDS} fresh browser contexts, medians:`);
  console.log(`  first visit, empty cache → sign-in form:   ${ms(cold)}, ${kb(coldBytes)} on the wire`);
  console.log(`  sign-in (scrypt N=2^15) → overview numbers: ${ms(signIn)}`);
  console.log(`  warm cache, new tab → agents list:          ${ms(warm)}, ${kb(warmBytes)} on the wire`);
}
