import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/gs;

/**
 * A message with markup: in 'Call <1>911</1> first.' (or '<link>911</link>') the tag's text is rendered inside
 * `components[1]` (`components.link`), so a translation moves the link with the words around it. Only the tags in
 * `components` become elements; any other tag shows its text.
 */
export function Trans({ text, components }: { text: string; components: Record<string | number, ReactElement> }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const element = components[name];
    parts.push(
      isValidElement(element) ? (
        cloneElement(element as ReactElement<{ children?: ReactNode }>, { key: parts.length }, inner)
      ) : (
        <Fragment key={parts.length}>{inner}</Fragment>
      ),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
