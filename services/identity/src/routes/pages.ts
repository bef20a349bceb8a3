// The small HTML pages of the sign-in flow. No inline script (the gateway's CSP allows only
// same-origin scripts), every interpolated value escaped.
import { SIGN_IN_KEYS, SIGN_IN_RESULT_TYPE } from '@lakorn/contracts';

const js = (value: string) => JSON.stringify(value);

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0f0d13;color:#f4f1f7;
    font-family:'Noto Sans Thai',system-ui,-apple-system,'Segoe UI',sans-serif;padding:20px}
  main{width:100%;max-width:380px;background:#1a1720;border:1px solid #3a3345;border-radius:18px;padding:24px}
  h1{font-size:20px;margin:0 0 4px} p{color:#a79fb3;font-size:14px;margin:0 0 18px}
  label{display:block;font-size:14px;font-weight:600;margin:12px 0 6px}
  input{width:100%;min-height:44px;border-radius:12px;border:1px solid #3a3345;background:#241f2c;color:inherit;padding:10px 14px;font:inherit}
  .row{display:flex;gap:10px;margin-top:20px} button{flex:1;min-height:44px;border-radius:12px;border:0;font:inherit;font-weight:600;cursor:pointer}
  .go{background:#e8537a;color:#fff} .cancel{background:#2e2838;color:#f4f1f7}
  .error{color:#ff5d5d;font-size:14px;margin:12px 0 0} .tag{display:inline-block;font-size:12px;color:#f5b544;background:rgba(245,181,68,.16);border-radius:999px;padding:2px 10px;margin-bottom:12px}
`;

/** The development identity provider's page (ARCHITECTURE §5): type an e-mail and a name. */
export function devAuthorizePage(p: { state: string; nonce: string; error?: string; email?: string; name?: string }): string {
  return `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>เข้าสู่ระบบ (ผู้ให้บริการสำหรับพัฒนา)</title><style>${STYLE}</style></head>
<body><main>
  <span class="tag">โหมดพัฒนา · Development sign-in</span>
  <h1>เข้าสู่ระบบ Lakorn</h1>
  <p>ผู้ให้บริการยืนยันตัวตนสำหรับการพัฒนา ใช้แทน Google เมื่อไม่ได้ตั้งค่า GOOGLE_CLIENT_ID</p>
  <form method="post" action="/api/auth/dev/authorize">
    <input type="hidden" name="state" value="${escapeHtml(p.state)}">
    <input type="hidden" name="nonce" value="${escapeHtml(p.nonce)}">
    <label for="email">อีเมล</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(p.email ?? '')}" placeholder="you@example.com">
    <label for="name">ชื่อ</label>
    <input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(p.name ?? '')}" placeholder="ชื่อที่แสดง">
    ${p.error ? `<p class="error" role="alert">${escapeHtml(p.error)}</p>` : ''}
    <div class="row">
      <button class="cancel" type="submit" name="action" value="cancel" formnovalidate>ยกเลิก</button>
      <button class="go" type="submit" name="action" value="signin">เข้าสู่ระบบ</button>
    </div>
  </form>
</main></body></html>`;
}

export function callbackPage(): string {
  return `<!doctype html>
<html lang="th"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>กำลังเข้าสู่ระบบ...</title><style>${STYLE}</style></head>
<body><main><h1>กำลังเข้าสู่ระบบ...</h1><p>โปรดรอสักครู่</p></main>
<script src="/api/auth/callback.js"></script></body></html>`;
}

/**
 * Hands the provider's answer back to the app. A popup (state "p.…") posts it to its opener
 * (or, when the provider's pages cut the opener link, leaves it in localStorage where the
 * opener's storage listener finds it) and closes; a full-page redirect ("r.…") keeps it in
 * sessionStorage and returns to /login, which finishes the sign-in (spec §4 Auth).
 */
export function callbackScript(): string {
  return `(function () {
  var params = new URLSearchParams(location.hash.slice(1));
  var result = { type: ${js(SIGN_IN_RESULT_TYPE)}, credential: params.get('id_token'), state: params.get('state') || '', error: params.get('error') };
  history.replaceState(null, '', location.pathname);
  if (result.state.indexOf('p.') === 0) {
    try {
      if (window.opener && !window.opener.closed) window.opener.postMessage(result, location.origin);
    } catch (e) {}
    localStorage.setItem(${js(SIGN_IN_KEYS.popupResult)}, JSON.stringify(result));
    window.close();
    setTimeout(function () { location.replace('/login'); }, 1500);
  } else {
    sessionStorage.setItem(${js(SIGN_IN_KEYS.redirectResult)}, JSON.stringify(result));
    location.replace('/login');
  }
})();`;
}
