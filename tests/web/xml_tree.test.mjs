// The page's XML reader (web/src/open/xml_tree.js): a DOM (here @xmldom/xmldom's, the
// browser's DOMParser in the page) turned into the core's XML tree, with each element's
// start-tag line counted in the source as tinyxml2 counts it natively.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DOMParser as XmldomParser } from '@xmldom/xmldom';
import { startTagLines, withoutXmlDeclaration, xmlTreeJson, xmlTreeOf } from '../../web/src/open/xml_tree.js';

// The parser as the page's code constructs it (no arguments), its messages kept off the
// test's output: malformed input is what the tests feed it.
class DOMParser extends XmldomParser {
  constructor() {
    super({ onError: () => {} });
  }
}

test('start-tag lines skip comments, CDATA, processing instructions and the DOCTYPE', () => {
  const text = [
    '<?xml version="1.0"?>', // 1
    '<!DOCTYPE robot [ <!ENTITY x "1"> ]>', // 2
    '<robot name="r">', // 3
    '  <!-- <link name="commented"> -->', // 4
    '  <link name="a"><visual/>', // 5
    '  </link>', // 6
    '  <![CDATA[ <not an="element"> ]]>', // 7
    '  <joint', // 8
    '     name="j" type="fixed"><parent link="a"/></joint>', // 9
    '</robot>',
  ].join('\n');
  assert.deepEqual(startTagLines(text), [3, 5, 5, 8, 9]);
});

test('a DOM becomes the tree: names, attributes in order, own text and CDATA, lines, children in order', () => {
  const text = '<robot name="r" xmlns:xacro="http://x">\n<link name="a" b="2">t1<![CDATA[<c>]]>t2<inertial/>t3</link>\n<gazebo/>\n</robot>';
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const tree = xmlTreeOf(document.documentElement, startTagLines(text));
  assert.deepEqual(tree, {
    name: 'robot',
    line: 1,
    attributes: [
      ['name', 'r'],
      ['xmlns:xacro', 'http://x'],
    ],
    text: '', // the indentation between elements is not kept (tinyxml2 does not keep it)
    children: [
      {
        name: 'link',
        line: 2,
        attributes: [
          ['name', 'a'],
          ['b', '2'],
        ],
        text: 't1<c>t2t3',
        children: [{ name: 'inertial', line: 2, attributes: [], text: '', children: [] }],
      },
      { name: 'gazebo', line: 3, attributes: [], text: '', children: [] },
    ],
  });
});

test('DOM-like objects (nodeType, nodeName, attributes, childNodes) are read the same, deep ones too', () => {
  const element = (name, children = [], attributes = []) => ({
    nodeType: 1,
    nodeName: name,
    attributes: attributes.map(([n, v]) => ({ name: n, value: v })),
    childNodes: children,
  });
  const text = (value) => ({ nodeType: 3, nodeValue: value });
  const comment = { nodeType: 8, nodeValue: 'ignored' };
  let deep = element('leaf');
  for (let depth = 0; depth < 5000; depth += 1) deep = element('node', [deep]);
  const tree = xmlTreeOf(element('COLLADA', [comment, text('a'), deep, text('b')], [['version', '1.4.1']]));
  assert.equal(tree.text, 'ab');
  assert.deepEqual(tree.attributes, [['version', '1.4.1']]);
  let levels = 0;
  for (let node = tree.children[0]; node.children.length > 0; node = node.children[0]) levels += 1;
  assert.equal(levels, 5000);
  assert.equal(tree.line, 0); // no source text: lines unknown
});

test('malformed XML is an error naming its line, as JSON the import module reads', () => {
  const read = JSON.parse(xmlTreeJson('<robot>\n<link name="a">\n</robot>', DOMParser));
  assert.equal(read.error, 'line 2: malformed XML (Opening and ending tag mismatch: "link" != "robot")');
  const good = JSON.parse(xmlTreeJson('<robot name="x"/>', DOMParser));
  assert.deepEqual(good, { name: 'robot', line: 1, attributes: [['name', 'x']], text: '', children: [] });
});

test('an XML declaration DOMParser would refuse is left out, and lines count as before', () => {
  const text = '<?xml version="0.0" ?>\n<robot name="cube">\n  <link name="base"/>\n</robot>\n';
  assert.equal(withoutXmlDeclaration(text), '\n<robot name="cube">\n  <link name="base"/>\n</robot>\n');
  const tree = JSON.parse(xmlTreeJson(text, DOMParser));
  assert.equal(tree.error, undefined);
  assert.deepEqual([tree.name, tree.line, tree.children[0].name, tree.children[0].line], ['robot', 2, 'link', 3]);
  // Only a declaration at the start, and not a processing instruction named otherwise.
  assert.equal(withoutXmlDeclaration('<?xml-stylesheet href="a"?><r/>'), '<?xml-stylesheet href="a"?><r/>');
  assert.equal(withoutXmlDeclaration('<r/><?xml version="1.0"?>'), '<r/><?xml version="1.0"?>');
});
