// A deliberately strict, minimal XML 1.0 parser for checking junit.xml without an XML dependency: it rejects
// characters XML forbids, unknown entities, raw `<` or `&` where they may not appear, `]]>` in text,
// duplicate attributes and mismatched tags. It supports what junit.xml may contain and nothing more exotic.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: Array<XmlElement | string>;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

const isNameStart = (c: string) => /[A-Za-z_:]/.test(c);
const isNameChar = (c: string) => /[A-Za-z0-9_:.-]/.test(c);

export function parseXml(src: string): XmlElement {
  for (const ch of src) {
    const cp = ch.codePointAt(0)!;
    if (!isXmlChar(cp)) throw new Error(`character U+${cp.toString(16).toUpperCase()} is not allowed in XML 1.0`);
  }
  let i = 0;
  const fail = (msg: string): never => {
    throw new Error(`${msg} at offset ${i}: ${JSON.stringify(src.slice(i, i + 40))}`);
  };
  const skipSpace = () => {
    while (i < src.length && " \t\r\n".includes(src[i]!)) i++;
  };
  const name = (): string => {
    const start = i;
    if (!isNameStart(src[i] ?? "")) fail("expected a name");
    while (i < src.length && isNameChar(src[i]!)) i++;
    return src.slice(start, i);
  };
  const reference = (): string => {
    const end = src.indexOf(";", i);
    if (end === -1) fail("unterminated reference");
    const ref = src.slice(i + 1, end);
    i = end + 1;
    if (ref.startsWith("#x")) return charRef(Number.parseInt(ref.slice(2), 16), ref);
    if (ref.startsWith("#")) return charRef(Number.parseInt(ref.slice(1), 10), ref);
    const value = ENTITIES[ref];
    if (value === undefined) fail(`unknown entity &${ref};`);
    return value!;
  };
  const charRef = (cp: number, ref: string): string => {
    if (!Number.isFinite(cp) || !isXmlChar(cp)) fail(`character reference &${ref}; is not an XML character`);
    return String.fromCodePoint(cp);
  };
  const text = (stop: string): string => {
    let out = "";
    while (i < src.length && src[i] !== stop && !(stop === "<" && src[i] === "<")) {
      const c = src[i]!;
      if (c === "&") out += reference();
      else if (c === "<") fail("raw < in an attribute value");
      else if (stop === "<" && src.startsWith("]]>", i)) fail("]]> in text");
      else {
        out += c;
        i++;
      }
    }
    return out;
  };
  const element = (): XmlElement => {
    if (src[i] !== "<") fail("expected <");
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [] };
    for (;;) {
      const hadSpace = " \t\r\n".includes(src[i] ?? "");
      skipSpace();
      if (src.startsWith("/>", i)) {
        i += 2;
        return el;
      }
      if (src[i] === ">") {
        i++;
        break;
      }
      if (!hadSpace) fail("expected whitespace before an attribute");
      const attr = name();
      skipSpace();
      if (src[i] !== "=") fail("expected =");
      i++;
      skipSpace();
      const quote = src[i];
      if (quote !== '"' && quote !== "'") fail("expected a quoted attribute value");
      i++;
      const value = text(quote!);
      if (src[i] !== quote) fail("unterminated attribute value");
      i++;
      if (attr in el.attrs) fail(`duplicate attribute ${attr}`);
      el.attrs[attr] = value;
    }
    for (;;) {
      if (i >= src.length) fail(`unclosed <${el.name}>`);
      if (src.startsWith("</", i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (src[i] !== ">") fail("expected >");
        i++;
        return el;
      }
      if (src.startsWith("<!--", i)) {
        const end = src.indexOf("-->", i);
        if (end === -1) fail("unterminated comment");
        i = end + 3;
      } else if (src.startsWith("<![CDATA[", i)) {
        const end = src.indexOf("]]>", i);
        if (end === -1) fail("unterminated CDATA");
        el.children.push(src.slice(i + 9, end));
        i = end + 3;
      } else if (src[i] === "<") {
        el.children.push(element());
      } else {
        el.children.push(text("<"));
      }
    }
  };
  if (src.startsWith("<?xml")) {
    const end = src.indexOf("?>");
    if (end === -1) fail("unterminated XML declaration");
    i = end + 2;
  }
  // Misc before the root: white space and comments (a comment may not contain "--").
  const skipMisc = () => {
    for (skipSpace(); src.startsWith("<!--", i); skipSpace()) {
      const end = src.indexOf("-->", i + 4);
      if (end === -1) fail("unterminated comment");
      if (src.slice(i + 4, end).includes("--")) fail('"--" inside a comment');
      i = end + 3;
    }
  };
  skipMisc();
  const root = element();
  skipSpace();
  if (i !== src.length) fail("content after the root element");
  return root;
}

export function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== "string" && c.name === name);
}

export function textOf(el: XmlElement): string {
  return el.children.map((c) => (typeof c === "string" ? c : textOf(c))).join("");
}
