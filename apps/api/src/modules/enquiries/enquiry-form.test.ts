import { BUYER_TYPE_LABELS, ENQUIRY_BUYER_TYPES } from '@offplan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads } from '../../db/schema/index.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { ENQUIRY_CONSENT_LABEL } from '../public-listing/enquiry-form.render.ts';
import { ENQUIRY_FORM_SCRIPT, ENQUIRY_FORM_SCRIPT_PATH } from '../public-listing/enquiry-form.script.ts';
import { enquiryFixtures } from './enquiry.fixtures.ts';
import { ENQUIRIES_PER_ADDRESS } from './enquiry-intake.ts';

/** The public listing page's enquiry form (issue 16): rendered, posted without JavaScript, answered. */

let t: TestApp;
let f: ReturnType<typeof enquiryFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = enquiryFixtures(t);
});
afterAll(async () => {
  await t.close();
});

const formOf = (html: string) => html.match(/<form id="enquiry-form"[\s\S]*?<\/form>/)?.[0] ?? '';
const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...formOf(html).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
/** The opening tag of the control with this id. */
const control = (html: string, id: string) =>
  html.match(new RegExp(`<(?:input|select|textarea) id="${id}"[^>]*>`))?.[0] ?? '';

/** A buyer's answers as the form posts them (strings; the checkbox posts 'on'). */
function formFields(overrides: Record<string, string> = {}): Record<string, string> {
  const answers = Object.entries(f.enquiry()).filter(([name]) => name !== 'consent');
  return {
    ...Object.fromEntries(answers.map(([name, value]) => [name, String(value)])),
    consent: 'on',
    ...overrides,
  };
}

