// Accessibility checks the WCAG 2.2 AA browser tests (a11y-*.e2e-spec.ts) run on the page as it is now: axe-core's
// A and AA rules, the target size of 2.5.8 and a visible focus indicator (2.4.7).
import fs from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's source, evaluated in the page through the DevTools protocol (the SPA's CSP allows no injected script tag). */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's rule tags for WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe's serious and critical violations of the WCAG A/AA rules on the page as it is now, one readable line per
 * element.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_AA_TAGS,
  );
  const serious = results.violations.filter((v: Result) => v.impact === 'serious' || v.impact === 'critical');
  return serious.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
  );
}

/**
 * WCAG 2.5.8 (target size, minimum): every visible pointer target (links, buttons, form controls, tabs, anything
 * focusable) is at least 24 by 24 CSS pixels, except a link inline in a sentence (its size is set by the line of
 * text around it). A checkbox or radio counts with its label (a click on the label activates it); a visually hidden
 * input counts as its label. Returns one line per undersized target.
 */
export async function smallTargets(page: Page, min = 24): Promise<string[]> {
  return page.evaluate((minimum) => {
    const SELECTOR = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="radio"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const describe = (el: Element): string => {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls}${name ? ` "${name}"` : ''}`;
    };
    const shown = (el: Element): boolean => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (typeof el.checkVisibility === 'function' && !el.checkVisibility({ opacityProperty: false, visibilityProperty: true })) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    // Visually hidden (the .visually-hidden pattern, or transparent over a styled label).
    const visuallyHidden = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width <= 1 || r.height <= 1 || style.opacity === '0' || style.clip === 'rect(0px, 0px, 0px, 0px)';
    };
    const blockAncestor = (el: Element): Element | null => {
      let node = el.parentElement;
      while (node && getComputedStyle(node).display.startsWith('inline')) node = node.parentElement;
      return node;
    };
    // A link (or button styled as one) inline in a sentence: inline display and other text in its block.
    const inSentence = (el: Element): boolean => {
      if (!getComputedStyle(el).display.startsWith('inline') || getComputedStyle(el).display === 'inline-block') return false;
      if (getComputedStyle(el).display === 'inline-flex') return false;
      const block = blockAncestor(el);
      if (!block) return false;
      const own = (el.textContent ?? '').replace(/\s+/g, '');
      const all = (block.textContent ?? '').replace(/\s+/g, '');
      return all.length > own.length;
    };
    const problems: string[] = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      let boxes: DOMRect[] = [];
      let target: Element = el;
      const input = el instanceof HTMLInputElement ? el : null;
      const labels = input?.labels ? Array.from(input.labels) : [];
      if (input && visuallyHidden(input) && shown(input.parentElement ?? input)) {
        // The visible target is its label.
        const label = labels.find(shown);
        if (!label) continue;
        target = label;
        boxes = [label.getBoundingClientRect()];
      } else {
        if (!shown(el)) continue;
        boxes = [el.getBoundingClientRect()];
        if (input && (input.type === 'checkbox' || input.type === 'radio')) boxes.push(...labels.filter(shown).map((l) => l.getBoundingClientRect()));
      }
      if (seen.has(target)) continue;
      seen.add(target);
      if (inSentence(target)) continue;
      const width = Math.max(...boxes.map((b) => b.width));
      const height = Math.max(...boxes.map((b) => b.height));
      if (width + 0.01 < minimum || height + 0.01 < minimum) {
        problems.push(`${describe(target)}: ${width.toFixed(1)}x${height.toFixed(1)} px`);
      }
    }
    return problems;
  }, min);
}

/** Every WCAG A/AA problem the tests look for on the page as it is now (axe, then target size), prefixed with where. */
export async function a11yProblems(page: Page, where: string): Promise<string[]> {
  const found = [...(await axeViolations(page)), ...(await smallTargets(page)).map((t) => `target-size (2.5.8) ${t}`)];
  return found.map((line) => `${where}: ${line}`);
}

/**
 * The focused element's focus indicator (2.4.7): an outline of at least 2 px or a box shadow on the element, or, for
 * a visually hidden input (a styled radio or switch), on its label or the element wrapping it. Returns a description
 * of the focused element and whether it shows one.
 */
export async function focusIndicator(page: Page): Promise<{ element: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { element: '(body)', visible: false };
    const marked = (node: Element | null): boolean => {
      if (!node) return false;
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return outline || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    const r = el.getBoundingClientRect();
    const hidden = r.width <= 1 || r.height <= 1 || getComputedStyle(el).opacity === '0';
    const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
    const visible = marked(el) || (hidden && (labels.some(marked) || marked(el.parentElement)));
    const label = el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? '') : '';
    const name = (el.getAttribute('aria-label') ?? ((el as HTMLElement).innerText || label)).replace(/\s+/g, ' ').trim().slice(0, 50);
    const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return { element: `${el.tagName.toLowerCase()}${type}${cls}${name ? ` "${name}"` : ''}`, visible };
  });
}

/**
 * What moves on the page by itself (WCAG 2.3.3): elements with a CSS animation or a transition longer than 0 s, and
 * Leaflet's zoom, fade and marker animations. One line per kind of element, with how many.
 */
export async function movingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (list: string) => Math.max(0, ...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v)) || 0));
    const found = new Map<string, number>();
    const add = (what: string) => found.set(what, (found.get(what) ?? 0) + 1);
    const label = (el: Element) => {
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
    };
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        if (s.animationName !== 'none' && seconds(s.animationDuration) > 0) add(`animation ${s.animationName} on ${label(el)}${pseudo ?? ''}`);
        if (seconds(s.transitionDuration) > 0) add(`transition (${s.transitionProperty}) on ${label(el)}${pseudo ?? ''}`);
      }
    }
    // Leaflet: the fading container, the zoom animation's proxy and zoom-animated markers (its vector renderer is
    // always marked zoom-animated, for its transform origin, and moves only under an animating map).
    const leaflet = '.leaflet-fade-anim, .leaflet-proxy, .leaflet-marker-icon.leaflet-zoom-animated, .leaflet-marker-shadow.leaflet-zoom-animated';
    for (const el of Array.from(document.querySelectorAll(leaflet))) add(`Leaflet animation ${label(el)}`);
    return [...found].map(([what, n]) => `${what} x${n}`);
  });
}

/**
 * WCAG 1.4.10 (reflow): at 320 CSS px wide the page scrolls in one direction only. Returns the elements that reach
 * past the viewport's right edge (the outermost ones), or [] when nothing makes the page scroll sideways.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width + 1) return [];
    // Inside a box that clips or scrolls (a map, a scrolling tab strip) and itself within the viewport: no page scroll.
    const contained = (el: Element): boolean => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible' && box.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 1 && getComputedStyle(el).position !== 'fixed' && !contained(el);
    });
    const outermost = wide.filter((el) => !wide.some((other) => other !== el && other.contains(el)));
    return outermost.slice(0, 5).map((el) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls} reaches ${Math.round(el.getBoundingClientRect().right)}px of ${width}px`;
    });
  });
}
