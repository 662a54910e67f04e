import { describe, expect, it } from 'vitest';
import {
  adminOrganisationInputSchema,
  emailDomainOf,
  isOrganisationMailDomain,
  normaliseOrganisationName,
} from './organisation-joins.ts';

describe('normaliseOrganisationName (decision 030)', () => {
  it('lower-cases, turns & into and, drops punctuation and collapses spaces', () => {
    expect(normaliseOrganisationName('  Smith & Sons,  Developments!  ')).toBe('smith and sons developments');
  });

  it('drops pty, ltd, limited, proprietary, the, group, holdings and australia', () => {
    expect(normaliseOrganisationName('The Harbourline Group Holdings Pty. Ltd.')).toBe('harbourline');
    expect(normaliseOrganisationName('Harbourline Australia Proprietary Limited')).toBe('harbourline');
    expect(normaliseOrganisationName('harbourline')).toBe('harbourline');
  });

  it('keeps words that only contain a noise word, and digits', () => {
    expect(normaliseOrganisationName('Theory Grouping 88')).toBe('theory grouping 88');
  });

  it('tells different organisations apart', () => {
    expect(normaliseOrganisationName('Harbourline Homes')).not.toBe(normaliseOrganisationName('Harbourline'));
  });

  it('is empty for a name of noise words and punctuation only', () => {
    expect(normaliseOrganisationName('The Pty Ltd.')).toBe('');
  });
});

describe('email domains', () => {
  it('reads the domain in lower case', () => {
    expect(emailDomainOf('Rita@Harbourline.COM.au')).toBe('harbourline.com.au');
  });

  it('never matches public mail services', () => {
    for (const domain of ['gmail.com', 'outlook.com', 'bigpond.net.au', 'proton.me']) {
      expect(isOrganisationMailDomain(domain)).toBe(false);
    }
    expect(isOrganisationMailDomain('harbourline.com.au')).toBe(true);
  });
});

describe('admin organisation input', () => {
  it('checks the ABN checksum and stores digits', () => {
    expect(adminOrganisationInputSchema.parse({ name: 'X', abn: '51 824 753 556' }).abn).toBe('51824753556');
    expect(adminOrganisationInputSchema.safeParse({ name: 'X', abn: '51 824 753 557' }).success).toBe(false);
  });

  it('refuses a name without letters or digits', () => {
    expect(adminOrganisationInputSchema.safeParse({ name: 'Pty Ltd' }).success).toBe(false);
  });
});
