import { describe, expect, it } from '@jest/globals';
import { detectLanguage, languageForLocale } from './languages.js';

describe('languageForLocale', () => {
  it('maps a locale to the model of its language', () => {
    expect(languageForLocale('de-CH')).toBe('deu');
    expect(languageForLocale('fr-FR')).toBe('fra');
    expect(languageForLocale('pt-BR')).toBe('por');
    expect(languageForLocale('nl')).toBe('nld');
    expect(languageForLocale('en-US')).toBe('eng');
    expect(languageForLocale('ms-MY')).toBe('eng');
  });

  it('says null for a language without a model, or no locale', () => {
    expect(languageForLocale('ja-JP')).toBeNull();
    expect(languageForLocale(undefined)).toBeNull();
    expect(languageForLocale('')).toBeNull();
  });
});

describe('detectLanguage', () => {
  it('names the language a receipt speaks', () => {
    expect(
      detectLanguage('REWE Markt GmbH\nSUMME EUR 12,40\nGegeben BAR 20,00\nRuckgeld 7,60'),
    ).toBe('deu');
    expect(detectLanguage('Carrefour\n12 rue de la Paix\nTOTAL TTC 8,90\nTVA 20%')).toBe('fra');
    expect(detectLanguage('Mercadona S.A.\nIMPORTE 14,20\nEfectivo 20,00\nCambio 5,80')).toBe(
      'spa',
    );
    expect(detectLanguage('Coop\nTOTALE COMPLESSIVO 9,80\nContanti 10,00\nResto 0,20')).toBe('ita');
    expect(detectLanguage('Albert Heijn\nTOTAAL 6,75\nBTW 9%\nPinnen 6,75')).toBe('nld');
    expect(detectLanguage('Pingo Doce\nNIF 500829993\nTOTAL 7,10\nTroco 2,90 Obrigado')).toBe(
      'por',
    );
    expect(
      detectLanguage('WALMART\nSUBTOTAL 10.00\nTAX 0.80\nTOTAL 10.80\nCASH 20.00\nCHANGE 9.20'),
    ).toBe('eng');
  });

  it('says null when nothing tells', () => {
    expect(detectLanguage('ACME\n4.20')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });
});
