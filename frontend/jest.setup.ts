import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { resetLanguage } from './src/shared/i18n/i18n';
import './src/test/catalogues';

// findBy*/waitFor wait up to 5 s, not 1: a page's first lazy import compiles its module graph, which on a loaded
// 2-core CI machine took more than a second (route-guard-outlet.spec: still 'Loading page...' after 1 s). A test
// that expects something absent still says so at once with queryBy*; only a wait for what must come is longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // jsdom's navigator says en-US: every test starts in English (the spec's texts) unless it switches. Unmounted
  // first, so that the switch back is no update of a rendered tree.
  cleanup();
  resetLanguage();
  window.localStorage.clear();
});
