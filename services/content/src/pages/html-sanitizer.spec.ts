import { sanitizeAdminHtml } from './html-sanitizer';

describe('sanitizeAdminHtml', () => {
  it('drops script elements with their content and every event handler attribute', () => {
    const out = sanitizeAdminHtml('<p onclick="steal()">Hi<script>alert(1)</script></p><img src="https://x.test/a.png" onerror="alert(2)">');
    expect(out).toBe('<p>Hi</p><img src="https://x.test/a.png" />');
  });
  it('drops javascript: and data: URLs but keeps ordinary links', () => {
    expect(sanitizeAdminHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeAdminHtml('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeAdminHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('<img />');
    expect(sanitizeAdminHtml('<a href="https://tiredash.test/help" target="_blank">help</a>')).toBe(
      '<a href="https://tiredash.test/help" target="_blank" rel="noopener noreferrer">help</a>',
    );
    expect(sanitizeAdminHtml('<a href="mailto:help@tiredash.test">mail</a>')).toBe('<a href="mailto:help@tiredash.test">mail</a>');
  });
  it('drops style, iframe and svg and keeps formatting', () => {
    expect(sanitizeAdminHtml('<h2>Terms</h2><style>body{}</style><iframe src="https://evil.test"></iframe><ul><li><strong>One</strong></li></ul>')).toBe(
      '<h2>Terms</h2><ul><li><strong>One</strong></li></ul>',
    );
    expect(sanitizeAdminHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });
});
