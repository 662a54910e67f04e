import { AUTOCAPTURE } from '@offplan/shared';
import { describe, expect, it } from 'vitest';
import {
  capText,
  isSensitiveText,
  passesLuhn,
  REDACTED_SEGMENT,
  redactPath,
  safeHref,
  safeText,
} from './privacy.ts';

describe('card numbers (spec §5)', () => {
  it.each([
    ['4111111111111111'],
    ['4111 1111 1111 1111'],
    ['4111-1111-1111-1111'],
    ['Card: 5555 5555 5555 4444 exp 12/29'],
    ['378282246310005'], // 15-digit Amex
    ['4222222222222'], // 13 digits, the shortest
    ['6011 1111 1111 1117 2029'], // a card followed by more digits is still found
  ])('treats %s as a card number', (text) => {
    expect(isSensitiveText(text)).toBe(true);
    expect(safeText(text, AUTOCAPTURE.textMaxLength)).toBeNull();
  });

  it('leaves 13–19 digit runs that fail the Luhn check', () => {
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(isSensitiveText('Ref 4111 1111 1111 1112')).toBe(false);
  });

  it('checks Luhn as card issuers do', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});

describe('national-ID-style numbers (spec §5)', () => {
  it.each([
    ['SSN 123-45-6789'],
    ['TFN 123 456 789'],
    ['123-456-789'],
    ['12345678'],
    ['id 123456789 on file'],
  ])('treats %s as an ID number', (text) => {
    expect(isSensitiveText(text)).toBe(true);
  });

  it.each([
    ['Selling Now'],
    ['Projects (12)'],
    ['Live (1024)'],
    ['Call 1300 123 45'],
    ['Price $1,250,000'],
    ['2024-01-01'],
    ['1234567'],
    ['0123456789'], // ten digits: neither an ID run nor a card
  ])('keeps ordinary text %s', (text) => {
    expect(isSensitiveText(text)).toBe(false);
  });
});

describe('text caps (spec §9)', () => {
  it('caps text at 255 characters after collapsing whitespace', () => {
    const text = `  ${'word '.repeat(100)}  `;
    const captured = safeText(text, AUTOCAPTURE.textMaxLength);
    expect(captured).toHaveLength(255);
    expect(captured?.startsWith('word word')).toBe(true);
  });

  it('finds a number the cap would cut in half', () => {
    const text = `${'a'.repeat(250)} 4111 1111 1111 1111`;
    expect(safeText(text, AUTOCAPTURE.textMaxLength)).toBeNull();
  });

  it('caps attribute values at 128', () => {
    expect(capText('x'.repeat(300), AUTOCAPTURE.attributeValueMaxLength)).toHaveLength(128);
  });
});

describe('URLs', () => {
  const base = 'https://portal.example/dashboard';

  it('keeps the path only: query strings and fragments may carry tokens', () => {
    expect(safeHref('/connect?token=abc123&returnToUsers=true#x', base)).toBe('/connect');
    expect(safeHref('https://portal.example/projects?page=2', base)).toBe('/projects');
  });

  it('keeps the origin of links that leave the portal', () => {
    expect(safeHref('https://www.example.com/contact-us?utm=1', base)).toBe(
      'https://www.example.com/contact-us',
    );
  });

  it('keeps only the scheme of mailto and tel links, and nothing of javascript ones', () => {
    expect(safeHref('mailto:dana@example.com', base)).toBe('mailto:');
    expect(safeHref('tel:+61400000000', base)).toBe('tel:');
    expect(safeHref('javascript:alert(1)', base)).toBeNull();
  });

  it('redacts tokens, emails and ID numbers in paths, and keeps route names', () => {
    expect(redactPath('/forgot-password/aB3dE5fG7hJ9kL1mN2pQ4rS6')).toBe(
      `/forgot-password/${REDACTED_SEGMENT}`,
    );
    expect(redactPath('/users/dana%40example.com')).toBe(`/users/${REDACTED_SEGMENT}`);
    expect(redactPath('/profile/123456789')).toBe(`/profile/${REDACTED_SEGMENT}`);
    expect(redactPath('/reporting/listing-performance')).toBe('/reporting/listing-performance');
    expect(redactPath('/projects/42/summary')).toBe('/projects/42/summary');
  });
});
