/** @jest-environment node */
import type { CharacterSummary, PublicCharactersPage } from '@lakorn/contracts/web';
import { characterSummary } from '@lakorn/shell-sdk/testing';
import { reads, render } from '../src/firstScreen.server';
import { DISCOVER_TEXT } from '../src/features/discover/messages';

// mf-discover's server module (README "First screen from the server"), in Node as the gateway runs
// it: the home drawn from the opening reads' answers, as the page itself draws its first screen.

const named = (prefix: string, count: number): CharacterSummary[] =>
  Array.from({ length: count }, (_, i) => characterSummary({ id: `${prefix}${i + 1}`, name: `${prefix} ${i + 1}`, userId: 'creator', isPublic: true }));
const page = (characters: CharacterSummary[]): PublicCharactersPage => ({ characters, nextCursor: null });

/** The names drawn, in order of appearance. */
const namesIn = (html: string, prefix: string) => [...html.matchAll(new RegExp(`>(${prefix} \\d+)<`, 'g'))].map((m) => m[1]);

describe('the home drawn on the server', () => {
  test("asks the page's own two opening reads in the seed's order: the popular row and the grid's first page", () => {
    expect(reads(4242)).toEqual(['/api/characters/public?seed=4242&sort=popular&limit=10', '/api/characters/public?seed=4242']);
  });

  test("draws the page's first screen from the answers: the popular row's first tiles and the grid's first two rows, in their order, with nothing loading", () => {
    const [popular, grid] = reads(7);
    const { html, css } = render(7, { [popular!]: page(named('ดาว', 10)), [grid!]: page(named('เพื่อน', 20)) });
    // What a phone shows before scrolling (firstScreen.ts useFirstScreenFirst: 4 tiles, 4 cards).
    expect(namesIn(html, 'ดาว')).toEqual(['ดาว 1', 'ดาว 2', 'ดาว 3', 'ดาว 4']);
    expect(namesIn(html, 'เพื่อน')).toEqual(['เพื่อน 1', 'เพื่อน 2', 'เพื่อน 3', 'เพื่อน 4']);
    expect(html).toContain(DISCOVER_TEXT.recommended);
    expect(html).not.toContain(DISCOVER_TEXT.loading);
    expect(html).not.toContain(DISCOVER_TEXT.popularLoading);
    // The styles of every drawn element come with it.
    const classes = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')));
    const styled = [...classes].filter((c) => !c.startsWith('sc-'));
    expect(styled.length).toBeGreaterThan(10);
    for (const name of styled) expect(css).toContain(`.${name}`);
  });

  test("every drawn card and popular tile is a link to its character's page (/c/{id}), so a tap before any script opens the character", () => {
    const [popular, grid] = reads(5);
    const { html } = render(5, { [popular!]: page(named('ดาว', 10)), [grid!]: page(named('เพื่อน', 20)) });
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((m) => [m[1], /(ดาว|เพื่อน) \d+/.exec(m[2]!)?.[0]]);
    expect(links).toEqual([
      ...['1', '2', '3', '4'].map((n) => [`/c/%E0%B8%94%E0%B8%B2%E0%B8%A7${n}`, `ดาว ${n}`]),
      ...['1', '2', '3', '4'].map((n) => [`/c/%E0%B9%80%E0%B8%9E%E0%B8%B7%E0%B9%88%E0%B8%AD%E0%B8%99${n}`, `เพื่อน ${n}`]),
    ]);
  });

  test('says, in Thai, that the app is still loading (and what a tap does meanwhile), until the app takes the screen away', () => {
    const [popular, grid] = reads(5);
    const { html } = render(5, { [popular!]: page(named('ดาว', 10)), [grid!]: page(named('เพื่อน', 20)) });
    const note = /<div ([^>]*data-first-screen-status[^>]*)>(.*?)<\/div>/.exec(html);
    expect(note?.[2]).toContain(DISCOVER_TEXT.firstScreenStarting);
    expect(/data-opening="([^"]+)"/.exec(note?.[1] ?? '')?.[1]).toBe(DISCOVER_TEXT.firstScreenOpening);
  });

  test("a character's name and picture address are text, never markup", () => {
    const [popular, grid] = reads(1);
    const hostile = characterSummary({ id: 'x1', name: '<script>alert(1)</script>', profileUrl: '"><img src=x onerror=alert(1)>', userId: 'creator', isPublic: true });
    const { html } = render(1, { [popular!]: page([]), [grid!]: page([hostile]) });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('draws the states the page draws for an empty catalogue', () => {
    const [popular, grid] = reads(3);
    const { html } = render(3, { [popular!]: page([]), [grid!]: page([]) });
    expect(html).toContain(DISCOVER_TEXT.empty);
    expect(html).toContain(DISCOVER_TEXT.popularEmpty);
  });
});
