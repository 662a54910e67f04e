import { type AnalyticsEventType, AUTOCAPTURE } from '@offplan/shared';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CapturedProperties,
  elementHierarchy,
  IGNORE_ATTRIBUTE,
  isRepeatClick,
  startAutocapture,
} from './autocapture.ts';

type Captured = { type: AnalyticsEventType; properties: CapturedProperties };

let captured: Captured[] = [];
let stop: () => void = () => {};
let clock = 0;

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const allText = () => JSON.stringify(captured);

beforeEach(() => {
  captured = [];
  clock = 1_000_000;
  stop = startAutocapture({
    track: (type, properties) => captured.push({ type, properties }),
    now: () => clock,
    pagePath: () => '/dashboard',
  });
});

afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

describe('clicks', () => {
  it('records the element, its text and where it sits', () => {
    mount(
      '<nav id="menu"><a id="projects" class="nav-link" href="/projects?token=secret#top">Projects <b>(3)</b></a></nav>',
    );
    fireEvent.click(byId('projects').querySelector('b')!);
    expect(captured).toEqual([
      {
        type: 'element_clicked',
        properties: {
          element_tag: 'a',
          element_id: 'projects',
          element_class: 'nav-link',
          element_href: '/projects',
          element_text: 'Projects (3)',
          element_hierarchy: 'nav#menu > a#projects.nav-link',
          page_path: '/dashboard',
        },
      },
    ]);
    expect(allText()).not.toContain('secret');
  });

  it('ignores clicks on nothing clickable', () => {
    mount('<div id="blank"><p id="para">Just text</p></div>');
    fireEvent.click(byId('para'));
    expect(captured).toEqual([]);
  });

  it('caps element text at 255 characters', () => {
    mount(`<button id="long">${'Save the project now '.repeat(30)}</button>`);
    fireEvent.click(byId('long'));
    expect(captured[0]?.properties.element_text).toHaveLength(AUTOCAPTURE.textMaxLength);
  });

  it('caps attribute values at 128 characters', () => {
    mount(
      `<button id="${'i'.repeat(300)}" aria-label="${'l'.repeat(300)}" class="${'c'.repeat(300)}">Go</button>`,
    );
    fireEvent.click(document.querySelector('button')!);
    const { properties } = captured[0]!;
    expect(properties.element_id).toHaveLength(AUTOCAPTURE.attributeValueMaxLength);
    expect(properties.element_aria_label).toHaveLength(AUTOCAPTURE.attributeValueMaxLength);
    expect(properties.element_class).toHaveLength(AUTOCAPTURE.attributeValueMaxLength);
  });

  it('caps the hierarchy at 1024 characters, keeping the nearest ancestors', () => {
    const depth = 40;
    const open = Array.from(
      { length: depth },
      (_, index) => `<div class="level-${index} ${'x'.repeat(40)}">`,
    ).join('');
    mount(`${open}<button id="deep">Deep</button>${'</div>'.repeat(depth)}`);
    fireEvent.click(byId('deep'));
    const hierarchy = String(captured[0]?.properties.element_hierarchy);
    expect(hierarchy.length).toBeLessThanOrEqual(AUTOCAPTURE.hierarchyMaxLength);
    expect(hierarchy.length).toBeGreaterThan(AUTOCAPTURE.hierarchyMaxLength - 100);
    expect(hierarchy.endsWith('button#deep')).toBe(true);
    expect(hierarchy).toContain(`level-${depth - 1}`);
    expect(hierarchy).not.toContain('level-0 ');
    expect(elementHierarchy(byId('deep'))).toBe(hierarchy);
  });

  it.each([
    ['a card number', 'Pay with 4111 1111 1111 1111'],
    ['a dashed card number', '5555-5555-5555-4444'],
    ['an SSN-style number', 'ID 123-45-6789'],
    ['a TFN', 'TFN 123 456 789'],
    ['an 8-digit run', 'Ref 12345678'],
  ])('drops text resembling %s', (_name, text) => {
    mount(`<button id="b" aria-label="${text}" title="ok">${text}</button>`);
    fireEvent.click(byId('b'));
    expect(captured).toHaveLength(1);
    const { properties } = captured[0]!;
    expect(properties.element_text).toBeUndefined();
    expect(properties.element_aria_label).toBeUndefined();
    expect(properties.element_title).toBe('ok');
    expect(allText()).not.toMatch(/\d{4}|\d{3}-\d{2}/);
  });

  it('keeps text that only has small numbers', () => {
    mount('<button id="b">Recommended (12)</button>');
    fireEvent.click(byId('b'));
    expect(captured[0]?.properties.element_text).toBe('Recommended (12)');
  });

  it('records clicks on text inputs without their value', () => {
    mount('<input id="email" name="email" type="email" value="dana@example.com" />');
    fireEvent.click(byId('email'));
    expect(captured).toHaveLength(1);
    expect(captured[0]?.properties).toMatchObject({ element_tag: 'input', element_type: 'email' });
    expect(allText()).not.toContain('dana@example.com');
  });

  it('records nothing at all for password and hidden inputs', () => {
    mount(`
      <form id="login">
        <input id="password" name="password" type="password" value="Hunter2!secret" />
        <input id="csrf" type="hidden" name="csrf" value="token-123" />
      </form>`);
    fireEvent.click(byId('password'));
    fireEvent.change(byId('password'), { target: { value: 'Changed!secret' } });
    fireEvent.change(byId('csrf'), { target: { value: 'token-456' } });
    expect(captured).toEqual([]);
  });

  it('records nothing for fields named for a card or an ID', () => {
    mount('<input id="cc" name="cardNumber" autocomplete="cc-number" /><input id="tfn" name="tfn" />');
    fireEvent.click(byId('cc'));
    fireEvent.change(byId('tfn'), { target: { value: '123456789' } });
    expect(captured).toEqual([]);
  });

  it('skips the text of inputs, ignored parts and typed-in areas inside a clicked element', () => {
    mount(`
      <label id="label">Remember <input type="checkbox" /> <span ${IGNORE_ATTRIBUTE}>dana@example.com</span>
        <span contenteditable="true">typed secret</span></label>`);
    fireEvent.click(byId('label'));
    expect(captured[0]?.properties.element_text).toBe('Remember');
  });

  it('respects data-analytics-ignore on the element or an ancestor', () => {
    mount(
      `<div ${IGNORE_ATTRIBUTE}><button id="inside">Private</button></div><button id="self" ${IGNORE_ATTRIBUTE}>x</button>`,
    );
    fireEvent.click(byId('inside'));
    fireEvent.click(byId('self'));
    expect(captured).toEqual([]);
  });

  it('counts a label’s click and the click it passes on to its control once', () => {
    mount('<label id="label" for="terms">Accept the terms</label><input id="terms" type="checkbox" />');
    // The browser passes the click on to the checkbox, at the same moment; the checkbox changes.
    fireEvent.click(byId('label'));
    expect(captured.map((event) => event.type)).toEqual(['element_clicked', 'element_changed']);
    expect(captured[0]?.properties.element_text).toBe('Accept the terms');
    expect(captured[1]?.properties).toMatchObject({ element_id: 'terms', element_checked: true });
  });
});

