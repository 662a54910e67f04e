import { type AnalyticsEventType, AUTOCAPTURE } from '@offplan/shared';
import { capText, redactPath, safeHref, safeText } from './privacy.ts';

/**
 * Autocapture (spec §5, §9): clicks, changes and form submits, captured at the document.
 *
 * Never captured: anything inside `[data-analytics-ignore]`; hidden and password inputs (no event at
 * all), nor fields whose name or autocomplete says card, ID or secret; the value of any field except a
 * select's choice and a checkbox's or radio's state; text typed into content-editable areas; text or
 * attribute values resembling a card or national-ID number; query strings and fragments of links.
 */

export const IGNORE_ATTRIBUTE = 'data-analytics-ignore';
/** A stable name a feature may give an element for analytics (`data-analytics-name="save-project"`). */
export const NAME_ATTRIBUTE = 'data-analytics-name';

type PropertyValue = string | number | boolean | null | string[];
export type CapturedProperties = Record<string, PropertyValue>;
export type TrackFn = (eventType: AnalyticsEventType, properties: CapturedProperties) => void;

/** What a click may land on and be worth recording; a click on blank space is not. */
const CLICKABLE = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="menuitemcheckbox"]',
  '[role="menuitemradio"]',
  '[role="option"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  `[${NAME_ATTRIBUTE}]`,
].join(',');

/** Field names and autocomplete tokens that announce a secret or an identity number. */
const SENSITIVE_FIELD =
  /pass(word|code)?|pwd|secret|token|otp|card|cc-|cvc|cvv|csc|ssn|tfn|tax.?file|iban|account.?number/i;
/** Subtrees whose text is not the page's own: scripts, and whatever the user typed. */
const SKIPPED_TEXT_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'TEXTAREA',
  'SELECT',
  'INPUT',
  'SVG',
]);
/** Text is read this far (beyond the 255 cap) so a number cut by the cap is still recognised. */
const TEXT_SCAN_LIMIT = AUTOCAPTURE.hierarchyMaxLength;

/** jsdom lacks `isContentEditable`; the attribute says the same. */
const EDITABLE = '[contenteditable]:not([contenteditable="false"])';

const isEditable = (element: Element) => element.closest(EDITABLE) !== null;

export function isIgnored(element: Element): boolean {
  return element.closest(`[${IGNORE_ATTRIBUTE}]`) !== null;
}

/** Hidden and password inputs, and fields named for a card, an ID or a secret: no event at all. */
export function isSensitiveField(element: Element): boolean {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return false;
  if (element instanceof HTMLInputElement && (element.type === 'hidden' || element.type === 'password')) {
    return true;
  }
  const described = [element.name, element.id, element.getAttribute('autocomplete') ?? ''].join(' ');
  return SENSITIVE_FIELD.test(described);
}

const isFormField = (element: Element) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement;

/** An attribute value safe to capture: capped at 128, and left out when it resembles a card or ID number. */
function attribute(element: Element, name: string): string | null {
  return safeText(element.getAttribute(name), AUTOCAPTURE.attributeValueMaxLength);
}

/** The element's visible text, skipping typed-in and ignored parts; null when nothing may be captured. */
export function elementText(element: Element): string | null {
  if (isFormField(element) || isEditable(element)) return null;
  let text = '';
  const walk = (node: Node) => {
    if (text.length >= TEXT_SCAN_LIMIT) return;
    if (node.nodeType === Node.TEXT_NODE) {
      text += ` ${node.textContent ?? ''}`;
      return;
    }
    if (!(node instanceof Element)) return;
    if (SKIPPED_TEXT_TAGS.has(node.tagName.toUpperCase()) || node.hasAttribute(IGNORE_ATTRIBUTE)) return;
    if (node.matches(EDITABLE)) return;
    if (node instanceof HTMLInputElement && isSensitiveField(node)) return;
    for (const child of node.childNodes) walk(child);
  };
  for (const child of element.childNodes) walk(child);
  return safeText(text.slice(0, TEXT_SCAN_LIMIT), AUTOCAPTURE.textMaxLength);
}

/** One hierarchy step: tag, #id and .classes, each attribute value capped and checked. */
function selectorStep(element: Element): string {
  let step = element.tagName.toLowerCase();
  const id = attribute(element, 'id');
  if (id) step += `#${id}`;
  const classes = safeText(element.getAttribute('class'), AUTOCAPTURE.attributeValueMaxLength);
  if (classes) step += `.${classes.split(' ').filter(Boolean).join('.')}`;
  const name = attribute(element, 'name');
  if (name) step += `[name="${name}"]`;
  return step;
}

/**
 * Where the element sits: "form#login > div.stack > button", nearest ancestors first kept, at most
 * 1024 characters (spec §9); the steps nearest the page root go when it is longer.
 */
export function elementHierarchy(element: Element): string {
  const steps: string[] = [];
  let length = 0;
  for (
    let node: Element | null = element;
    node && node !== node.ownerDocument.body;
    node = node.parentElement
  ) {
    if (node === node.ownerDocument.documentElement) break;
    const step = selectorStep(node);
    const added = step.length + (steps.length > 0 ? 3 : 0);
    if (length + added > AUTOCAPTURE.hierarchyMaxLength) break;
    steps.unshift(step);
    length += added;
  }
  return steps.join(' > ');
}

