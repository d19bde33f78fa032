import { createElement, type ReactNode } from 'react';

const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'li',
  'ol', 'p', 'section', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'u', 'ul',
]);
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);
const VOID_TAGS = new Set(['br', 'hr']);

function safeHref(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, window.location.origin);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, i) => convert(child, `${key}.${i}`));
  // Unknown elements are unwrapped: their text stays, the element and its attributes go.
  if (!ALLOWED_TAGS.has(tag)) return createElement('span', { key }, ...children);
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/**
 * Renders server-provided HTML (e.g. the EULA) as React elements from an allow-list:
 * no attributes but safe links, no scripts, no styles, never innerHTML.
 */
export function renderSafeHtml(html: string): ReactNode {
  // Event-handler attributes are dropped before parsing: Chrome reports each one as a CSP
  // violation even in an inert document. The allow-list walk below is what makes the output safe.
  const withoutHandlers = html.replace(/<[^>]*>/g, (tag) => tag.replace(/\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, ''));
  const doc = new DOMParser().parseFromString(withoutHandlers, 'text/html');
  return Array.from(doc.body.childNodes, (child, i) => convert(child, String(i)));
}
