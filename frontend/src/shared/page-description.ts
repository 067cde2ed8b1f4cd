import { PRODUCT_NAME } from '@tiredash/contracts';
import { useEffect } from 'react';
import { metaMessages } from './i18n/locales/en/common';

// The page's meta description (search results, link previews, some screen readers' page summary). The public pages
// set their own (usePageDescription); every other screen shows the default, in the UI language: index.html's
// English text until the app starts, then the catalogue's (common/meta).

/** How many mounted pages set their own description (0 or 1; 2 for a moment under StrictMode). */
let owners = 0;

function descriptionTag(doc: Document): HTMLMetaElement {
  let tag = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = 'description';
    doc.head.appendChild(tag);
  }
  return tag;
}

/** The default description in the UI language. */
export function defaultDescription(): string {
  return metaMessages.get().description({ product: PRODUCT_NAME });
}

/** Keeps the default description in the UI language whenever no page sets its own (main.tsx). */
export function syncDefaultDescription(doc: Document = document): () => void {
  return metaMessages.subscribe(() => {
    if (owners === 0) descriptionTag(doc).content = defaultDescription();
  });
}

/** Sets the page's own description while it is mounted; the default (in the UI language) comes back on leaving. */
export function usePageDescription(description: string): void {
  useEffect(() => {
    owners += 1;
    descriptionTag(document).content = description;
    return () => {
      owners -= 1;
      if (owners === 0) descriptionTag(document).content = defaultDescription();
    };
  }, [description]);
}
