const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to write into HTML or XML, as an element's text or a quoted attribute's value. */
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
