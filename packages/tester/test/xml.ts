/**
 * A strict, small XML reader for the tests: enough of XML 1.0 to prove a JUnit report is well-formed
 * (one root, balanced tags, quoted attributes, only known entities, no stray "<" or "&") and to walk it.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;

function decode(raw: string, where: string): string {
  if (raw.includes("<")) throw new Error(`raw "<" in ${where}`);
  if (raw.replace(ENTITY, "").includes("&")) throw new Error(`bare "&" in ${where}`);
  return raw.replace(ENTITY, (_, entity: string) => {
    if (entity === "amp") return "&";
    if (entity === "lt") return "<";
    if (entity === "gt") return ">";
    if (entity === "quot") return '"';
    if (entity === "apos") return "'";
    const code = entity.startsWith("#x") ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return String.fromCodePoint(code);
  });
}

export function parseXml(source: string): XmlElement {
  let text = source;
  if (text.startsWith("<?xml")) {
    const end = text.indexOf("?>");
    if (end === -1) throw new Error("unterminated XML declaration");
    text = text.slice(end + 2);
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const tag = /^<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*\s*=\s*"[^"]*")*)\s*(\/?)>/;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = lt === -1 ? text.slice(i) : text.slice(i, lt);
    const current = stack.at(-1);
    if (current === undefined) {
      if (chunk.trim() !== "") throw new Error("text outside the root element");
    } else {
      current.text += decode(chunk, `<${current.name}>`);
    }
    if (lt === -1) break;
    const match = tag.exec(text.slice(lt));
    if (match === null) throw new Error(`malformed tag at offset ${lt}: ${text.slice(lt, lt + 40)}`);
    const [whole, closing, name = "", attrText = "", selfClosing] = match;
    if (closing === "/") {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? "nothing"}>`);
    } else {
      if (root !== undefined && stack.length === 0) throw new Error("more than one root element");
      const attributes: Record<string, string> = {};
      for (const attr of attrText.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*"([^"]*)"/g)) {
        const key = attr[1] ?? "";
        if (key in attributes) throw new Error(`duplicate attribute ${key} on <${name}>`);
        attributes[key] = decode(attr[2] ?? "", `attribute ${key}`);
      }
      const element: XmlElement = { name, attributes, children: [], text: "" };
      stack.at(-1)?.children.push(element);
      if (stack.length === 0) root = element;
      if (selfClosing !== "/") stack.push(element);
    }
    i = lt + whole.length;
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)?.name}> is never closed`);
  if (root === undefined) throw new Error("no root element");
  return root;
}

export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [
    ...(child.name === name ? [child] : []),
    ...descendants(child, name),
  ]);
}
