import { createHash } from 'node:crypto';

/**
 * The enquiry form's enhancement (issue 16): sends the form to POST /api/enquiries as JSON and shows
 * the field messages or the confirmation in place, without a reload. The form works without it (it
 * posts to the page). A file of its own, not inline: the content security policy allows only
 * `script-src 'self'` (middlewares/security-headers.ts). Plain ES2017 in a string: it runs as written in
 * the buyer's browser, outside the bundle.
 */
export const ENQUIRY_FORM_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('enquiry-form');
  if (!form || !window.fetch || !window.FormData) return;
  var summary = document.getElementById('enquiry-form-error');
  var button = form.querySelector('button[type="submit"]');
  var CHECK_FIELDS = 'Please correct the fields marked below.';

  function describe(control, errorId, on) {
    var ids = (control.getAttribute('aria-describedby') || '').split(' ').filter(function (id) {
      return id && id !== errorId;
    });
    if (on) ids.push(errorId);
    if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
    else control.removeAttribute('aria-describedby');
  }

  function clearErrors() {
    summary.textContent = '';
    Array.prototype.forEach.call(form.querySelectorAll('.field-error'), function (element) {
      element.textContent = '';
    });
    Array.prototype.forEach.call(form.querySelectorAll('[aria-invalid]'), function (control) {
      control.removeAttribute('aria-invalid');
      describe(control, control.id + '-error', false);
    });
  }

  /** Shows each field's message beside it; answers the messages of fields the form does not show. */
  function showFieldErrors(fields) {
    var first = null;
    var unshown = [];
    Object.keys(fields).forEach(function (name) {
      var control = document.getElementById('enquiry-' + name);
      var message = document.getElementById('enquiry-' + name + '-error');
      if (!control || !message) {
        unshown.push(fields[name]);
        return;
      }
      message.textContent = fields[name];
      control.setAttribute('aria-invalid', 'true');
      describe(control, message.id, true);
      if (!first) first = control;
    });
    if (first) first.focus();
    return unshown;
  }

  function bodyOf() {
    var body = {};
    new FormData(form).forEach(function (value, name) {
      body[name] = value;
    });
    body.projectId = Number(form.getAttribute('data-project-id'));
    body.consent = form.elements.namedItem('consent').checked;
    return body;
  }

  function confirm() {
    var template = document.getElementById('enquiry-sent-template');
    var sent = template.content.firstElementChild.cloneNode(true);
    form.parentNode.replaceChild(sent, form);
    sent.setAttribute('tabindex', '-1');
    sent.focus();
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors();
    button.disabled = true;
    fetch('/api/enquiries', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(bodyOf()),
    })
      .then(function (response) {
        if (response.ok) return confirm();
        // The API is down or in maintenance: the page's own form post takes the enquiry instead.
        if (response.status >= 500) return form.submit();
        return response.json().then(function (answer) {
          var error = (answer && answer.error) || {};
          var unshown = error.fields ? showFieldErrors(error.fields) : [];
          summary.textContent = error.fields ? unshown.concat(CHECK_FIELDS).join(' ') : error.message || CHECK_FIELDS;
        });
      })
      .catch(function () {
        summary.textContent = 'Your enquiry could not be sent. Check your connection and try again.';
      })
      .then(function () {
        button.disabled = false;
      });
  });
})();
`;

const version = createHash('sha256').update(ENQUIRY_FORM_SCRIPT).digest('hex').slice(0, 12);

/** Versioned by its content, so browsers may keep it for a year and a new release is fetched at once. */
export const ENQUIRY_FORM_SCRIPT_PATH = `/enquiry-form.js?v=${version}`;
