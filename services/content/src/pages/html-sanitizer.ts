import sanitizeHtml from 'sanitize-html';

/**
 * The HTML admins may store on a page: text formatting, headings, lists, tables, links (http, https, mailto,
 * tel, relative) and images (http, https, relative). No script/style/iframe/object, no event handler
 * attributes, no javascript: or data: URLs, no inline styles. Applied on save, so no page carries stored XSS.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'span'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    '*': ['class', 'id'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

export function sanitizeAdminHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
