import { setLanguage } from '../../shared/i18n/i18n';
import { pageDefaultsMessages } from '../../shared/i18n/locales/en/content';
import {
  builtInAbout,
  builtInCareers,
  builtInPrivacyHtml,
  builtInTermsHtml,
  DEFAULT_ABOUT,
  DEFAULT_CAREERS,
  DEFAULT_CONTACT,
  DEFAULT_PRIVACY_HTML,
  DEFAULT_TERMS_HTML,
  resolveAbout,
  resolveCareers,
  resolveContact,
  resolvePrivacy,
  resolveTerms,
  telHref,
} from './page-defaults';

describe('public page fallbacks', () => {
  it('uses the built-in texts when the server answers empty values or nothing', () => {
    expect(resolveAbout({ headerText: '', infoText: '  ' })).toEqual({ headerText: DEFAULT_ABOUT.headerText, infoHtml: DEFAULT_ABOUT.infoHtml });
    expect(resolveAbout(undefined).headerText).toBe(DEFAULT_ABOUT.headerText);
    expect(resolveContact({ email: '', phone: '', address: '' })).toEqual(DEFAULT_CONTACT);
    expect(resolvePrivacy({ text: '' })).toBe(DEFAULT_PRIVACY_HTML);
    expect(resolveTerms({ content: '' })).toBe(DEFAULT_TERMS_HTML);
  });

  it("keeps the server's values when it has them", () => {
    expect(resolveAbout({ headerText: 'Our story', infoText: '<p>Hi</p>' })).toEqual({ headerText: 'Our story', infoHtml: '<p>Hi</p>' });
    expect(resolveContact({ email: 'a@b.example', phone: '', address: 'Here' })).toEqual({ email: 'a@b.example', phone: DEFAULT_CONTACT.phone, address: 'Here' });
    expect(resolveTerms({ content: '<p>T</p>' })).toBe('<p>T</p>');
  });

  it('lists the careers positions only when the array is non-empty, else the three built-in ones', () => {
    expect(resolveCareers({ introText: '', positions: [] })).toEqual(DEFAULT_CAREERS);
    expect(DEFAULT_CAREERS.positions).toHaveLength(3);
    const own = [{ title: 'Mechanic', location: 'Austin' }];
    expect(resolveCareers({ introText: 'Join us', positions: own })).toEqual({ introText: 'Join us', positions: own });
  });

  it('builds the built-in texts from the catalogue: the English ones exactly, and translated in Spanish', () => {
    expect(builtInAbout(pageDefaultsMessages.get())).toEqual(DEFAULT_ABOUT);
    expect(builtInCareers(pageDefaultsMessages.get())).toEqual(DEFAULT_CAREERS);
    expect(builtInPrivacyHtml(pageDefaultsMessages.get())).toBe(DEFAULT_PRIVACY_HTML);
    expect(builtInTermsHtml(pageDefaultsMessages.get())).toBe(DEFAULT_TERMS_HTML);
    setLanguage('es');
    const es = pageDefaultsMessages.get();
    expect(resolveAbout({ headerText: '', infoText: '' }, builtInAbout(es)).headerText).toBe('Acerca de TireDash');
    expect(resolveCareers(undefined, builtInCareers(es)).positions[0]).toEqual({ title: 'Ingeniero/a de software sénior', location: 'En remoto' });
    expect(resolvePrivacy({ text: '' }, builtInPrivacyHtml(es))).toMatch(/^<h2>Información que recopilamos<\/h2><p>Recopilamos /);
    expect(resolveTerms({ content: '<p>T</p>' }, builtInTermsHtml(es))).toBe('<p>T</p>');
  });

  it('makes tel: links from displayed numbers', () => {
    expect(telHref('(555) 010-0100')).toBe('tel:5550100100');
    expect(telHref('+1 555 010 0100')).toBe('tel:+15550100100');
  });
});
