import { useEffect } from 'react';
import { useDocumentTitle } from '../../shared/use-document-title';

/** Sets the page title and the meta description; the previous description comes back on leaving. */
export function usePageMeta(title: string, description: string): void {
  useDocumentTitle(title);
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = tag === null;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.appendChild(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      if (!tag) return;
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [description]);
}
