import { describe, expect, it } from 'vitest';
import { multilineText, text } from './text.ts';
import { hasUnsafeText, NUL_MESSAGE } from './text-rule.ts';

describe('the text rule', () => {
  it('refuses NUL with a field message', () => {
    const result = text().safeParse('a\u0000b');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(NUL_MESSAGE);
    expect(multilineText().safeParse('a\u0000b').success).toBe(false);
  });

  it('removes control characters, bidi overrides and zero-width spaces from single-line text', () => {
    expect(text().parse('a\u0001\u0007\u001b[31mb\u202ec\u200bd\u2066e\u0085f')).toBe('a[31mbcdef');
    expect(text().parse('two\nlines')).toBe('two lines');
  });

  it('keeps line breaks and tabs in multi-line text', () => {
    expect(multilineText().parse('one\n\ttwo\r\nthree\u0007\u202e')).toBe('one\n\ttwo\r\nthree');
  });

  it('keeps what people write: accents, emoji sequences with joiners, right-to-left scripts', () => {
    const value = 'Café ‍👩‍👩‍👧 شقة';
    expect(text().parse(value)).toBe(value);
    expect(hasUnsafeText(value)).toBe(false);
  });

  it('checks length after cleaning, so removed characters do not count', () => {
    expect(text().min(1).safeParse('\u202e').success).toBe(false);
    expect(text().max(3).parse('ab\u200bc')).toBe('abc');
  });
});

describe('the text rule with its own message', () => {
  it('says the given message when the value is missing', () => {
    const schema = text({ error: 'Tell us your name.' });
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Tell us your name.');
  });
});
