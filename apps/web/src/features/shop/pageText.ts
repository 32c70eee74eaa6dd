/*
 * The small markup of the shop's pages (docs/decisions/shop-pages-markup.md), read into blocks that React
 * renders as text: a blank line ends a paragraph, "## " starts a heading, "- " an item of a list. Nothing in
 * the text is ever read as HTML, so the owner's page cannot carry a script or a tracking pixel.
 */

export type Block =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const HEADING = /^#{1,3}\s+/;
const ITEM = /^[-*•]\s+/;

export function pageBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      endParagraph();
    } else if (HEADING.test(line)) {
      endParagraph();
      blocks.push({ kind: 'heading', text: line.replace(HEADING, '') });
    } else if (ITEM.test(line)) {
      endParagraph();
      const item = line.replace(ITEM, '');
      const last = blocks.at(-1);
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}
