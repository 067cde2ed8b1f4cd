import { useEffect } from 'react';
import { PRODUCT_NAME } from '@tiredash/contracts';

export function documentTitle(title: string | null): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the browser tab title for the current page. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