describe('the enquiry form on the public listing page', () => {
  it('is an accessible server-rendered form: labelled controls, autocomplete, required fields, a hidden honeypot', async () => {
    const { path } = await f.listing();
    const response = await t.request(path);
    const html = await response.text();
    const form = formOf(html);
    expect(form).toContain(`action="${path}/enquiry#enquiry"`);
    expect(form).toContain('method="post"');
    const ids = [...form.matchAll(/<(?:input|select|textarea) id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids).toEqual(
      expect.arrayContaining([
        'enquiry-name',
        'enquiry-email',
        'enquiry-phone',
        'enquiry-postcode',
        'enquiry-buyerType',
        'enquiry-budget',
        'enquiry-bedrooms',
        'enquiry-configuration',
        'enquiry-timeframe',
        'enquiry-financeStatus',
        'enquiry-message',
        'enquiry-consent',
      ]),
    );
    for (const id of ids) expect(form, id).toContain(`<label for="${id}">`);
    expect(control(form, 'enquiry-name')).toContain('autocomplete="name"');
    expect(control(form, 'enquiry-name')).toContain('required');
    expect(control(form, 'enquiry-email')).toContain('type="email" autocomplete="email" inputmode="email"');
    expect(control(form, 'enquiry-phone')).toContain('type="tel" autocomplete="tel" inputmode="tel"');
    expect(control(form, 'enquiry-postcode')).toContain('autocomplete="postal-code" inputmode="numeric"');
    expect(control(form, 'enquiry-message')).toContain('maxlength="2000"');
    expect(control(form, 'enquiry-consent')).toContain('required');
    expect(form).toContain(`<label for="enquiry-consent">${ENQUIRY_CONSENT_LABEL} `);
    for (const type of ENQUIRY_BUYER_TYPES) {
      expect(form).toContain(`<option value="${type}">${BUYER_TYPE_LABELS[type]}</option>`);
    }
    expect(form).not.toContain('value="ALL"');
    expect(form).toContain('<option value="0">Studio</option>');
    expect(form).toContain('<option value="5">5+</option>');
    expect(form).toContain('<option value="2 bedroom">2 bedroom</option>');
    // The honeypot: out of sight, out of the tab order and of autofill, hidden from assistive technology.
    expect(form).toMatch(
      /<div class="hp" aria-hidden="true"><label for="enquiry-company_website">[^<]*<\/label><input type="text" id="enquiry-company_website" name="company_website" tabindex="-1" autocomplete="off" value="">/,
    );
    // Field messages have their places (empty until needed), and the form its alert.
    expect(form).toContain('<p class="form-error" id="enquiry-form-error" role="alert"></p>');
    expect(form).toContain('<p class="field-error" id="enquiry-email-error"></p>');
    expect(html).toContain(`<script src="${ENQUIRY_FORM_SCRIPT_PATH}" defer></script>`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('carries a fresh form token in every response, also from the page cache, and no slot left unfilled', async () => {
    const { path } = await f.listing();
    const first = await t.request(path);
    const firstToken = hiddenFields(await first.text()).formToken;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await t.request(path);
    expect(second.headers.get('x-cache')).toBe('HIT');
    const html = await second.text();
    const secondToken = hiddenFields(html).formToken;
    expect(firstToken).toMatch(/^\d+\.[\w-]{43}$/);
    expect(secondToken).toMatch(/^\d+\.[\w-]{43}$/);
    expect(secondToken).not.toBe(firstToken);
    expect(Number(secondToken!.split('.')[0])).toBeGreaterThan(Date.now() - 5000);
    expect(html).not.toContain('<!--enquiry-hidden-fields-->');
  });

  it("carries the visit's UTM parameters, campaign id and referrer, escaped, and only in that visit's page", async () => {
    const { path } = await f.listing();
    await t.request(path);
    const tagged = await t.request(
      `${path}?utm_source=newsletter&utm_medium=email&utm_campaign=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&iterableEmailCampaignId=4242`,
      { headers: { referer: 'https://search.example/?q=wharf' } },
    );
    expect(tagged.headers.get('x-cache')).toBe('HIT');
    const html = await tagged.text();
    expect(hiddenFields(html)).toMatchObject({
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      campaignId: '4242',
      referrer: 'https://search.example/?q=wharf',
    });
    expect(html).not.toContain('<script>alert(1)');
    const plain = await (await t.request(path)).text();
    expect(Object.keys(hiddenFields(plain))).toEqual(['formToken']);
  });

  it('serves its script as a file the content security policy allows, cached for a year by version', async () => {
    const response = await t.request(ENQUIRY_FORM_SCRIPT_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const script = await response.text();
    expect(script).toContain("fetch('/api/enquiries'");
    expect((await t.request('/enquiry-form.js?v=old')).headers.get('cache-control')).toBe(
      'public, max-age=300',
    );
  });
});

describe('POST /{prefix}/{slug}/enquiry (the form without JavaScript)', () => {
  it('round trip: too fast, then field messages with what was typed kept, then stored and confirmed', async () => {
    const { id: projectId, path } = await f.listing();
    const page = await (await t.request(`${path}?utm_source=poster`)).text();
    const hidden = hiddenFields(page);
    const ip = f.freshIp();

    // Sent at once with the page's own token: too fast for a person.
    const fast = await f.postForm(path, { ...formFields(), ...hidden }, ip);
    expect(fast.status).toBe(400);
    expect(await fast.text()).toContain('This form was sent too quickly.');

    const typed = formFields({
      email: 'alex@',
      phone: '12',
      name: 'Alex Buyer',
      timeframe: 'READY_NOW',
      consent: '',
    });
    const refused = await f.postForm(path, { ...typed, ...hidden, formToken: await f.formToken() }, ip);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    const html = await refused.text();
    expect(html).toContain(
      '<p class="form-error" id="enquiry-form-error" role="alert">Please correct the fields marked below.</p>',
    );
    expect(control(html, 'enquiry-email')).toContain(
      'aria-invalid="true" aria-describedby="enquiry-email-error"',
    );
    expect(control(html, 'enquiry-email')).toContain('value="alex@"');
    expect(html).toContain(
      '<p class="field-error" id="enquiry-email-error">Enter a valid email address, e.g. name@example.com</p>',
    );
    expect(control(html, 'enquiry-phone')).toContain(
      'aria-describedby="enquiry-phone-hint enquiry-phone-error"',
    );
    expect(html).toContain('id="enquiry-phone-error">Enter a valid phone number, e.g. 0412 345 678</p>');
    expect(control(html, 'enquiry-consent')).toContain('aria-invalid="true"');
    expect(html).toContain(
      'id="enquiry-consent-error">Please agree to be contacted about this development</p>',
    );
    expect(control(html, 'enquiry-name')).toContain('value="Alex Buyer"');
    expect(control(html, 'enquiry-name')).not.toContain('aria-invalid');
    expect(html).toContain('<option value="READY_NOW" selected>');
    expect(html).toContain('<option value="INVESTOR" selected>');
    expect(html).toContain('>Is a car space included?</textarea>');
    // The visit's attribution is kept too, with a new token.
    expect(hiddenFields(html)).toMatchObject({ utmSource: 'poster' });
    expect(await t.db.select().from(leads).where(eq(leads.projectId, projectId))).toHaveLength(0);

    const fixed = { ...typed, email: 'alex.round@example.test', phone: '0412 987 654', consent: 'on' };
    const sent = await f.postForm(
      path,
      { ...fixed, ...hiddenFields(html), formToken: await f.formToken() },
      ip,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`${path}?enquiry=sent#enquiry`);
    const [lead] = await t.db.select().from(leads).where(eq(leads.projectId, projectId));
    expect(lead).toMatchObject({
      email: 'alex.round@example.test',
      phone: '+61412987654',
      utmSource: 'poster',
      timeframe: 'READY_NOW',
    });

    const confirmation = await t.request(`${path}?enquiry=sent`);
    expect(confirmation.headers.get('cache-control')).toBe('private, no-store');
    const confirmed = await confirmation.text();
    expect(confirmed).toContain('Thank you: your enquiry has been sent');
    expect(confirmed).not.toContain('<form id="enquiry-form"');
    // The shared page is untouched: the next visitor gets the form.
    const next = await t.request(path);
    expect(next.headers.get('x-cache')).toBe('HIT');
    expect(await next.text()).toContain('<form id="enquiry-form"');
  });

  it('shows HTML a buyer typed as text in the page it answers', async () => {
    const { path } = await f.listing();
    const evil = '</textarea><script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const answer = await f.postForm(path, {
      ...formFields({ name: evil, message: evil, email: evil, postcode: evil }),
      formToken: await f.formToken(),
      utmSource: `${evil}${'x'.repeat(300)}`,
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Some details of this visit could not be read');
  });

  it('answers a sold-out listing 409 with its notice, an unknown one 404, and writes nothing', async () => {
    const soldOut = await f.listing({ salesStatus: 'SOLD_OUT' });
    const hidden = await f.listing({ salesStatus: 'HIDDEN' });
    const before = await f.written();
    const closed = await f.postForm(soldOut.path, { ...formFields(), formToken: await f.formToken() });
    expect(closed.status).toBe(409);
    const html = await closed.text();
    expect(html).toContain('Enquiries are closed for this project.');
    expect(html).not.toContain('<form id="enquiry-form"');
    for (const path of [hidden.path, '/nsw/no-such-listing']) {
      const answer = await f.postForm(path, { ...formFields(), formToken: await f.formToken() });
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toContain('Listing not found');
    }
    expect(await f.written()).toEqual(before);
  });

  it('answers past the limit 429 with Retry-After, the message and what was typed', async () => {
    const { path } = await f.listing();
    const ip = f.freshIp();
    for (let index = 0; index < ENQUIRIES_PER_ADDRESS.max; index++) {
      expect((await f.postForm(path, { ...formFields(), formToken: await f.formToken() }, ip)).status).toBe(
        303,
      );
    }
    const refused = await f.postForm(
      path,
      { ...formFields({ name: 'Sam Late' }), formToken: await f.formToken() },
      ip,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toMatch(
      /role="alert">Too many enquiries have been sent from here\. Please try again in \d+ minutes?\.<\/p>/,
    );
    expect(control(html, 'enquiry-name')).toContain('value="Sam Late"');
  });

  it('refuses a post from another site', async () => {
    const { path } = await f.listing();
    const answer = await t.request(`${path}/enquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://elsewhere.example' },
      body: new URLSearchParams({ ...formFields(), formToken: await f.formToken() }).toString(),
    });
    expect(answer.status).toBe(403);
  });
});

/** The browser's side, in jsdom (the web app's test DOM; no types of its own, so loaded by name). */
type DomElement = {
  value: string;
  checked: boolean;
  disabled: boolean;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  dispatchEvent(event: unknown): boolean;
  submit(): void;
};
/** What these tests use of jsdom's window (the API's TypeScript has no DOM library). */
type Browser = {
  document: {
    getElementById(id: string): DomElement | null;
    querySelector(selector: string): DomElement | null;
    activeElement: unknown;
  };
  eval(code: string): unknown;
  fetch: unknown;
  Event: new (type: string, init?: { cancelable?: boolean }) => unknown;
};
async function openInBrowser(path: string, ip: string): Promise<Browser> {
  const jsdomModule = 'jsdom';
  const { JSDOM } = await import(jsdomModule);
  const html = await (await t.request(path)).text();
  const dom = new JSDOM(html, { url: `${TEST_BASE_URL}${path}`, runScripts: 'outside-only' });
  const window = dom.window as Browser;
  // The page's calls go to the app under test, from the buyer's address.
  window.fetch = (url: string, init: RequestInit) => t.request(String(url), { ...init, ip });
  window.eval(ENQUIRY_FORM_SCRIPT);
  return window;
}

async function submitAndSettle(window: Browser) {
  const form = window.document.getElementById('enquiry-form')!;
  const button = form.querySelector('button')!;
  form.dispatchEvent(new window.Event('submit', { cancelable: true }));
  expect(button.disabled).toBe(true);
  for (let wait = 0; wait < 200 && button.disabled; wait++)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the form with its script (JSON, no reload)', () => {
  it('falls back to the form post when the API answers 5xx (down, or in maintenance)', async () => {
    const { path } = await f.listing();
    const window = await openInBrowser(path, f.freshIp());
    window.fetch = async () => new Response('{}', { status: 503 });
    const form = window.document.getElementById('enquiry-form')!;
    const submit = vi.fn();
    form.submit = submit;
    await submitAndSettle(window);
    expect(submit).toHaveBeenCalledOnce();
  });

  it('shows refusals and field messages in place, then the confirmation instead of the form', async () => {
    const { id: projectId, path } = await f.listing();
    const window = await openInBrowser(path, f.freshIp());
    const { document } = window;
    const set = (name: string, value: string) => {
      document.getElementById(`enquiry-${name}`)!.value = value;
    };
    set('name', 'Jo Script');
    set('email', 'jo@');
    set('phone', '0412 555 111');
    set('buyerType', 'FIRST_HOME_BUYER');
    set('configuration', '2 bedroom');
    set('message', '<b>Hello</b>');
    document.getElementById('enquiry-consent')!.checked = true;

    // At once: the page's own token is too young.
    await submitAndSettle(window);
    expect(document.getElementById('enquiry-form-error')!.textContent).toMatch(/sent too quickly/);

    document.querySelector('input[name="formToken"]')!.value = await f.formToken();
    await submitAndSettle(window);
    const email = document.getElementById('enquiry-email')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('enquiry-email-error');
    expect(document.getElementById('enquiry-email-error')!.textContent).toBe(
      'Enter a valid email address, e.g. name@example.com',
    );
    expect(document.activeElement).toBe(email);
    expect(document.getElementById('enquiry-form-error')!.textContent).toBe(
      'Please correct the fields marked below.',
    );

    set('email', 'jo.script@example.test');
    await submitAndSettle(window);
    expect(document.getElementById('enquiry-form')).toBeNull();
    expect(document.getElementById('enquiry-sent')!.textContent).toContain(
      'Thank you: your enquiry has been sent',
    );
    const [lead] = await t.db.select().from(leads).where(eq(leads.email, 'jo.script@example.test'));
    expect(lead).toMatchObject({
      projectId,
      configuration: '2 bedroom',
      message: '<b>Hello</b>',
      buyerType: 'FIRST_HOME_BUYER',
    });
  });
});