/** The properties every autocaptured event carries about its element. */
export function elementProperties(element: Element, options: { withText: boolean }): CapturedProperties {
  const properties: CapturedProperties = { element_tag: element.tagName.toLowerCase() };
  const set = (key: string, value: PropertyValue | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') properties[key] = value;
  };
  set('element_id', attribute(element, 'id'));
  set('element_class', attribute(element, 'class'));
  set('element_name', attribute(element, 'name'));
  set('element_analytics_name', attribute(element, NAME_ATTRIBUTE));
  set('element_role', attribute(element, 'role'));
  set('element_aria_label', attribute(element, 'aria-label'));
  set('element_title', attribute(element, 'title'));
  if (element instanceof HTMLInputElement || element instanceof HTMLButtonElement)
    set('element_type', element.type);
  if (element instanceof HTMLAnchorElement) {
    const href = safeHref(
      element.getAttribute('href'),
      element.ownerDocument.location?.href ?? 'http://localhost/',
    );
    set('element_href', href ? capText(href, AUTOCAPTURE.attributeValueMaxLength) : null);
    if (element.target) set('element_target', attribute(element, 'target'));
  }
  if (options.withText) set('element_text', elementText(element));
  set('element_hierarchy', elementHierarchy(element));
  return properties;
}

/** Spec §5: of a field's value only a select's choice and a checkbox's or radio's state are kept. */
export function fieldStateProperties(element: Element): CapturedProperties {
  if (element instanceof HTMLSelectElement) {
    const values = Array.from(element.selectedOptions)
      .map((option) => safeText(option.value, AUTOCAPTURE.attributeValueMaxLength))
      .filter((value): value is string => value !== null);
    return element.multiple ? { element_value: values } : { element_value: values[0] ?? null };
  }
  if (element instanceof HTMLInputElement && element.type === 'checkbox') {
    return { element_checked: element.checked };
  }
  if (element instanceof HTMLInputElement && element.type === 'radio') {
    // A radio's value is the option the page offers, not something typed.
    return { element_checked: element.checked, element_value: attribute(element, 'value') };
  }
  return {};
}

/** Capture allowed for this element at all? */
function capturable(element: Element): boolean {
  return !isIgnored(element) && !isSensitiveField(element);
}

type LastClick = { element: Element; x: number; y: number; time: number };

/**
 * Whether a click repeats the one before (spec §9: click debounce 0 ms, same-position tolerance 20 px):
 * on the same element, within 20 px, and within the debounce. A label's click and the click it passes
 * to its control are one click of the user's.
 */
export function isRepeatClick(
  previous: LastClick | null,
  next: LastClick,
  debounceMs: number = AUTOCAPTURE.clickDebounceMs,
): boolean {
  if (!previous || next.time - previous.time > debounceMs) return false;
  if (previous.element instanceof HTMLLabelElement && previous.element.control === next.element) return true;
  const tolerance = AUTOCAPTURE.samePositionClickTolerancePx;
  return (
    previous.element === next.element &&
    Math.abs(previous.x - next.x) <= tolerance &&
    Math.abs(previous.y - next.y) <= tolerance
  );
}

export type AutocaptureOptions = {
  track: TrackFn;
  document?: Document;
  now?: () => number;
  /** The page path for each event; the default is the location's path, secrets redacted. */
  pagePath?: () => string;
  clickDebounceMs?: number;
};

/** Starts the document-level listeners; answers the function that stops them. */
export function startAutocapture(options: AutocaptureOptions): () => void {
  const doc = options.document ?? document;
  const now = options.now ?? Date.now;
  const pagePath = options.pagePath ?? (() => redactPath(doc.location?.pathname ?? '/'));
  const debounceMs = options.clickDebounceMs ?? AUTOCAPTURE.clickDebounceMs;
  let lastClick: LastClick | null = null;

  const emit = (eventType: AnalyticsEventType, properties: CapturedProperties) => {
    try {
      options.track(eventType, { ...properties, page_path: pagePath() });
    } catch {
      // Analytics must never break the page it watches.
    }
  };

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(CLICKABLE) : null;
    if (!target || !capturable(target)) return;
    const click = { element: target, x: event.clientX, y: event.clientY, time: now() };
    const repeat = isRepeatClick(lastClick, click, debounceMs);
    lastClick = click;
    if (repeat) return;
    emit('element_clicked', {
      ...elementProperties(target, { withText: true }),
      ...fieldStateProperties(target),
    });
  };

  const onChange = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !isFormField(target) || !capturable(target)) return;
    emit('element_changed', {
      ...elementProperties(target, { withText: false }),
      ...fieldStateProperties(target),
    });
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || isIgnored(form)) return;
    const action = form.getAttribute('action');
    const properties = elementProperties(form, { withText: false });
    const href = action ? safeHref(action, doc.location?.href ?? 'http://localhost/') : null;
    if (href) properties.form_action = capText(href, AUTOCAPTURE.attributeValueMaxLength);
    properties.form_method = (form.getAttribute('method') ?? 'get').toLowerCase().slice(0, 16);
    emit('form_submitted', properties);
  };

  // Capture phase: a handler that stops propagation must not hide the event from analytics.
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('change', onChange, true);
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('change', onChange, true);
    doc.removeEventListener('submit', onSubmit, true);
  };
}
