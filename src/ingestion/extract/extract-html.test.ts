import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { extractHtml } from './extract-html.ts';
import { htmlSections, type DomNode } from './html-sections.ts';

const site = (name: string) => readFileSync(new URL(`../../../test/fixtures/site/${name}`, import.meta.url), 'utf8');

test('the main text of a page, under its headings, without the navigation', () => {
  const page = extractHtml(site('hives.html'), 'http://bees.test/hives.html');
  assert.equal(page.title, 'Choosing a Hive');
  assert.ok(page.sections.some((section) => section.text.startsWith('The Langstroth hive, designed in the 1850s')));
  const placing = page.sections.find((section) => section.text.startsWith('Place the hive where it gets morning sun'));
  assert.equal(placing?.heading, 'Where to Put It');
  assert.ok(page.sections.every((section) => section.page === null && !section.text.includes('Home')));
});

test('links: absolute, resolved against <base>, http(s) only, without fragments, each once', () => {
  const html = `<!doctype html><html><head><title> Links
    page </title><base href="/docs/"></head><body>
    <a href="intro.html#top">Intro</a> <a href="intro.html">Intro again</a> <a href="../about">About</a>
    <a href="https://other.example/x#y">Elsewhere</a> <a href="mailto:a@b.test">Mail</a> <a href="javascript:void(0)">JS</a>
    <a href="#only-a-fragment">Top</a> <a href="http://[bad">Broken</a>
    <p>Some text long enough to be the page's content.</p></body></html>`;
  const page = extractHtml(html, 'https://Site.test/a/page.html');
  assert.equal(page.title, 'Links page');
  assert.deepEqual(page.links, [
    'https://site.test/docs/intro.html',
    'https://site.test/about',
    'https://other.example/x',
    'https://site.test/docs/',
  ]);
});

test('title falls back to the first h1; scripts and styles are not text; <br><br> splits paragraphs', () => {
  const page = extractHtml(
    `<html><head><style>p { color: red }</style><script>var secret = 1;</script></head>
    <body><h1>  Opening   hours </h1><div>Monday to Friday, nine to five.<br><br>Closed on public holidays.</div></body></html>`,
    'http://shop.test/',
  );
  assert.equal(page.title, 'Opening hours');
  assert.deepEqual(
    page.sections.map((section) => section.text),
    ['Monday to Friday, nine to five.', 'Closed on public holidays.'],
  );
  assert.ok(!page.sections.some((section) => /secret|color/.test(section.text)));
});

test('a page with no text gives no sections and an empty title', () => {
  const page = extractHtml('<html><body><img src="a.png"></body></html>', 'http://shop.test/');
  assert.deepEqual(page, { title: '', sections: [], links: [], robots: [] });
});

test('a block carries the path of headings above it, outermost first', () => {
  const { document } =
    parseHTML(`<html><body><h1>Guide</h1><p>Welcome.</p><h2>Billing</h2><h3>Refunds</h3><p>Refunds take 14 days.</p>
    <h2>Rooms</h2><p>Check-in is at three.</p></body></html>`);
  const sections = htmlSections(document.body as unknown as DomNode);
  const headingOf = (start: string) => sections.find((section) => section.text.startsWith(start))?.heading;
  assert.equal(headingOf('Welcome'), 'Guide');
  assert.equal(headingOf('Refunds take'), 'Guide › Billing › Refunds');
  assert.equal(headingOf('Check-in'), 'Guide › Rooms');
});

test('page chrome never reaches the text: navigation, banners, footers, cookie notices and blocks of links', () => {
  const html = `<!DOCTYPE html><html><head><title>Fuel dock</title></head><body>
    <header><a href="/">Marina</a> <span>Call us on the harbour radio</span></header>
    <nav><ul><li><a href="/fuel">Fuel dock</a></li><li><a href="/showers">Showers</a></li></ul></nav>
    <div class="cookie-banner">We use cookies to improve your visit. Accept all</div>
    <main><h1>Fuel dock</h1><p>The fuel dock sells diesel and petrol from 8am to 7pm, and closes at 5pm on Sundays.</p>
    <p><a href="/">Home</a> | <a href="/fuel">Fuel dock</a> | <a href="/showers">Showers</a></p></main>
    <footer>© Marina company. All rights reserved.</footer></body></html>`;
  const { sections, links } = extractHtml(html, 'https://marina.example/fuel');
  const text = sections.map((section) => section.text).join('\n');
  assert.match(text, /closes at 5pm on Sundays\.$/m);
  for (const chrome of ['harbour radio', 'cookies', 'Showers', 'All rights reserved', 'Home'])
    assert.ok(!text.includes(chrome), `"${chrome}" is chrome: ${text}`);
  // Links are still followed, menus included.
  assert.ok(links.includes('https://marina.example/showers'));
});
