import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ProcessReceiptJob } from './receipt-job.js';
import { canonicalLocale, localeFromAcceptLanguage } from './receipt-locale.js';

describe('canonicalLocale', () => {
  it('accepts BCP 47 tags and returns their canonical form', () => {
    expect(canonicalLocale('de-DE')).toBe('de-DE');
    expect(canonicalLocale('de-de')).toBe('de-DE');
    expect(canonicalLocale('fr')).toBe('fr');
    expect(canonicalLocale('pt-BR')).toBe('pt-BR');
    expect(canonicalLocale('zh-Hant-TW')).toBe('zh-Hant-TW');
  });

  it('refuses what is not a locale', () => {
    for (const bad of [
      '',
      '*',
      'x',
      'de_DE',
      'en-US;q=1',
      'de-DE<script>',
      'a'.repeat(40),
      12,
      null,
    ]) {
      expect(canonicalLocale(bad)).toBeNull();
    }
  });
});

describe('localeFromAcceptLanguage', () => {
  it('takes the tag the browser ranks first', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('de-DE');
    expect(localeFromAcceptLanguage('en;q=0.5, fr-FR')).toBe('fr-FR');
    expect(localeFromAcceptLanguage('nl-NL')).toBe('nl-NL');
  });

  it('skips wildcards, zero weights and junk, and says null when nothing is left', () => {
    expect(localeFromAcceptLanguage('*, es-ES;q=0.4')).toBe('es-ES');
    expect(localeFromAcceptLanguage('it-IT;q=0, en-GB;q=0.1')).toBe('en-GB');
    expect(localeFromAcceptLanguage('*')).toBeNull();
    expect(localeFromAcceptLanguage('<<<>>>')).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
    expect(localeFromAcceptLanguage('en-US,'.repeat(500))).toBeNull();
  });
});

describe('ProcessReceiptJob.locale', () => {
  const job = {
    job_id: '6f0b7f38-3c3f-4a8e-9b7e-0c8a3b3d2a11',
    expense_id: '8e7f0e55-8a39-4c1e-9e58-2a2b7e4f9c22',
    user_id: '0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c33',
    entity: null,
    storage_key: 'receipts/u/x.jpg',
    content_type: 'image/jpeg',
  };
  const errors = (extra: object) =>
    validateSync(plainToInstance(ProcessReceiptJob, { ...job, ...extra })).map((e) => e.property);

  it('is optional', () => {
    expect(errors({})).toEqual([]);
    expect(errors({ locale: null })).toEqual([]);
    expect(errors({ locale: 'de-DE' })).toEqual([]);
  });

  it('must be a canonical locale tag when given', () => {
    expect(errors({ locale: 'de_DE' })).toEqual(['locale']);
    expect(errors({ locale: 'de-de' })).toEqual(['locale']);
    expect(errors({ locale: 42 })).toEqual(['locale']);
    expect(errors({ locale: 'x'.repeat(100) })).toEqual(['locale']);
  });
});
