import { formatRupees } from '@gurumatch/shared/schemas/payments';

import {
  SANDBOX_FAILURE_CARD,
  SANDBOX_FAILURE_UPI,
  SANDBOX_SUCCESS_CARD,
  SANDBOX_SUCCESS_UPI,
} from '../../adapters/payments/sandbox.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The message the sandbox page posts to the page that opened it (same origin only). */
export const SANDBOX_MESSAGE_TYPE = 'gurumatch:sandbox-checkout';

export interface SandboxPageOrder {
  id: string;
  amount: number;
  status: string;
}

/** Its own policy: the page runs one inline script (by nonce) and is framed by our own pages only. */
export function sandboxPagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The offline stand-in for Razorpay Checkout: pay with a test card or UPI id,
 * fail, or close. It answers the opener with what Razorpay Checkout would
 * hand its `handler` (payment id, order id, signature) or its failure.
 */
export function renderSandboxCheckout(order: SandboxPageOrder | null, nonce: string): string {
  const body = order
    ? `<h1 id="title">GuruMatch test checkout</h1>
<p class="amount">Pay <strong>₹${escapeHtml(formatRupees(order.amount))}</strong></p>
<p class="note">This is the offline sandbox: no money moves. Use a test card or UPI id.</p>
<form id="pay" novalidate>
  <fieldset>
    <legend>Pay with</legend>
    <label><input type="radio" name="method" value="card" checked> Card</label>
    <label><input type="radio" name="method" value="upi"> UPI</label>
  </fieldset>
  <label for="instrument">Card number or UPI id</label>
  <input id="instrument" name="instrument" autocomplete="off" value="${SANDBOX_SUCCESS_CARD}">
  <p class="hint">Succeeds: card ${SANDBOX_SUCCESS_CARD}, UPI ${SANDBOX_SUCCESS_UPI}.<br>
  Fails: card ${SANDBOX_FAILURE_CARD}, UPI ${SANDBOX_FAILURE_UPI}.</p>
  <p id="error" role="alert"></p>
  <button type="submit" id="submit">Pay ₹${escapeHtml(formatRupees(order.amount))}</button>
  <button type="button" id="fail" class="secondary">Simulate a failed payment</button>
  <button type="button" id="close" class="secondary">Close</button>
</form>`
    : `<h1>Order not found</h1><p>This order does not exist.</p>
<button type="button" id="close" class="secondary">Close</button>`;
  const orderId = order ? JSON.stringify(order.id) : 'null';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · GuruMatch</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 1.25rem; color: #0f172a; background: #fff; }
  h1 { font-size: 1.125rem; margin: 0 0 .5rem; }
  .amount { font-size: 1.5rem; margin: .25rem 0; }
  .note, .hint { color: #475569; font-size: .875rem; }
  fieldset { border: 0; padding: 0; margin: .75rem 0; display: flex; gap: 1rem; }
  legend { font-weight: 600; margin-bottom: .25rem; }
  label { display: block; font-size: .875rem; }
  fieldset label { display: inline-flex; gap: .25rem; align-items: center; }
  input#instrument { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #cbd5e1; border-radius: .5rem; margin-top: .25rem; }
  button { display: block; width: 100%; padding: .75rem; margin-top: .5rem; border-radius: .5rem; border: 0; font-size: 1rem; font-weight: 600; background: #4f46e5; color: #fff; cursor: pointer; }
  button.secondary { background: #f1f5f9; color: #0f172a; }
  button:disabled { opacity: .6; }
  #error { color: #b91c1c; min-height: 1.25rem; font-size: .875rem; }
</style>
</head>
<body>
${body}
<script nonce="${nonce}">
(function () {
  var orderId = ${orderId};
  function answer(message) {
    message.type = ${JSON.stringify(SANDBOX_MESSAGE_TYPE)};
    message.order_id = orderId;
    var target = window.parent !== window ? window.parent : window.opener;
    if (target) target.postMessage(message, window.location.origin);
  }
  var close = document.getElementById('close');
  if (close) close.addEventListener('click', function () { answer({ status: 'dismissed' }); });
  var form = document.getElementById('pay');
  if (!form) return;
  var error = document.getElementById('error');
  var buttons = form.querySelectorAll('button');
  function pay(method, instrument) {
    error.textContent = '';
    buttons.forEach(function (button) { button.disabled = true; });
    fetch('/api/payments/sandbox/pay/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: orderId, method: method, instrument: instrument })
    }).then(function (response) {
      return response.json().then(function (body) { return { ok: response.ok, status: response.status, body: body }; });
    }).then(function (result) {
      buttons.forEach(function (button) { button.disabled = false; });
      if (result.ok) { answer({ status: 'success', response: result.body }); return; }
      if (result.status === 402) {
        answer({ status: 'failed', error: { code: 'BAD_REQUEST_ERROR', description: result.body.detail || 'Payment failed' } });
        return;
      }
      error.textContent = result.body.detail || 'Payment failed';
    }).catch(function () {
      buttons.forEach(function (button) { button.disabled = false; });
      error.textContent = 'Payment failed';
    });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var method = form.querySelector('input[name=method]:checked').value;
    pay(method, document.getElementById('instrument').value);
  });
  form.querySelectorAll('input[name=method]').forEach(function (radio) {
    radio.addEventListener('change', function () {
      document.getElementById('instrument').value = radio.value === 'upi' ? ${JSON.stringify(SANDBOX_SUCCESS_UPI)} : ${JSON.stringify(SANDBOX_SUCCESS_CARD)};
    });
  });
  document.getElementById('fail').addEventListener('click', function () { pay('card', ${JSON.stringify(SANDBOX_FAILURE_CARD)}); });
})();
</script>
</body>
</html>`;
}