describe('repeated clicks (spec §9: debounce 0 ms, same-position tolerance 20 px)', () => {
  it('records each click with no debounce, even on the same spot', () => {
    mount('<button id="b">Save</button>');
    fireEvent.click(byId('b'), { clientX: 100, clientY: 100 });
    clock += 1;
    fireEvent.click(byId('b'), { clientX: 100, clientY: 100 });
    expect(captured).toHaveLength(2);
  });

  it('treats a click on the same element within 20 px and within the debounce as a repeat', () => {
    const element = document.createElement('button');
    const first = { element, x: 100, y: 100, time: 0 };
    expect(isRepeatClick(first, { element, x: 120, y: 80, time: 0 })).toBe(true);
    expect(isRepeatClick(first, { element, x: 121, y: 100, time: 0 })).toBe(false);
    expect(isRepeatClick(first, { element: document.createElement('button'), x: 100, y: 100, time: 0 })).toBe(
      false,
    );
    expect(isRepeatClick(first, { element, x: 100, y: 100, time: 1 })).toBe(false);
    expect(isRepeatClick(first, { element, x: 100, y: 100, time: 300 }, 500)).toBe(true);
  });
});

describe('changes', () => {
  it('records a select’s choice', () => {
    mount(
      '<select id="period" name="period"><option value="MONTH">Month</option><option value="WEEK">Week</option></select>',
    );
    fireEvent.change(byId('period'), { target: { value: 'WEEK' } });
    expect(captured).toEqual([
      {
        type: 'element_changed',
        properties: expect.objectContaining({
          element_tag: 'select',
          element_name: 'period',
          element_value: 'WEEK',
        }),
      },
    ]);
  });

  it('records the choices of a multiple select', () => {
    mount(`<select id="status" multiple>
      <option value="SELLING_NOW" selected>Selling</option><option value="SOLD_OUT" selected>Sold</option><option value="HIDDEN">Hidden</option>
    </select>`);
    fireEvent.change(byId('status'));
    expect(captured[0]?.properties.element_value).toEqual(['SELLING_NOW', 'SOLD_OUT']);
  });

  it('records checkbox and radio states', () => {
    mount(`<input id="dark" type="checkbox" name="dark" />
      <input id="light" type="radio" name="bg" value="light" /><input id="darkbg" type="radio" name="bg" value="dark" />`);
    fireEvent.click(byId('dark'));
    fireEvent.change(byId('dark'));
    fireEvent.click(byId('darkbg'));
    const changes = captured.filter((event) => event.type === 'element_changed');
    expect(changes[0]?.properties).toMatchObject({ element_checked: true });
    expect(captured.at(-1)?.properties).toMatchObject({ element_checked: true, element_value: 'dark' });
  });

  it('records a text field’s change without its value', () => {
    mount('<input id="name" name="firstName" type="text" /><textarea id="notes" name="notes"></textarea>');
    fireEvent.change(byId('name'), { target: { value: 'Dana' } });
    fireEvent.change(byId('notes'), { target: { value: 'Card 4111 1111 1111 1111' } });
    expect(captured.map((event) => event.type)).toEqual(['element_changed', 'element_changed']);
    for (const event of captured) {
      expect(event.properties.element_value).toBeUndefined();
      expect(event.properties.element_text).toBeUndefined();
    }
    expect(allText()).not.toContain('Dana');
    expect(allText()).not.toContain('4111');
  });
});

