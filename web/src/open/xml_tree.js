// XML read by a DOMParser (the browser's; in node tests any DOM-like one) into the
// plain tree the core's URDF and COLLADA readers take, as JSON
// (core/import/xml_tree_json.h): {name, line, attributes: [[name, value]], text,
// children}. Lines are those of the start tags, counted in the source text, as
// tinyxml2 gives them natively, so an error names the same line in the page and on the
// command line. Nothing of the document is run or shown as HTML: it is read as data.
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const WHITESPACE_ONLY = /^[ \t\n\r]*$/;

// The line (from 1) of every start tag in document order: each "<" that opens an
// element, skipping comments, CDATA sections, processing instructions and the DOCTYPE
// (a "<" cannot appear unescaped anywhere else in well-formed XML).
export function startTagLines(text) {
  const lines = [];
  let line = 1;
  let at = 0;
  const advanceTo = (end) => {
    for (let i = at; i < end; i += 1) if (text.charCodeAt(i) === 10) line += 1;
    at = end;
  };
  for (;;) {
    const open = text.indexOf('<', at);
    if (open < 0) break;
    advanceTo(open);
    let close = '';
    if (text.startsWith('<!--', open)) close = '-->';
    else if (text.startsWith('<![CDATA[', open)) close = ']]>';
    else if (text.startsWith('<?', open)) close = '?>';
    else if (text.startsWith('<!', open)) close = '>';
    if (close) {
      const end = text.indexOf(close, open);
      advanceTo(end < 0 ? text.length : end + close.length);
      continue;
    }
    if (/[A-Za-z_:\u00C0-\uFFFF]/.test(text[open + 1] ?? '')) lines.push(line);
    at = open + 1;
  }
  return lines;
}

// A DOM element (nodeType, nodeName, attributes, childNodes) => the tree's plain
// object; `lines` from startTagLines, in document order. An element's text is its own
// text and CDATA children joined, without those that are only whitespace.
export function xmlTreeOf(rootElement, lines = []) {
  let index = 0;
  let root = null;
  // Depth first in document order (each element before its children, children in
  // order), without recursion: documents may be deep.
  const pending = [[rootElement, null]];
  while (pending.length > 0) {
    const [element, parent] = pending.pop();
    const node = {
      name: element.nodeName,
      line: lines[index] ?? 0,
      attributes: Array.from(element.attributes ?? [], (attribute) => [attribute.name, attribute.value]),
      text: '',
      children: [],
    };
    index += 1;
    if (parent) parent.children.push(node);
    else root = node;
    const childElements = [];
    for (const child of Array.from(element.childNodes ?? [])) {
      if (child.nodeType === CDATA) node.text += child.nodeValue ?? '';
      // Text that is only whitespace (the indentation between elements) is left out, as
      // tinyxml2 leaves it out.
      else if (child.nodeType === TEXT && !WHITESPACE_ONLY.test(child.nodeValue ?? '')) node.text += child.nodeValue;
      else if (child.nodeType === ELEMENT) childElements.push(child);
    }
    for (let i = childElements.length - 1; i >= 0; i -= 1) pending.push([childElements[i], node]);
  }
  return root;
}

// The XML declaration at the start ("<?xml version=... ?>") is left out before parsing,
// its newlines kept so that lines count as before. It only says the version and the
// encoding, and the text is already decoded; DOMParser refuses versions other than 1.x
// that real robot files declare and tinyxml2 reads (PyBullet's cube_small.urdf says
// version="0.0").
const DECLARATION = /^\uFEFF?[ \t\r\n]*<\?xml[ \t\r\n][\s\S]*?\?>/;

export function withoutXmlDeclaration(text) {
  return text.replace(DECLARATION, (declaration) => declaration.replace(/[^\n]/g, ''));
}

// XML text => the tree's JSON text, or {"error": "line N: malformed XML (...)"} as JSON
// text, the form the import module's parseXml returns (wasm/import/page_robot_source.h).
// `Parser`: the DOMParser class (the browser's, or a DOM-like one in node).
export function xmlTreeJson(text, Parser) {
  let document;
  try {
    document = new Parser().parseFromString(withoutXmlDeclaration(text), 'application/xml');
  } catch (error) {
    return JSON.stringify({ error: `line ${lineOfError(error)}: malformed XML (${firstLine(error.message ?? error)})` });
  }
  const failure = document.getElementsByTagName('parsererror')[0];
  const root = document.documentElement;
  if (failure || !root) {
    const message = failure ? failure.textContent : 'no root element';
    return JSON.stringify({ error: `line ${lineOfError({ message })}: malformed XML (${firstLine(message)})` });
  }
  return JSON.stringify(xmlTreeOf(root, startTagLines(text)));
}

function firstLine(message) {
  return String(message).trim().split('\n')[0].slice(0, 200);
}

// The line a parser's error gives (a locator's, or its message's "error on line 3 at
// column 5"), or 0.
function lineOfError(error) {
  if (Number.isInteger(error.locator?.lineNumber)) return error.locator.lineNumber;
  const found = /line[^0-9]{0,3}(\d+)/i.exec(String(error.message ?? error));
  return found ? Number(found[1]) : 0;
}
