// Escaping for the XML and HTML the summary writes (no library inside a k6 bundle).
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
