import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';
import { resetLanguage } from './src/shared/i18n/i18n';
import './src/test/catalogues';

afterEach(() => {
  // jsdom's navigator says en-US: every test starts in English (the spec's texts) unless it switches. Unmounted
  // first, so that the switch back is no update of a rendered tree.
  cleanup();
  resetLanguage();
  window.localStorage.clear();
});
