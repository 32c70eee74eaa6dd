import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { SaxesParser } from 'saxes';

type HtmlElement = DefaultTreeAdapterTypes.Element;

function htmlElements(node: DefaultTreeAdapterTypes.ParentNode): HtmlElement[] {
  return node.childNodes.flatMap((child) => {
    if (!('tagName' in child)) return [];
    const inside = child.tagName === 'template' ? [] : htmlElements(child);
    return [child, ...inside];
  });
}

const attribute = (element: HtmlElement, name: string) => element.attrs.find((a) => a.name === name)?.value;

const textOf = (element: HtmlElement) =>
  element.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : '')).join('');

/**
 * A page as a browser reads it (parse5 is the HTML parser jsdom uses): what its <html> and <head> say.
 * Escaping mistakes show here as they would in a browser: an element too many, a text cut short.
 */
export function readPage(html: string) {
  const elements = htmlElements(parse(html));
  const root = elements.find((e) => e.tagName === 'html');
  const head = elements.filter((e) => e.parentNode?.nodeName === 'head');
  const scripts = elements.filter((e) => e.tagName === 'script');
  return {
    lang: root && attribute(root, 'lang'),
    dir: root && attribute(root, 'dir'),
    titles: elements.filter((e) => e.tagName === 'title').map(textOf),
    /** The content of the <meta> with this name or property; undefined when there is none, an error when two. */
    meta(key: string): string | undefined {
      const found = head.filter(
        (e) => e.tagName === 'meta' && (attribute(e, 'name') ?? attribute(e, 'property')) === key,
      );
      if (found.length > 1) throw new Error(`${found.length} <meta> named ${key}`);
      return found[0] && attribute(found[0], 'content');
    },
    links: head
      .filter((e) => e.tagName === 'link')
      .map((e) => Object.fromEntries(e.attrs.map(({ name, value }) => [name, value]))),
    /** The JSON-LD things, parsed. */
    things: scripts
      .filter((e) => attribute(e, 'type') === 'application/ld+json')
      .map((e) => JSON.parse(textOf(e)) as unknown),
    /** Every script element: the app's own and the JSON-LD, nothing a text smuggled in. */
    scriptCount: scripts.length,
    hasRoot: elements.some((e) => attribute(e, 'id') === 'root'),
  };
}

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/**
 * An XML document parsed strictly, namespaces included: saxes throws on anything not well-formed (an
 * unescaped '&', a tag left open, an unbound prefix).
 */
export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([name, a]) => [name, a.value])),
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}
