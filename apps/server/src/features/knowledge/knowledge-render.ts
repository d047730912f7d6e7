import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** Markdown as GitHub writes it (tables, strikethrough); raw HTML in it goes through the sanitizer. */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * Where an article's images may come from: our stored photos, the web app's own knowledge
 * images, or an http(s) address (which the CSP, allowing only the app's own origin, still
 * keeps from loading in the browser). Never `data:`, `javascript:` or protocol-relative.
 */
const IMAGE_SRC = /^(?:https?:\/\/[^\s"'<>]+|\/(?:api\/files|knowledge)\/[A-Za-z0-9._\-/]+)$/;
/** Links: http(s), mailto, or a path inside the app (not `//host`). */
const LINK_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'sup',
    'sub',
    'code',
    'pre',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading', 'decoding'],
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page's own title is the only h1: an article's headings start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (!LINK_HREF.test(href)) {
        const { href: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      const external = !href.startsWith('/');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // An image whose address is not one we allow is dropped whole (its alt text would say nothing).
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SRC.test(frame.attribs.src ?? ''),
};

/** An article's body as HTML that cannot run script: Markdown rendered, then an allow-list applied. */
export function renderArticleHtml(source: string): string {
  const raw = markdown.parse(source) as string;
  return sanitizeHtml(raw, options).trim();
}

/** The body's words without markup, for the keyword search. */
export function articlePlainText(html: string): string {
  const spaced = html.replace(/<\/(?:p|li|h\d|td|th|tr|blockquote|pre)>|<br\s*\/?>/g, ' $&');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A summary when the author gave none: the start of the text, cut at a word or sentence. */
export function summaryFrom(text: string, max = 120): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}
