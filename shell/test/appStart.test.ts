// The home's start island (README "First screen from the server"): a tap on the server-drawn
// screen's card, made before the app has started, is kept for the app rather than lost.

function drawScreen() {
  document.body.innerHTML = `
    <div id="first-screen" aria-hidden="true">
      <article><h3><a href="/c/abc123" tabindex="-1">ดาวเหนือ</a></h3><p>คำอธิบาย</p></article>
      <div data-first-screen-status="" data-opening="กำลังเปิดตัวละคร…"><span role="status"></span><span>กำลังโหลด… แตะการ์ดได้เลย</span></div>
    </div>
    <div id="root"></div>`;
}

describe('the start island keeps a tap on a first-screen card', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  test("a tap on a card's link moves the address to the character as the router writes it, tells a started router (popstate), and says it is opening", () => {
    drawScreen();
    jest.isolateModules(() => require('../src/appStart'));
    const pops: string[] = [];
    window.addEventListener('popstate', () => pops.push(window.location.pathname));
    const link = document.querySelector('a')!;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/c/abc123');
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    expect(pops).toEqual(['/c/abc123']);
    expect(document.querySelector('[data-first-screen-status]')?.textContent).toBe('กำลังเปิดตัวละคร…');
  });

  test('a tap elsewhere on the screen, or with a modifier (a new tab), is left to the browser', () => {
    drawScreen();
    jest.isolateModules(() => require('../src/appStart'));
    const text = document.querySelector('p')!;
    text.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.querySelector('a')!.dispatchEvent(withCtrl);
    expect(withCtrl.defaultPrevented).toBe(false);
    expect(window.location.pathname).toBe('/');
  });
});
