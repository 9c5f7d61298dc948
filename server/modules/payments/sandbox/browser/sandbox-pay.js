/*
 * The sandbox card processor's script for merchant pages. Like a real processor's, it
 * puts the card fields in a frame served by the processor, so the page around them never sees
 * the card number: it gets a one-use token from tokenize().
 *
 *   const fields = SandboxPay.mount(element, { publicKey, language, title, onChange });
 *   const { token, card } | { error, fields } = await fields.tokenize();
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var origin = new URL(script.src).origin;
  var base = origin + '/sandbox-pay/v1';
  var TOKENIZE_TIMEOUT_MS = 15000;

  function mount(container, options) {
    var frame = document.createElement('iframe');
    var query = new URLSearchParams({
      key: options.publicKey,
      lang: options.language || 'en',
      origin: window.location.origin,
    });
    frame.src = base + '/fields?' + query.toString();
    frame.title = options.title || 'Card';
    frame.setAttribute('data-sandbox-pay', 'fields');
    frame.style.cssText = 'width:100%;border:0;height:132px;display:block;background:transparent';
    container.appendChild(frame);
    var pending = null;
    var nextId = 1;

    function settle(answer) {
      if (!pending) return;
      var waiting = pending;
      pending = null;
      clearTimeout(waiting.timer);
      waiting.resolve(answer);
    }

    function onMessage(event) {
      if (event.source !== frame.contentWindow || event.origin !== origin) return;
      var data = event.data || {};
      if (data.source !== 'sandbox-pay') return;
      if (data.type === 'change' && options.onChange)
        options.onChange({
          complete: !!data.complete,
          empty: !!data.empty,
          brand: data.brand || 'unknown',
        });
      if (data.type === 'height') frame.style.height = data.height + 'px';
      if (pending && data.id === pending.id) {
        if (data.type === 'token') settle({ token: data.token, card: data.card });
        if (data.type === 'error') settle({ error: data.error, fields: data.fields || {} });
      }
    }
    window.addEventListener('message', onMessage);

    return {
      tokenize: function () {
        return new Promise(function (resolve) {
          settle({ error: 'replaced' });
          pending = {
            id: nextId++,
            resolve: resolve,
            timer: setTimeout(function () {
              settle({ error: 'network' });
            }, TOKENIZE_TIMEOUT_MS),
          };
          frame.contentWindow.postMessage(
            { source: 'sandbox-pay', type: 'tokenize', id: pending.id },
            origin,
          );
        });
      },
      destroy: function () {
        settle({ error: 'replaced' });
        window.removeEventListener('message', onMessage);
        frame.remove();
      },
    };
  }

  window.SandboxPay = { mount: mount };
})();
