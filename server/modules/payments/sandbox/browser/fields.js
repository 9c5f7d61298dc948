/*
 * The sandbox card processor's card fields, inside its own frame. It checks what is
 * typed as the holder types, sends the card to the processor for a one-use token when the page
 * asks, and tells the page only whether the fields are complete and, at the end, the token.
 * The brand and Luhn checks repeat test-cards.ts on purpose: this is the processor's own plain
 * script, served as is, and the token API checks everything again.
 */
(function () {
  'use strict';
  var body = document.body;
  var publicKey = body.getAttribute('data-key');
  var parentOrigin = body.getAttribute('data-origin');
  var messages = JSON.parse(body.getAttribute('data-messages'));
  var number = document.getElementById('number');
  var expiry = document.getElementById('expiry');
  var cvc = document.getElementById('cvc');
  var inputs = { number: number, expiry: expiry, cvc: cvc };

  function digits(value) {
    return value.replace(/\D/g, '');
  }
  function brand(value) {
    var d = digits(value);
    if (/^4/.test(d)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
    if (/^3[47]/.test(d)) return 'amex';
    if (/^35(2[89]|[3-8])/.test(d)) return 'jcb';
    if (/^62/.test(d)) return 'unionpay';
    return 'unknown';
  }
  function luhn(d) {
    var sum = 0;
    for (var i = 0; i < d.length; i++) {
      var n = Number(d[d.length - 1 - i]);
      if (i % 2 === 1) {
        n *= 2;
        if (n > 9) n -= 9;
      }
      sum += n;
    }
    return sum % 10 === 0;
  }
  function post(message) {
    message.source = 'sandbox-pay';
    window.parent.postMessage(message, parentOrigin);
  }
  function showError(field, code) {
    var box = document.getElementById(field + '-error');
    box.textContent = code ? messages[code] || messages.incomplete : '';
    inputs[field].setAttribute('aria-invalid', code ? 'true' : 'false');
    post({ type: 'height', height: document.documentElement.scrollHeight });
  }
  function localErrors() {
    var errors = {};
    var d = digits(number.value);
    if (d.length < 12 || d.length > 19 || !luhn(d)) errors.number = 'number-invalid';
    var match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(expiry.value.trim());
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) errors.expiry = 'expiry-invalid';
    var cvcLength = brand(number.value) === 'amex' ? 4 : 3;
    if (!new RegExp('^\\d{' + cvcLength + '}$').test(cvc.value.trim())) errors.cvc = 'cvc-invalid';
    return errors;
  }
  function report() {
    var errors = localErrors();
    post({
      type: 'change',
      complete: Object.keys(errors).length === 0,
      empty: !number.value && !expiry.value && !cvc.value,
      brand: brand(number.value),
    });
  }

  number.addEventListener('input', function () {
    var d = digits(number.value).slice(0, 19);
    number.value =
      brand(d) === 'amex'
        ? d.replace(/^(\d{4})(\d{1,6})?(\d{1,5})?.*/, function (_, a, b, c) {
            return [a, b, c].filter(Boolean).join(' ');
          })
        : d.replace(/(\d{4})(?=\d)/g, '$1 ');
    showError('number', '');
    report();
  });
  expiry.addEventListener('input', function (event) {
    var d = digits(expiry.value).slice(0, 4);
    if (d.length === 1 && Number(d) > 1) d = '0' + d;
    var deleting = event.inputType && event.inputType.indexOf('delete') === 0;
    expiry.value =
      d.length > 2 || (d.length === 2 && !deleting) ? d.slice(0, 2) + ' / ' + d.slice(2) : d;
    showError('expiry', '');
    report();
  });
  cvc.addEventListener('input', function () {
    cvc.value = digits(cvc.value).slice(0, 4);
    showError('cvc', '');
    report();
  });
  Object.keys(inputs).forEach(function (field) {
    inputs[field].addEventListener('blur', function () {
      if (!inputs[field].value) return;
      showError(field, localErrors()[field] || '');
    });
  });

  function tokenize(id) {
    var errors = localErrors();
    Object.keys(inputs).forEach(function (field) {
      showError(field, errors[field] || '');
    });
    if (Object.keys(errors).length > 0) {
      post({ type: 'error', id: id, error: 'incomplete', fields: errors });
      return;
    }
    fetch('tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': publicKey },
      body: JSON.stringify({
        number: digits(number.value),
        expiry: expiry.value.replace(/\s/g, ''),
        cvc: cvc.value.trim(),
      }),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          return { status: response.status, answer: answer };
        });
      })
      .then(function (result) {
        if (result.status === 200 && result.answer.token) {
          post({ type: 'token', id: id, token: result.answer.token, card: result.answer.card });
          return;
        }
        var fields = result.answer.errors || {};
        Object.keys(inputs).forEach(function (field) {
          showError(field, fields[field] || '');
        });
        post({
          type: 'error',
          id: id,
          error: Object.keys(fields).length ? 'incomplete' : 'network',
          fields: fields,
        });
      })
      .catch(function () {
        post({ type: 'error', id: id, error: 'network', fields: {} });
      });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data || {};
    if (data.source === 'sandbox-pay' && data.type === 'tokenize') tokenize(data.id);
  });
  post({ type: 'height', height: document.documentElement.scrollHeight });
  report();
})();
