import { describe, expect, it } from 'vitest';
import { checkStageChange, listingUpdateSchema, slugify, videoIdFromLink } from './listings.ts';

const ID = 'dQw4w9WgXcQ';

describe('videoIdFromLink (spec §5)', () => {
  it.each([
    [`https://youtu.be/${ID}`],
    [`youtu.be/${ID}`],
    [`https://www.youtube.com/v/${ID}`],
    [`https://www.youtube.com/u/x/${ID}`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://youtube.com/watch?feature=share&v=${ID}`],
    [`https://m.youtube.com/watch?v=${ID}&t=10s`],
    [`https://www.youtube-nocookie.com/embed/${ID}`],
    [`  https://youtu.be/${ID}?t=3  `],
  ])('accepts %s', (link) => {
    expect(videoIdFromLink(link)).toBe(ID);
  });

  it.each([
    ['https://youtu.be/short'],
    [`https://youtu.be/${ID}x`],
    [`https://www.youtube.com/watch?v=${ID.slice(0, 10)}`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://vimeo.com/${ID}`],
    [`https://evil.example/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}/extra`],
    [`javascript:alert(1)//youtu.be/${ID}`],
    ['not a link'],
    [''],
    [null],
    [undefined],
  ])('gives null for %s', (link) => {
    expect(videoIdFromLink(link as string | null | undefined)).toBeNull();
  });

  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtu.be/${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}x`, null],
    [`https://www.youtube.com/watch?v=${ID}#t=3`, ID],
    [`https://youtu.be/${ID}/`, ID],
    [`https://youtu.be/${ID}%2F`, null],
    [`https://www.youtube.com/watch?v=${ID.slice(0, 10)}%41`, `${ID.slice(0, 10)}A`],
  ])('reads %s without parsing when it can, as a parse would', (link, id) => {
    expect(videoIdFromLink(link)).toBe(id);
  });
});

describe('checkStageChange (design §2)', () => {
  it('lets editors move forward only', () => {
    expect(checkStageChange('IN_PLANNING', 'COMMENCED', false)).toEqual({ ok: true });
    expect(checkStageChange('COMMENCED', 'PRECONSTRUCTION', false)).toEqual({
      ok: false,
      reason: 'admin_only',
    });
    expect(checkStageChange('COMMENCED', 'PRECONSTRUCTION', true)).toEqual({ ok: true });
  });
  it('keeps NOT_PROCEEDING admin-only and terminal', () => {
    expect(checkStageChange('COMPLETE', 'NOT_PROCEEDING', false)).toEqual({
      ok: false,
      reason: 'admin_only',
    });
    expect(checkStageChange('NOT_PROCEEDING', 'COMPLETE', false)).toEqual({ ok: false, reason: 'terminal' });
  });
});

describe('listingUpdateSchema', () => {
  it('refuses an invalid video link with a field message', () => {
    const result = listingUpdateSchema.safeParse({ videoUrl: 'https://vimeo.com/123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['videoUrl']);
  });
  it('refuses unknown fields and enum values', () => {
    expect(listingUpdateSchema.safeParse({ salesStatus: 'ON_SALE' }).success).toBe(false);
    expect(listingUpdateSchema.safeParse({ organisationId: 'x' }).success).toBe(false);
  });
});

describe('slugify', () => {
  it('joins title and suburb in lower-case ascii', () => {
    expect(slugify('Harbour Residences & Co.', 'Pyrmont')).toBe('harbour-residences-and-co-pyrmont');
    expect(slugify('Café Lane', 'Fitzroy')).toBe('cafe-lane-fitzroy');
  });
});
