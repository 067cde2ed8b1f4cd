/**
 * Whether the user asked the system for less motion (prefers-reduced-motion: reduce, WCAG 2.3.3). The stylesheet
 * turns CSS animations and transitions off by itself; scripts that animate (Leaflet's zoom, fade and pans) ask here.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