describe('form submits', () => {
  it('records the form, never its values, and strips the action’s query', () => {
    mount(`<form id="login" action="/api/login?next=/secret" method="post">
      <input name="email" value="dana@example.com" /><input type="password" name="password" value="Hunter2!" />
      <button type="submit">Sign in</button></form>`);
    fireEvent.submit(byId('login'));
    expect(captured).toEqual([
      {
        type: 'form_submitted',
        properties: {
          element_tag: 'form',
          element_id: 'login',
          element_hierarchy: 'form#login',
          form_action: '/api/login',
          form_method: 'post',
          page_path: '/dashboard',
        },
      },
    ]);
    expect(allText()).not.toMatch(/dana|Hunter2|secret/);
  });

  it('ignores forms marked data-analytics-ignore', () => {
    mount(`<form id="f" ${IGNORE_ATTRIBUTE}><button>Go</button></form>`);
    fireEvent.submit(byId('f'));
    expect(captured).toEqual([]);
  });
});

describe('lifecycle', () => {
  it('stops listening when stopped, and never lets a failing tracker break the page', () => {
    mount('<button id="b">Save</button>');
    stop();
    fireEvent.click(byId('b'));
    expect(captured).toEqual([]);
    stop = startAutocapture({
      track: vi.fn(() => {
        throw new Error('tracker broke');
      }),
    });
    expect(() => fireEvent.click(byId('b'))).not.toThrow();
  });
});
